import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { openMigratedDatabase } from '../../api/db/open-for-script';
import { notifications, users } from '../../api/db/schema';
import { bin, projectRoot } from '../../scripts/lib/processes';

/** `npm run digest -- --now` as an operator runs it: a child process on an embedded DATA_DIR, no API running. */
describe('npm run digest -- --now', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'panelrank-digest-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function digest(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(bin('tsx'), ['scripts/digest.ts', ...args], {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      child.once('error', reject);
      child.once('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('prints its usage and exits 2 without --now', async () => {
    const run = await digest();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('npm run digest -- --now');
  }, 60_000);

  it('sends the due digests on the embedded database into the outbox, once', async () => {
    const database = await openMigratedDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' }), {
      role: 'admin',
    });
    try {
      const [user] = await database.db
        .insert(users)
        .values({
          username: 'digest_reader',
          email: 'digest_reader@gmail.com',
          emailVerifiedAt: new Date(),
          emailDigest: 'daily',
        })
        .returning({ id: users.id });
      await database.db.insert(notifications).values({ userId: user!.id, kind: 'THREAD_REPLY' });
    } finally {
      await database.close();
    }

    const first = await digest('--now');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('1 digest sent.');
    const outbox = readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('-digest.eml'));
    expect(outbox).toHaveLength(1);
    const message = readFileSync(join(dataDir, 'outbox', outbox[0]!), 'utf8');
    expect(message).toMatch(/^List-Unsubscribe:\s+<http/m);

    const again = await digest('--now');
    expect(again.stdout).toContain('0 digests sent.');
    // Two child processes, each starting tsx and the embedded engine: slow on a busy machine.
  }, 180_000);
});
