import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { issueStatusEnum, issueTypeEnum } from './enums';

export const issueReports = pgTable(
  'issue_reports',
  {
    id: serial('id').primaryKey(),
    type: issueTypeEnum('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: issueStatusEnum('status').notNull().default('OPEN'),
    pageUrl: text('page_url'),
    /** Reporter's contact address; shown to admins only. */
    email: text('email'),
    screenshotKey: text('screenshot_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('issue_reports_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('issue_reports_status_idx').on(t.status),
  ],
);

export type IssueReport = typeof issueReports.$inferSelect;
