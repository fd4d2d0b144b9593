import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../api/db/client';
import { queryRows } from '../../api/db/query-rows';
import { allKeys } from '../../api/media/images';
import { LocalDiskStorage } from '../../api/media/storage';
import { demoCoverPoolFor, seedDemoCatalogue, type SeedDemoResult } from '../../scripts/demo/demo-catalogue';

let database: DatabaseHandle;
let mediaRoot: string;
let result: SeedDemoResult;

beforeAll(async () => {
  mediaRoot = mkdtempSync(join(tmpdir(), 'panelrank-demo-cover-pool-'));
  database = await openDatabase({ kind: 'memory' });
  await migrateDatabase(database);
  result = await seedDemoCatalogue(database.db, new LocalDiskStorage(mediaRoot, 'http://media.test'), {
    series: 24,
    voters: 10,
    coverWidth: 90,
    // Two covers per type.
    coverPool: 6,
  });
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(mediaRoot, { recursive: true, force: true });
});

describe('the demo cover pool', () => {
  it('draws only the pool and gives every series a copy under its own key, of its own type', async () => {
    const rows = await queryRows<{ type: string; cover_key: string }>(
      database.db,
      sql`select type::text, cover_key from series order by id`,
    );
    expect(rows).toHaveLength(24);
    expect(result.coversDrawn).toBeLessThanOrEqual(6);
    expect(result.covers).toBe(24);
    expect(new Set(rows.map((row) => row.cover_key)).size).toBe(24);
    for (const row of rows)
      for (const key of allKeys(row.cover_key)) expect(existsSync(join(mediaRoot, key))).toBe(true);
    // Series share a drawn cover only with series of their own type (the cover shows the type).
    const typesByImage = new Map<string, Set<string>>();
    for (const row of rows) {
      const bytes = readFileSync(join(mediaRoot, row.cover_key)).toString('base64');
      typesByImage.set(bytes, (typesByImage.get(bytes) ?? new Set()).add(row.type));
    }
    expect(typesByImage.size).toBe(result.coversDrawn);
    for (const types of typesByImage.values()) expect(types.size).toBe(1);
  });

  it('is used past 3,000 series only', () => {
    expect(demoCoverPoolFor(300)).toBe(0);
    expect(demoCoverPoolFor(3000)).toBe(0);
    expect(demoCoverPoolFor(100_000)).toBeGreaterThan(0);
  });
});
