import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config';
import { openDatabase, migrateDatabase, type DatabaseHandle } from './client';
import { acquireEmbeddedLock, type LockHolder } from './embedded-lock';

/**
 * Opens and migrates the configured database for a process (API, seed, CLI), holding the embedded lock for
 * as long as the handle is open.
 */
export async function openMigratedDatabase(
  config: Config,
  lock: Omit<LockHolder, 'pid' | 'startedAt'>,
): Promise<DatabaseHandle> {
  const release = config.database.kind === 'embedded' ? acquireEmbeddedLock(config.dataDir, lock) : () => {};
  try {
    const handle = await openDatabase(config.database, {
      poolSize: config.DATABASE_POOL_SIZE,
      embeddedSharedBuffers: config.EMBEDDED_SHARED_BUFFERS,
    });
    await migrateDatabase(handle);
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A migrated in-memory database with the configuration of a scratch DATA_DIR, for the scripts and tests that
 * need the schema but none of the data (the OpenAPI document, benchmarks). Closing it removes the folder.
 */
export async function openScratchDatabase(
  name: string,
): Promise<{ config: Config; database: DatabaseHandle }> {
  const dataDir = mkdtempSync(join(tmpdir(), `panelrank-${name}-`));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'silent',
    });
    const handle = await openDatabase(config.database);
    await migrateDatabase(handle).catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    const close = async () => {
      try {
        await handle.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    };
    return { config, database: { ...handle, close } };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
