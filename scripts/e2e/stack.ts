/**
 * The stack the end-to-end tests run against: a scratch embedded database with a small deterministic demo
 * catalogue and an admin, the real API, and the site built against it and served like Netlify would.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdmin } from '../../api/accounts/admin-commands';
import { seedDemoCatalogue } from '../demo/demo-catalogue';
import { loadConfig } from '../../api/config';
import { openMigratedDatabase } from '../../api/db/open-for-script';
import { LocalDiskStorage } from '../../api/media/storage';
import { seedReadingThread, seedXssThread } from '../../tests/e2e/forum-fixtures';
import { e2eStack, e2eStackStateFile, type E2eStackState } from '../../tests/e2e/stack-config';
import { startSiteServer } from '../lib/site-server';
import { spawnApi, stopProcess, waitForHttp } from '../lib/processes';
import { rebuildSite, type RebuildTarget } from '../lib/rebuild-job';

const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-e2e-'));
const distDir = join(dataDir, 'dist');
const env = {
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PORT: String(e2eStack.apiPort),
  SITE_URL: e2eStack.siteUrl,
  PUBLIC_API_URL: e2eStack.apiUrl,
  LOG_LEVEL: 'warn',
  // The specs sign up and log in many times a minute from one address.
  AUTH_RATE_LIMIT_MAX: '1000',
  AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000',
  // The specs report issues from one address.
  ISSUE_REPORT_RATE_LIMIT_MAX: '1000',
  VOTE_RATE_LIMIT_MAX: '1000',
  ADMIN_RATE_LIMIT_MAX: '1000',
  WRITE_RATE_LIMIT_MAX: '1000',
  // The forum specs start threads and post replies many times a minute.
  FORUM_THREAD_RATE_LIMIT_MAX: '1000',
  FORUM_POST_RATE_LIMIT_MAX: '1000',
  // Short enough for accounts.spec.ts to open a genuinely expired verification link.
  EMAIL_TOKEN_TTL: String(e2eStack.emailTokenTtlSeconds),
};

async function main() {
  const config = loadConfig(env);
  const database = await openMigratedDatabase(config, { role: 'seed' });
  await seedDemoCatalogue(database.db, new LocalDiskStorage(join(dataDir, 'media'), config.publicApiUrl), {
    series: e2eStack.seriesCount,
    voters: 150,
    seed: 7,
  });
  await createAdmin(database.db, e2eStack.admin);
  // A thread of XSS payloads that exists at build time, so forum.spec.ts opens it pre-rendered.
  await seedXssThread(database.db, e2eStack.admin.username);
  // A thread no spec writes to, so a spec can read a thread page exactly as built.
  await seedReadingThread(database.db, e2eStack.admin.username);
  await database.close();

  const api = spawnApi({ env, stdio: 'inherit' });
  const cleanup = async () => {
    await stopProcess(api);
    removeScratch();
  };
  // However this process ends, it must not leave the API running or the scratch folder behind.
  process.once('exit', () => {
    if (api.exitCode === null) api.kill('SIGKILL');
    removeScratch();
  });
  process.once('SIGTERM', () => void cleanup().then(() => process.exit(0)));
  process.once('SIGINT', () => void cleanup().then(() => process.exit(0)));

  await waitForHttp(`${e2eStack.apiUrl}/health`, 60_000, api);
  // Built and served the way `npm start` does (a production build swapped in behind a link), so a spec can
  // rebuild the running site with the same target.
  const buildLog = join(dataDir, 'site-build.log');
  const rebuild: RebuildTarget = {
    distPath: distDir,
    siteUrl: e2eStack.siteUrl,
    publicApiUrl: e2eStack.apiUrl,
    buildApiUrl: e2eStack.apiUrl,
    logFile: buildLog,
  };
  try {
    await rebuildSite(rebuild);
  } catch (error) {
    // The log lives in the scratch folder, which goes when this process ends: show its end now.
    if (existsSync(buildLog)) {
      console.error(readFileSync(buildLog, 'utf8').split('\n').slice(-60).join('\n'));
    }
    throw error;
  }
  // Specs read the outbox (verification e-mails) from the API's scratch data dir; written before the site
  // answers, which is what Playwright waits for.
  const state: E2eStackState = { dataDir, rebuild };
  writeFileSync(e2eStackStateFile, JSON.stringify(state));
  await startSiteServer({
    distDir,
    port: e2eStack.sitePort,
    socialCards: { apiUrl: e2eStack.apiUrl, publicApiUrl: e2eStack.apiUrl, cacheDir: join(dataDir, 'cards') },
  });
  console.log(`e2e stack ready: site ${e2eStack.siteUrl}, API ${e2eStack.apiUrl}`);
}

function removeScratch() {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(e2eStackStateFile, { force: true });
}

main().catch((error: unknown) => {
  console.error('e2e stack failed:', error);
  process.exit(1);
});
