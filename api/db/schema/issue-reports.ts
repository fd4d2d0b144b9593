import { sql, type SQL } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { issueStatusEnum, issueTypeEnum } from './enums';
import { users } from './users';

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
    /**
     * The signed-in user who reported it (a bearer token came with the report), told when its status
     * changes; never shown to anyone. null for anonymous reports and once the account is deleted.
     */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Title and description lower-cased, searched by substring and indexed with trigrams. Stored: computing
     * it per row at query time costs more than the scan itself.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${issueReports.title} || ' ' || ${issueReports.description})`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('issue_reports_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('issue_reports_status_idx').on(t.status),
    index('issue_reports_reporter_idx').on(t.reporterId),
    index('issue_reports_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Every status change of a report, so the tracker can show its history and when it moved. */
export const issueStatusChanges = pgTable(
  'issue_status_changes',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issueReports.id, { onDelete: 'cascade' }),
    fromStatus: issueStatusEnum('from_status').notNull(),
    toStatus: issueStatusEnum('to_status').notNull(),
    /** The admin who changed it; kept for the record, never shown publicly. */
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('issue_status_changes_issue_idx').on(t.issueId, t.changedAt, t.id)],
);

export type IssueReport = typeof issueReports.$inferSelect;
export type IssueStatusChangeRow = typeof issueStatusChanges.$inferSelect;
