import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../api/db/client';
import { queryRowsPrepared } from '../../api/db/prepared-query';
import { queryRows } from '../../api/db/query-rows';

/** Statements the embedded engine prepares once: the same rows as unprepared, whatever the arguments hold. */
describe('queryRowsPrepared on the embedded engine', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'memory' });
    await database.pglite!.exec(
      'create table notes (id serial primary key, body text, weight double precision)',
    );
  });
  afterAll(() => database.close());

  const hostile = [
    "it's",
    "'); drop table notes; --",
    "back\\slash \\' and \\x27",
    '$1 $$ dollar $tag$',
    'línea\nnueva\ttab — ✓',
    '',
  ];

  it('passes strings through as data, never as SQL', async () => {
    for (const body of hostile) {
      const insert = sql`insert into notes (body, weight) values (${body}, ${1.5}) returning id, body, weight`;
      const [row] = await queryRowsPrepared<{ id: number; body: string; weight: number }>(database, insert);
      expect(row).toMatchObject({ body, weight: 1.5 });
      const read = sql`select body from notes where id = ${row!.id}`;
      expect(await queryRowsPrepared(database, read)).toEqual(await queryRows(database.db, read));
    }
    const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from notes`);
    expect(count!.n).toBe(hostile.length);
  });

  it('prepares a new text once even when its first runs overlap, and keeps nulls and negatives', async () => {
    const rows = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        queryRowsPrepared<{ n: number; nothing: null }>(
          database,
          sql`select ${-index - 1}::int as n, ${null}::text as nothing`,
        ),
      ),
    );
    expect(rows.map(([row]) => row)).toEqual(
      Array.from({ length: 8 }, (_, index) => ({ n: -index - 1, nothing: null })),
    );
    const [statements] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_prepared_statements where statement like '%as nothing%'`,
    );
    expect(statements!.n).toBe(1);
  });

  it('refuses an argument it cannot write as a literal', async () => {
    await expect(queryRowsPrepared(database, sql`select ${new Date()}::text as at`)).rejects.toThrow(
      TypeError,
    );
    await expect(queryRowsPrepared(database, sql`select ${Number.NaN}::float8 as n`)).rejects.toThrow(
      TypeError,
    );
  });
});
