import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * One row counting the statements that changed `series` or `series_details`, kept by statement-level
 * triggers (migration 0015) whoever writes: the API, another instance, an admin script or SQL by hand. The
 * catalogue compares it with the count its snapshot was loaded at (api/catalogue/catalogue-load.ts), a
 * one-row read instead of a scan of both tables. The count is bumped inside the writing transaction, so a
 * reader sees it change exactly when it sees the rows change, never before the commit.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalogue_version_one_row', sql`${t.id} = 1`)],
);
