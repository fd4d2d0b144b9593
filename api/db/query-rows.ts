import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Runs raw SQL and returns its rows, typed by the caller. `Database` is driver-agnostic, so the result of
 * `execute` is opaque to TypeScript; both drivers (node-postgres and PGlite) put the rows in `rows`.
 */
export async function queryRows<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The number of rows an INSERT, UPDATE or DELETE touched (node-postgres `rowCount`, PGlite `affectedRows`). */
export async function executeCounting(db: Pick<Database, 'execute'>, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}
