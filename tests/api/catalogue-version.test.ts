import type { QueryResult } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rankedSeriesSchema } from '../../contract/catalogue';
import { startTestServer, type TestServer } from './harness';
import { insertSeries } from './series-fixtures';

/**
 * The catalogue's freshness check reads one row, `catalogue_version`, which triggers bump once for every
 * transaction that changes `series` or `series_details`, as it commits. Writes here go through their own session (a
 * separate PostgreSQL connection, or the embedded engine's own SQL interface, below Drizzle), as an admin
 * script or SQL by hand would, and nobody tells the API: only the check can make them show.
 */
const TTL_MS = 100;

describe('catalogue change count', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ CACHE_TTL_MS: String(TTL_MS) });
  });
  afterAll(() => server.close());

  /** Runs SQL outside the API: another connection on PostgreSQL, the raw engine when embedded. */
  async function plainSql(text: string): Promise<{ rows: Record<string, unknown>[] }> {
    const { database } = server;
    if (database.pglite) {
      const results = await database.pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    }
    if (database.target.kind !== 'postgres') throw new Error('no database to write to');
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database.target.url });
    await client.connect();
    try {
      const results = (await client.query(text)) as unknown as QueryResult | QueryResult[];
      return { rows: (Array.isArray(results) ? results.at(-1)! : results).rows };
    } finally {
      await client.end();
    }
  }

  const version = async () =>
    Number((await plainSql('select version::text as version from catalogue_version')).rows[0]!.version);

  const titles = async () =>
    z
      .array(rankedSeriesSchema)
      .parse(await (await server.request('/series/rankings?page=1&page_size=100')).json())
      .map((entry) => entry.title);

  const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 3000, interval: 20 });

  it('sees inserts, updates and deletions made by plain SQL within the TTL', async () => {
    const [id] = await insertSeries(server, [{ title: 'Known', score: 5, voters: 1, synopsis: 'Before.' }]);
    expect(await titles()).toEqual(['Known']);

    await plainSql(
      `insert into series (title, genre, type, voter_count) values ('Added By Hand', 'Drama', 'MANGA', 2)`,
    );
    await eventually(titles).toEqual(['Added By Hand', 'Known']);

    await plainSql(`update series set title = 'Renamed By Hand' where id = ${id}`);
    await eventually(titles).toEqual(['Added By Hand', 'Renamed By Hand']);

    // The detail row alone counts too.
    expect((await (await server.request(`/series-details/${id}`)).json()).synopsis).toBe('Before.');
    await plainSql(`update series_details set synopsis = 'After.' where series_id = ${id}`);
    await eventually(
      async () =>
        ((await (await server.request(`/series-details/${id}`)).json()) as { synopsis: string }).synopsis,
    ).toBe('After.');

    await plainSql(`delete from series where title = 'Added By Hand'`);
    await eventually(titles).toEqual(['Renamed By Hand']);
  });

  it('sees a write made with ordinary triggers off, as the seed makes it', async () => {
    await plainSql(`begin;
      set local session_replication_role = replica;
      insert into series (title, genre, type) values ('Seeded Quietly', 'Drama', 'MANHUA');
      commit;`);
    await eventually(titles).toContain('Seeded Quietly');
    await plainSql(`delete from series where title = 'Seeded Quietly'`);
    await eventually(titles).not.toContain('Seeded Quietly');
  });

  it('counts a transaction once however many statements and rows it changes, a rolled-back one not at all', async () => {
    const before = await version();
    await plainSql(`update series set genre = genre`);
    expect(await version()).toBe(before + 1);
    await plainSql(`begin;
      update series set genre = genre;
      update series_details set synopsis = synopsis;
      update series set title = title;
      commit;`);
    expect(await version()).toBe(before + 2);
    // Not before the commit: another session sees the count move with the rows.
    await plainSql(`begin; update series set genre = genre; rollback;`);
    expect(await version()).toBe(before + 2);
    // No mark is left behind.
    expect((await plainSql('select count(*)::int as n from catalogue_change_marks')).rows[0]!.n).toBe(0);
    // Tables outside the catalogue leave it alone.
    await plainSql(`update users set username = username`);
    expect(await version()).toBe(before + 2);
  });

  it('does not reload while nothing changes, though it keeps checking', async () => {
    // First let the snapshot catch up with the tests above: a check or load started from now on has seen
    // their writes.
    const settled = Date.now() + 1;
    await eventually(async () => (await titles(), server.app.catalogue.status().verifiedAt!)).toBeGreaterThan(
      settled,
    );
    const before = server.app.catalogue.status();
    const deadline = Date.now() + TTL_MS * 10;
    while (Date.now() < deadline) {
      await titles();
      await new Promise((resolve) => setTimeout(resolve, TTL_MS / 4));
    }
    const after = server.app.catalogue.status();
    // `version` counts the snapshots installed (loads and patches); verifiedAt moves with each check.
    expect(after.version).toBe(before.version);
    expect(after.verifiedAt!).toBeGreaterThan(before.verifiedAt! + TTL_MS * 5);

    await plainSql(`update series set genre = genre`);
    // Checks start from reads, so the poll reads.
    await eventually(async () => (await titles(), server.app.catalogue.status().version)).toBe(
      before.version + 1,
    );
  });
});
