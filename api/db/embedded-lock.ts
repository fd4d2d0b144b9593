import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * PGlite keeps its data in one directory that only one process may open. Every process that opens the
 * embedded database first takes this lock; the API also records where its control socket listens, so the
 * admin CLI can route its work through the running server instead of opening the files twice.
 *
 * The lock is an exclusive transaction held open on a small SQLite file (Node's built-in `node:sqlite`):
 * SQLite holds it as an advisory lock of the operating system (fcntl on Unix, LockFileEx on Windows), which
 * the kernel drops the moment its holder dies, however it dies. A recorded pid checked with kill(pid, 0)
 * could not tell that: a process killed with SIGKILL that its parent has not reaped yet still answers, so
 * an API restarted right after a crash was refused. Built in, this needs no native addon to build.
 * Nothing else may open that file: closing any descriptor of it would drop the process's fcntl locks.
 * Who holds the lock is written beside it, in `pglite.lock`, only for messages and the admin CLI.
 */
export interface LockHolder {
  pid: number;
  role: 'api' | 'seed' | 'admin' | 'snapshot' | 'digest';
  controlSocket?: string;
  startedAt: string;
}

export class DatabaseLockedError extends Error {
  constructor(public readonly holder: LockHolder | undefined) {
    super(
      `The embedded database in this DATA_DIR is in use by another process${holder ? ` (${holder.role}, pid ${holder.pid})` : ''}. ` +
        (holder?.role === 'api'
          ? 'Stop the API server first, or run this against the server with the admin CLI.'
          : 'Wait for it to finish.'),
    );
    this.name = 'DatabaseLockedError';
  }
}

/** The record of who holds the lock; it exists while the lock is held (or after its holder crashed). */
export function lockPath(dataDir: string): string {
  return join(dataDir, 'pglite.lock');
}

function osLockPath(dataDir: string): string {
  return join(dataDir, 'pglite.lock.sqlite');
}

/**
 * A new holder of the lock writes its record just after taking it: a reader that finds the lock held
 * waits this long for the record before giving up on naming the holder.
 */
const RECORD_WAIT_MS = 1000;

/** Who holds the lock, or undefined when nobody does (or the holder cannot be named). */
export function readLockHolder(dataDir: string): LockHolder | undefined {
  if (!existsSync(osLockPath(dataDir))) return undefined;
  const probe = tryLock(dataDir, 0);
  if (probe) {
    probe.close();
    return undefined;
  }
  return waitForRecord(dataDir);
}

/** Takes the lock or throws DatabaseLockedError; a lock whose holder died is free at once. */
export function acquireEmbeddedLock(
  dataDir: string,
  holder: Omit<LockHolder, 'pid' | 'startedAt'>,
): () => void {
  mkdirSync(dataDir, { recursive: true });
  // A short wait rides out another process's readLockHolder probe, which takes the lock for an instant.
  const connection = tryLock(dataDir, 500);
  if (!connection) throw new DatabaseLockedError(waitForRecord(dataDir));
  const record: LockHolder = { pid: process.pid, startedAt: new Date().toISOString(), ...holder };
  const path = lockPath(dataDir);
  try {
    writeFileSync(`${path}.tmp`, JSON.stringify(record), { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
  } catch (error) {
    connection.close();
    throw error;
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // The record goes first, while the lock is still ours.
    rmSync(path, { force: true });
    connection.close();
  };
  process.once('exit', release);
  return release;
}

/** An open connection holding the lock, or undefined when another connection holds it. */
function tryLock(dataDir: string, waitMs: number): DatabaseSync | undefined {
  const connection = new DatabaseSync(osLockPath(dataDir), { timeout: waitMs });
  try {
    connection.exec('BEGIN EXCLUSIVE');
    return connection;
  } catch (error) {
    connection.close();
    if ((error as { errcode?: number }).errcode === SQLITE_BUSY) return undefined;
    throw error;
  }
}

const SQLITE_BUSY = 5;

function waitForRecord(dataDir: string): LockHolder | undefined {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; ; waited += 50) {
    try {
      return JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockHolder;
    } catch {
      if (waited >= RECORD_WAIT_MS) return undefined;
      Atomics.wait(pause, 0, 0, 50);
    }
  }
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
