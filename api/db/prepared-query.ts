import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { escapeLiteral } from 'pg';
import type { DatabaseHandle } from './client';
import { queryRows } from './query-rows';

const dialect = new PgDialect();

/** Distinct statement texts prepared per engine at most; any further text runs unprepared. */
const MAX_PREPARED = 64;

/** Per embedded engine: the statement name of each prepared text (a promise, so concurrent first runs share one PREPARE). */
const preparedByEngine = new WeakMap<PGlite, Map<string, Promise<string>>>();

/**
 * As `queryRows`, with the statement parsed and planned once per distinct text on the embedded engine
 * (SQL `PREPARE`, then `EXECUTE`) instead of on every run. For the hottest writes, whose text takes few
 * forms: the embedded engine runs in the API's process, so its parse, analysis and planning (about two
 * thirds of a vote's statement) take the event loop from every reader. PostgreSQL runs it as it is, in
 * its own processes.
 *
 * `EXECUTE` takes its arguments as SQL, not as bind parameters: they are written as literals, numbers as
 * such and strings quoted by node-postgres' `escapeLiteral`; anything else is refused.
 */
export async function queryRowsPrepared<Row>(
  database: Pick<DatabaseHandle, 'db' | 'pglite'>,
  query: SQL,
): Promise<Row[]> {
  const { pglite } = database;
  if (!pglite) return queryRows<Row>(database.db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = await preparedName(pglite, text);
  if (!name) return queryRows<Row>(database.db, query);
  const [result] = await pglite.exec(`execute ${name}(${params.map(sqlLiteral).join(', ')})`);
  return (result?.rows ?? []) as Row[];
}

function preparedName(pglite: PGlite, text: string): Promise<string> | undefined {
  let prepared = preparedByEngine.get(pglite);
  if (!prepared) preparedByEngine.set(pglite, (prepared = new Map()));
  const known = prepared.get(text);
  if (known) return known;
  if (prepared.size >= MAX_PREPARED) return undefined;
  const name = `panelrank_prepared_${prepared.size + 1}`;
  const preparing = pglite.exec(`prepare ${name} as ${text}`).then(() => name);
  prepared.set(text, preparing);
  // A failed PREPARE is not remembered: the next run tries again (and reports the error itself).
  preparing.catch(() => prepared.delete(text));
  return preparing;
}

function sqlLiteral(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return escapeLiteral(value);
  if (typeof value === 'boolean') return String(value);
  throw new TypeError(
    `a prepared statement's argument must be a number, string, boolean or null, not ${typeof value}`,
  );
}
