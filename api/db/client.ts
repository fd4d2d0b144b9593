import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * The Drizzle database, whichever driver is behind it. Built without Drizzle's relational `schema`: with it,
 * every transaction constructs a query builder per table (about half a millisecond per vote), and nothing
 * uses `db.query`; every query names its tables.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DatabaseHandle {
  db: Database;
  target: DatabaseTarget;
  /** The embedded engine, when there is one (PGlite runs one query at a time in this process). */
  pglite?: PGlite;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant: instances starting together take turns to migrate a shared PostgreSQL. */
const MIGRATION_LOCK_ID = 727_113_001;

/**
 * The embedded engine's buffer cache. PostgreSQL's default (128 MB) is what made an idle embedded API hold
 * about 500 MB: the engine's WebAssembly memory starts at its 128 MB minimum and grows past it to hold the
 * buffers, and WebAssembly memory never shrinks. The demo catalogue's hot tables fit in far less, and the
 * rest is read through the OS's file cache.
 */
export const DEFAULT_EMBEDDED_SHARED_BUFFERS = '32MB';

export async function openDatabase(
  target: DatabaseTarget,
  options: { poolSize?: number; embeddedSharedBuffers?: string } = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: options.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on next use.
    });
    const db = drizzlePostgres(pool) as unknown as Database;
    return { db, target, close: () => pool.end() };
  }
  if (target.kind === 'embedded') mkdirSync(target.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: target.kind === 'embedded' ? target.dataDir : undefined,
    extensions: { pg_trgm, unaccent },
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${options.embeddedSharedBuffers ?? DEFAULT_EMBEDDED_SHARED_BUFFERS}`,
    ],
  });
  const db = drizzlePglite(pglite) as unknown as Database;
  return { db, target, pglite, close: () => pglite.close() };
}

/** Applies pending migrations; safe to call from several processes on one PostgreSQL. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.pglite) {
    await migratePglite(drizzlePglite(handle.pglite), { migrationsFolder });
    return;
  }
  if (handle.target.kind !== 'postgres') return;
  const client = new pg.Client({ connectionString: handle.target.url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
