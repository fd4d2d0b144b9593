import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who runs a scheduled job now, across every instance on the database: a row per job, taken by an
 * instance only while the holder's lease has expired (api/plugins/scheduled-jobs.ts). After a run the holder keeps
 * it for a quiet period, so instances waking just after skip. An instance that dies mid-run leaves its
 * lease to expire, and the next wake-up anywhere takes it over.
 */
export const scheduledJobLeases = pgTable('scheduled_job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
