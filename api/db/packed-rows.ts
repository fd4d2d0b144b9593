import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Reading many rows as one JSON text. The embedded engine's cost is per result row and per value its wire
 * protocol decodes, so a page of thousands of rows comes back faster as one JSON array of arrays (figures in
 * docs/performance.md), in the order of the column `orderKey`. Values come back as JSON has them, so
 * only numbers, text, booleans, nulls and arrays of them belong here (a timestamp would come back as text).
 */
export function packedRowsSql(
  columns: Record<string, SQLWrapper>,
  fromWhere: SQL,
  orderKey: string,
): SQL<string | null> {
  const names = Object.keys(columns);
  const picked = sql`select ${sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  )} ${fromWhere}`;
  return sql<string | null>`(select json_agg(json_build_array(${sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  )}) order by ${sql.identifier(orderKey)})::text from (${picked}) as picked)`;
}

/** The rows of packedRowsSql's text, each an array of its values in the columns' order. */
export function unpackTuples(packed: string | null): unknown[][] {
  return JSON.parse(packed ?? '[]') as unknown[][];
}

/** A record of `keys` from a tuple's values, starting at `offset`. */
export function recordOf<Row>(keys: readonly string[], tuple: unknown[], offset = 0): Row {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < keys.length; index += 1) row[keys[index]!] = tuple[offset + index];
  return row as Row;
}
