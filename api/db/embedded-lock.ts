import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite keeps its data in one directory that only one process may open. Every process that opens the
 * embedded database first takes this lock; the API also records where its control socket listens, so the
 * admin CLI can route its work through the running server instead of opening the files twice.
 */
export interface LockHolder {
  pid: number;
  role: 'api' | 'seed' | 'admin' | 'snapshot';
  controlSocket?: string;
  startedAt: string;
}

export class DatabaseLockedError extends Error {
  constructor(public readonly holder: LockHolder) {
    super(
      `The embedded database in this DATA_DIR is in use by another process (${holder.role}, pid ${holder.pid}). ` +
        (holder.role === 'api'
          ? 'Stop the API server first, or run this against the server with the admin CLI.'
          : 'Wait for it to finish.'),
    );
    this.name = 'DatabaseLockedError';
  }
}

export function lockPath(dataDir: string): string {
  return join(dataDir, 'pglite.lock');
}

export function readLockHolder(dataDir: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockHolder;
    return isAlive(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws DatabaseLockedError; a lock left by a dead process is taken over. */
export function acquireEmbeddedLock(
  dataDir: string,
  holder: Omit<LockHolder, 'pid' | 'startedAt'>,
): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = lockPath(dataDir);
  const record: LockHolder = { pid: process.pid, startedAt: new Date().toISOString(), ...holder };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify(record));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readLockHolder(dataDir);
      if (current && current.pid !== process.pid) throw new DatabaseLockedError(current);
      // The holder is gone (or unreadable): the lock is stale.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the database lock at ${path}`);
}

/** True while a process with this id runs (EPERM: it runs as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
