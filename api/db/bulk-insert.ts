import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client';

/** Element types that both PGlite and node-postgres send as array parameters. */
type ArrayType = 'int4' | 'int2' | 'float8' | 'text';

export interface BulkColumn {
  /** Column name in the table. */
  name: string;
  type: ArrayType;
  /**
   * A type to cast each element to after unnesting, e.g. an enum such as `series_type`, or `int4[]` for
   * an array column sent as its text ('{0,1,2}'): unnest cannot pass arrays of arrays.
   */
  cast?: string;
}

/** Rows are passed column by column: `values[i]` holds every row's value for `columns[i]`. */
export type ColumnValues = readonly (readonly unknown[])[];

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const CAST_TYPE = /^[a-z_][a-z0-9_]*(\[\])?$/;

/**
 * Inserts many rows with one statement per batch: `INSERT ... SELECT FROM unnest($1::int4[], ...)`. One
 * array parameter per column keeps statements small and parsing cheap however many rows there are
 * (a VALUES list would need a parameter per cell, and PostgreSQL caps those at 65535). Enum columns are
 * sent as text and cast, because PGlite cannot serialise arrays of types it does not know.
 */
export async function bulkInsert(
  db: Pick<Database, 'execute'>,
  table: string,
  columns: readonly BulkColumn[],
  values: ColumnValues,
  { batchSize = 5000, suffix }: { batchSize?: number; suffix?: SQL } = {},
): Promise<void> {
  for (const name of [table, ...columns.map((c) => c.name)]) {
    if (!IDENTIFIER.test(name)) throw new Error(`Not a plain identifier: ${name}`);
  }
  for (const type of columns.flatMap((c) => c.cast ?? [])) {
    if (!CAST_TYPE.test(type)) throw new Error(`Not a plain type name: ${type}`);
  }
  if (values.length !== columns.length) throw new Error('One value array is needed per column');
  const rowCount = values[0]?.length ?? 0;
  if (values.some((column) => column.length !== rowCount)) throw new Error('Value arrays differ in length');

  const names = sql.raw(columns.map((c) => c.name).join(', '));
  const selected = sql.raw(columns.map((c, i) => (c.cast ? `c${i}::${c.cast}` : `c${i}`)).join(', '));
  const aliases = sql.raw(columns.map((_, i) => `c${i}`).join(', '));
  for (let start = 0; start < rowCount; start += batchSize) {
    const arrays = sql.join(
      columns.map(
        (column, i) =>
          sql`${sql.param(values[i]!.slice(start, start + batchSize))}::${sql.raw(column.type)}[]`,
      ),
      sql`, `,
    );
    await db.execute(
      sql`INSERT INTO ${sql.raw(table)} (${names}) SELECT ${selected} FROM unnest(${arrays}) AS rows(${aliases}) ${suffix ?? sql``}`,
    );
  }
}

/** A text[] value as PostgreSQL's array literal (`{"a","b \\"c\\""}`), for a `text` column cast to `text[]`. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`).join(',')}}`;
}
