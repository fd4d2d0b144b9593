import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireEmbeddedLock,
  DatabaseLockedError,
  isAlive,
  readLockHolder,
} from '../../api/db/embedded-lock';
import { projectRoot } from '../../scripts/lib/processes';

/**
 * The embedded database lock across processes: a holder killed with SIGKILL frees it at once, even while
 * the dead process is a zombie nobody has reaped (it then still answers kill(pid, 0)); a live holder keeps
 * everyone else out with a message naming it.
 */

let dataDir: string;
const parents: ChildProcess[] = [];
const holders: number[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'panelrank-lock-'));
});

afterEach(async () => {
  for (const pid of holders.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already dead
    }
  }
  for (const parent of parents.splice(0)) {
    if (parent.exitCode !== null || parent.signalCode !== null) continue;
    await new Promise((resolve) => {
      parent.once('exit', resolve);
      parent.kill('SIGKILL');
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Starts tests/fixtures/hold-embedded-lock.ts as the child of a parent that never reaps it (`sh` replaced
 * by `sleep`), so once killed the holder stays a zombie; resolves with its pid once it holds the lock.
 */
function startHolder(controlSocket: string): Promise<number> {
  const parent = spawn(
    'sh',
    [
      '-c',
      '"$0" --import tsx tests/fixtures/hold-embedded-lock.ts "$1" "$2" & echo "pid $!"; exec sleep 600',
      process.execPath,
      dataDir,
      controlSocket,
    ],
    { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  parents.push(parent);
  return new Promise((resolve, reject) => {
    let output = '';
    parent.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const pid = /pid (\d+)/.exec(output)?.[1];
      if (!pid || !output.includes('locked\n')) return;
      holders.push(Number(pid));
      resolve(Number(pid));
    });
    parent.once('exit', () => reject(new Error(`the lock holder's parent exited: ${output}`)));
  });
}

/**
 * Waits until the process is dead but not reaped: its main thread is a zombie (state Z) and its other
 * threads, which may still be closing its files for an instant, are gone.
 */
async function untilZombie(pid: number): Promise<void> {
  const isZombie = () =>
    readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] === 'Z' &&
    readdirSync(`/proc/${pid}/task`).length === 1;
  while (!isZombie()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('the embedded database lock', () => {
  it('is free at once after its holder is killed, while the holder is still an unreaped zombie', async () => {
    const pid = await startHolder(join(dataDir, 'control.sock'));
    process.kill(pid, 'SIGKILL');
    await untilZombie(pid);
    expect(isAlive(pid)).toBe(true);

    expect(readLockHolder(dataDir)).toBeUndefined();
    const release = acquireEmbeddedLock(dataDir, { role: 'api' });
    expect(readLockHolder(dataDir)).toMatchObject({ pid: process.pid, role: 'api' });
    release();
    expect(readLockHolder(dataDir)).toBeUndefined();
  }, 60_000);

  it('keeps a second process out while its holder lives, naming the holder and its control socket', async () => {
    const controlSocket = join(dataDir, 'control.sock');
    const pid = await startHolder(controlSocket);

    expect(readLockHolder(dataDir)).toMatchObject({ pid, role: 'api', controlSocket });
    let refusal: unknown;
    try {
      acquireEmbeddedLock(dataDir, { role: 'seed' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DatabaseLockedError);
    expect((refusal as Error).message).toBe(
      `The embedded database in this DATA_DIR is in use by another process (api, pid ${pid}). ` +
        'Stop the API server first, or run this against the server with the admin CLI.',
    );
  }, 60_000);
});
