import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * One row counting the transactions that changed `series` or `series_details`, whoever wrote (the API,
 * another instance, a script, SQL by hand): the catalogue's freshness check reads it instead of scanning
 * both tables (api/catalogue/catalogue-load.ts). It is bumped once per writing transaction as that
 * transaction commits (migration 0016), after every other lock the transaction took, so the bump never
 * makes two writers wait for each other in opposite orders.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id} = 1`)],
);

/**
 * A writing transaction's mark, inserted by its first statement that changes the catalogue and counted
 * (then deleted) by a deferred trigger when it commits: one row per transaction in flight, none at rest.
 */
export const catalogueChangeMarks = pgTable('catalogue_change_marks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
});
