import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadCatalogue,
  loadCatalogueFingerprint,
  loadCatalogueRows,
} from '../../api/catalogue/catalogue-load';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../api/db/client';
import { LocalDiskStorage } from '../../api/media/storage';
import { seedDemoCatalogue } from '../../scripts/demo/demo-catalogue';

let database: DatabaseHandle;
let mediaRoot: string;

beforeAll(async () => {
  mediaRoot = mkdtempSync(join(tmpdir(), 'panelrank-catalogue-load-'));
  database = await openDatabase({ kind: 'memory' });
  await migrateDatabase(database);
  await seedDemoCatalogue(database.db, new LocalDiskStorage(mediaRoot, 'http://media.test'), {
    series: 23,
    voters: 20,
    covers: false,
  });
}, 60_000);

afterAll(async () => {
  await database?.close();
  rmSync(mediaRoot, { recursive: true, force: true });
});

describe('loadCatalogue', () => {
  it('reads every series page by page, in id order, with the fingerprint of the same state', async () => {
    const ids = Array.from({ length: 23 }, (_, index) => index + 1);
    const everything = await loadCatalogueRows(database.db, ids);
    // Page sizes that divide the catalogue and that leave a short last page, or none.
    for (const pageSize of [1, 5, 23, 100]) {
      const load = await loadCatalogue(database.db, pageSize);
      expect(load.rows.map((row) => row.id)).toEqual(ids);
      expect(load.rows).toEqual(everything);
      expect(load.fingerprint).toBe(await loadCatalogueFingerprint(database.db));
    }
  });
});
