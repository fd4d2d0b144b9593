import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import type { Database } from '../../api/db/client';
import { acquireEmbeddedLock, lockPath } from '../../api/db/embedded-lock';
import { openMigratedDatabase } from '../../api/db/open-for-script';
import { queryRows } from '../../api/db/query-rows';
import { users } from '../../api/db/schema';
import { bin, projectRoot, stopProcess, waitForHttp } from '../../scripts/lib/processes';

/**
 * The admin CLI as an operator runs it: a child process on an embedded DATA_DIR, first with no server, then
 * while a real API server (also a child process) holds the database.
 */

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

let dataDir: string;
const env = () => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });

function runScript(script: string, args: string[], extraEnv: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin('tsx'), [script, ...args], {
      cwd: projectRoot,
      env: { ...env(), ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const admin = (...args: string[]) => runScript('scripts/admin.ts', args);

async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const database = await openMigratedDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }), {
    role: 'admin',
  });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function rolesOf(names: string[]) {
  return withDatabase(async (db) => {
    const rows = await queryRows<{ username: string; role: string; verified: boolean }>(
      db,
      sql`select username, role::text, email_verified_at is not null as verified from users order by username`,
    );
    return Object.fromEntries(
      rows.filter((row) => names.includes(row.username)).map((row) => [row.username, row]),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'panelrank-admin-cli-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('admin CLI', () => {
  it('prints usage and exits 2 for a bad command line', async () => {
    for (const args of [
      [],
      ['frobnicate'],
      ['create', '--username', 'x'],
      ['promote'],
      ['promote', '--nope'],
    ]) {
      const run = await admin(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage:');
    }
  }, 120_000);

  it('works on the embedded database when no server is running', async () => {
    const created = await admin(
      'create',
      '--username',
      'alice',
      '--email',
      'Alice@gmail.com',
      '--password',
      'correct horse',
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Created verified admin alice \(id \d+\)/);

    const again = await admin(
      'create',
      '--username',
      'ALICE',
      '--email',
      'other@gmail.com',
      '--password',
      'correct horse',
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');

    const invalid = await admin('create', '--username', 'x', '--email', 'nope', '--password', 'short');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('password must be at least 8 characters');

    await withDatabase((db) => db.insert(users).values({ username: 'carol', email: 'carol@gmail.com' }));
    const promoted = await admin('promote', 'carol');
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toMatch(/carol \(id \d+\) is now an ADMIN/);
    expect(await rolesOf(['alice', 'carol'])).toMatchObject({
      alice: { role: 'ADMIN', verified: true },
      carol: { role: 'ADMIN' },
    });
    expect(existsSync(lockPath(dataDir))).toBe(false);
  }, 120_000);

  describe('while the API server runs', () => {
    let server: ChildProcess;

    beforeAll(async () => {
      await withDatabase((db) =>
        db.insert(users).values([
          { username: 'dave', email: 'dave@gmail.com' },
          { username: 'erin', email: 'erin@gmail.com', role: 'ADMIN' },
        ]),
      );
      const port = await freePort();
      server = spawn(bin('tsx'), ['api/server.ts'], {
        cwd: projectRoot,
        env: { ...env(), PORT: String(port), HOST: '127.0.0.1' },
        stdio: 'ignore',
      });
      await waitForHttp(`http://127.0.0.1:${port}/health`, 90_000, server);
    }, 120_000);

    afterAll(async () => {
      if (server) await stopProcess(server);
    }, 30_000);

    it('sends create, promote and demote to the server through its control socket', async () => {
      const created = await admin(
        'create',
        '--username',
        'bob',
        '--email',
        'bob@gmail.com',
        '--password',
        'longer password',
      );
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain('sending the command to it');
      expect(created.stdout).toMatch(/Created verified admin bob \(id \d+\)/);

      const promoted = await admin('promote', 'dave');
      expect(promoted.code, promoted.stderr).toBe(0);
      expect(promoted.stdout).toMatch(/dave \(id \d+\) is now an ADMIN/);

      const demoted = await admin('demote', 'erin');
      expect(demoted.code, demoted.stderr).toBe(0);
      expect(demoted.stdout).toMatch(/erin \(id \d+\) is now a USER/);

      const missing = await admin('promote', 'ghost');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('No user named ghost.');

      const clash = await admin(
        'create',
        '--username',
        'bob',
        '--email',
        'bob2@gmail.com',
        '--password',
        'longer password',
      );
      expect(clash.code).toBe(1);
      expect(clash.stderr).toContain('already exists');
    }, 120_000);

    it('keeps the seed out of the database the server holds', async () => {
      const seed = await runScript('scripts/seed.ts', ['--series', '1']);
      expect(seed.code).toBe(1);
      expect(seed.stderr).toMatch(/in use by another process \(api, pid \d+\)/);
    }, 120_000);

    it('left the accounts as the commands said once the server has stopped', async () => {
      await stopProcess(server);
      for (let waited = 0; existsSync(lockPath(dataDir)) && waited < 100; waited += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await rolesOf(['bob', 'dave', 'erin'])).toMatchObject({
        bob: { role: 'ADMIN', verified: true },
        dave: { role: 'ADMIN' },
        erin: { role: 'USER' },
      });
    }, 60_000);
  });

  describe('when another process holds the database', () => {
    let silent: Server | undefined;
    const held: Socket[] = [];
    let releaseLock = () => {};

    afterAll(async () => {
      releaseLock();
      for (const connection of held) connection.destroy();
      await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
    });

    it('refuses clearly when the holder is not the API', async () => {
      releaseLock = acquireEmbeddedLock(dataDir, { role: 'seed' });
      const run = await admin('promote', 'carol');
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/in use by another process \(seed, pid \d+\)/);
    }, 60_000);

    it('gives up with a clear message when the API does not answer', async () => {
      const socket = join(dataDir, 'silent.sock');
      // Accepts connections and never answers.
      silent = createNetServer((connection) => held.push(connection));
      await new Promise<void>((resolve) => silent!.listen(socket, resolve));
      releaseLock();
      releaseLock = acquireEmbeddedLock(dataDir, { role: 'api', controlSocket: socket });
      const started = Date.now();
      const run = await runScript('scripts/admin.ts', ['promote', 'carol'], {
        ADMIN_SOCKET_TIMEOUT_MS: '1500',
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('did not answer');
      expect(Date.now() - started).toBeLessThan(30_000);

      rmSync(socket, { force: true });
      const gone = await admin('promote', 'carol');
      expect(gone.code).toBe(1);
      expect(gone.stderr).toContain('Could not reach the running API');
    }, 90_000);
  });
});
