import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../api/db/client';
import { dropSecondaryIndexes, rebuildIndexes } from '../../api/db/deferred-indexes';
import { queryRows } from '../../api/db/query-rows';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
  await migrateDatabase(database);
}, 60_000);

afterAll(() => database?.close());

const indexesOf = async (table: string, db: Pick<DatabaseHandle['db'], 'execute'> = database.db) =>
  (
    await queryRows<{ name: string }>(
      db,
      sql`select indexname as name from pg_indexes where tablename = ${table} order by 1`,
    )
  ).map((row) => row.name);

describe('dropSecondaryIndexes and rebuildIndexes', () => {
  it('drop the indexes no constraint owns and build the same ones again', async () => {
    const before = await indexesOf('votes');
    await database.db.transaction(async (tx) => {
      const dropped = await dropSecondaryIndexes(tx, ['votes']);
      expect(dropped.map((index) => index.name)).toEqual([
        'votes_created_idx',
        'votes_series_idx',
        'votes_user_series_category_idx',
      ]);
      // The primary key stays: it is a constraint's.
      expect(await indexesOf('votes', tx)).toEqual(['votes_pkey']);
      await rebuildIndexes(tx, dropped);
    });
    expect(await indexesOf('votes')).toEqual(before);
  });

  it('fail the transaction when a unique index is rebuilt over duplicate rows, leaving everything as it was', async () => {
    const before = await indexesOf('series');
    const load = database.db.transaction(async (tx) => {
      const dropped = await dropSecondaryIndexes(tx, ['series']);
      await tx.execute(sql`insert into series (title, genre, type, mal_id) values
        ('One', 'Action', 'MANGA', 7), ('Two', 'Action', 'MANGA', 7)`);
      await rebuildIndexes(tx, dropped);
    });
    await expect(load).rejects.toThrow();
    expect(await indexesOf('series')).toEqual(before);
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from series`);
    expect(row?.n).toBe(0);
  });
});
