import type { Config } from '../config';
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
