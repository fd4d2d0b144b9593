import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { lockPath } from '../../api/db/embedded-lock';
import { openMigratedDatabase } from '../../api/db/open-for-script';
import { bin, projectRoot, waitForHttp } from '../../scripts/lib/processes';

/**
 * The API as `npm run api` runs it (a child process on an embedded DATA_DIR): what it leaves behind when it
 * stops, and when it cannot start.
 */

let dataDir: string;
let blocker: Server | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'panelrank-lifecycle-'));
});
afterEach(async () => {
  await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
  blocker = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

function listenAnywhere(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function portOf(server: Server): number {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}

function startApi(port: number): {
  child: ChildProcess;
  exited: Promise<{ code: number | null; stderr: string }>;
} {
  const child = spawn(bin('tsx'), ['api/server.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      CAPTCHA_PROVIDER: 'off',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
  return { child, exited };
}

/** The embedded database opens again and answers: it was left consistent and unlocked. */
async function expectDatabaseReusable() {
  const database = await openMigratedDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }), {
    role: 'admin',
  });
  try {
    await database.db.execute(sql`select count(*) from users`);
  } finally {
    await database.close();
  }
}

async function storedRateLimitCounters(): Promise<number> {
  const database = await openMigratedDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }), {
    role: 'admin',
  });
  try {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from rate_limit_counters`,
    )) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]!.n;
  } finally {
    await database.close();
  }
}

describe('API process lifecycle', () => {
  it('on SIGTERM stops, writes its last rate-limit counts, closes the database and removes its lock and control socket', async () => {
    const free = await listenAnywhere();
    const port = portOf(free);
    await new Promise<void>((resolve) => free.close(() => resolve()));
    const { child, exited } = startApi(port);
    await waitForHttp(`http://127.0.0.1:${port}/health`, 90_000, child);
    expect(existsSync(join(dataDir, 'control.sock'))).toBe(true);
    // A counted attempt, kept in memory until the next write-back: the shutdown must write it.
    const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody', password: 'wrong password' }),
    });
    expect(login.status).toBeGreaterThanOrEqual(400);

    child.kill('SIGTERM');
    const { code, stderr } = await exited;
    expect(code, stderr).toBe(0);
    expect(stderr).not.toContain('rate-limit counters');
    expect(existsSync(join(dataDir, 'control.sock'))).toBe(false);
    expect(existsSync(lockPath(dataDir))).toBe(false);
    await expectDatabaseReusable();
    expect(await storedRateLimitCounters()).toBeGreaterThan(0);
  }, 120_000);

  it('when its port is taken exits 1 naming the cause, and leaves no control socket or lock behind', async () => {
    blocker = await listenAnywhere();
    const { exited } = startApi(portOf(blocker));
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toContain('EADDRINUSE');
    // The database was opened before the failed listen: it is closed, not abandoned to the process exit.
    expect(existsSync(join(dataDir, 'control.sock'))).toBe(false);
    expect(existsSync(lockPath(dataDir))).toBe(false);
    await expectDatabaseReusable();
  }, 120_000);
});
