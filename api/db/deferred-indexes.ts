import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { queryRows } from './query-rows';

type Executor = Pick<Database, 'execute'>;

export interface DeferredIndex {
  table: string;
  name: string;
  /** `CREATE [UNIQUE] INDEX ...` as PostgreSQL prints it (pg_indexes.indexdef). */
  definition: string;
}

/**
 * Drops the indexes of `tables` that no constraint owns (primary keys and unique constraints stay) and
 * returns their definitions for rebuildIndexes. Loading rows into a table without its secondary indexes
 * and building each index once afterwards (one sort) is several times faster than updating every index
 * row by row, most of all for indexes the rows arrive in random order for (votes by user, trigram GIN).
 * Run both in the loading transaction: a failure rolls the drop back, and nothing else sees the table
 * without its indexes. A unique index rebuilt over duplicate rows fails, and the transaction with it.
 */
export async function dropSecondaryIndexes(
  tx: Executor,
  tables: readonly string[],
): Promise<DeferredIndex[]> {
  const indexes = await queryRows<{ table: string; name: string; definition: string }>(
    tx,
    sql`select i.tablename as table, i.indexname as name, i.indexdef as definition
        from pg_indexes i
        join pg_class c on c.relname = i.indexname and c.relnamespace = 'public'::regnamespace
        where i.schemaname = 'public' and i.tablename = any(${sql.param([...tables])}::text[])
          and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
        order by i.tablename, i.indexname`,
  );
  for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
  return indexes;
}

/** Builds again the indexes dropSecondaryIndexes took away. */
export async function rebuildIndexes(tx: Executor, indexes: readonly DeferredIndex[]): Promise<void> {
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
}
