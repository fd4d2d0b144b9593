/**
 * `npm start`: the whole product on embedded defaults. Prepares DATA_DIR (migrate, demo catalogue, demo
 * admin), starts the API, builds the site against it when the site or the catalogue changed, and serves the
 * build with the same rules Netlify uses. Ctrl-C stops everything.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, statSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../api/config';
import { DatabaseLockedError } from '../api/db/embedded-lock';
import { prepareData } from './lib/prepare-data';
import { precompressSite } from './lib/precompress';
import { projectRoot, spawnApi, stopProcess, waitForHttp } from './lib/processes';
import { rebuildIntervalMs, rebuildSite, scheduleRebuilds, type RebuildTarget } from './lib/rebuild-job';
import { adoptPlainDist, BUILD_STAMP_FILE } from './lib/site-builds';
import { startSiteServer } from './lib/site-server';
import { displayPath, startBanner } from './lib/start-banner';

const { values: flags } = parseArgs({
  options: {
    rebuild: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
  },
});

const sitePort = Number(process.env.SITE_PORT ?? 4321);
/** The API child, stopped on every way out so a failed start never leaves it holding the database. */
let apiProcess: ChildProcess | undefined;
const distDir = resolve(projectRoot, process.env.SITE_DIST ?? 'dist');

async function main() {
  const startedAt = Date.now();
  const config = loadConfig();
  if (!Number.isInteger(sitePort) || sitePort < 1 || sitePort > 65535) {
    throw new ConfigError([`SITE_PORT=${JSON.stringify(process.env.SITE_PORT)}: must be a port number`]);
  }
  const siteUrl = process.env.SITE_URL ?? `http://localhost:${sitePort}`;
  const rebuildEvery = rebuildIntervalMs(process.env.REBUILD_INTERVAL);
  mkdirSync(config.dataDir, { recursive: true });

  step('Preparing the database');
  const data = await prepareData(config);
  if (data.seeded) console.log(`  seeded the demo catalogue (${data.seriesCount} series)`);
  else console.log(`  reusing ${data.seriesCount} series in ${displayPath(projectRoot, config.dataDir)}`);

  step('Starting the API');
  const logDir = join(config.dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  // The API writes straight to its log file, so it never depends on this process's pipes.
  const apiLog = openSync(join(logDir, 'api.log'), 'a');
  const api = spawnApi({ env: { ...process.env, SITE_URL: siteUrl }, stdio: ['ignore', apiLog, apiLog] });
  apiProcess = api;
  let stopping = false;
  api.once('exit', (code) => {
    if (!stopping) {
      console.error(`\nThe API stopped unexpectedly (exit ${code}); see ${join(logDir, 'api.log')}`);
      process.exit(1);
    }
  });
  await waitForHttp(`http://127.0.0.1:${config.PORT}/health`, 60_000, api);
  console.log(`  API ready on ${config.publicApiUrl}`);

  const stamp = buildStamp(data.catalogueFingerprint, siteUrl, config.publicApiUrl);
  // A `dist` folder from an older version or from `npm run build` becomes the first build of dist.builds/.
  await adoptPlainDist(distDir);
  const stampFile = join(distDir, BUILD_STAMP_FILE);
  const upToDate = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
  const rebuildTarget: RebuildTarget = {
    distPath: distDir,
    siteUrl,
    publicApiUrl: config.publicApiUrl,
    buildApiUrl: `http://127.0.0.1:${config.PORT}`,
    logFile: join(logDir, 'site-build.log'),
  };
  if (flags['skip-build'] || (upToDate && !flags.rebuild)) {
    step('Site is up to date; skipping the build (use --rebuild to force one)');
    // A build made by `npm run build` has no compressed copies; the server sends them when they exist.
    if (existsSync(join(distDir, 'index.html')) && !existsSync(join(distDir, 'index.html.br'))) {
      await precompressSite(distDir);
    }
  } else {
    step('Building the site against the live API');
    const { logFile: _scheduledOnly, ...inTerminal } = rebuildTarget;
    const { seconds } = await rebuildSite(inTerminal, stamp);
    console.log(`  built in ${seconds.toFixed(1)} s`);
  }

  step('Serving the site');
  const site = await startSiteServer({
    distDir,
    port: sitePort,
    host: process.env.SITE_HOST ?? '127.0.0.1',
    socialCards: {
      apiUrl: rebuildTarget.buildApiUrl,
      publicApiUrl: config.publicApiUrl,
      cacheDir: process.env.CARD_CACHE_DIR,
    },
  });

  const stopRebuilds = rebuildEvery > 0 ? scheduleRebuilds(rebuildEvery, rebuildTarget) : () => undefined;
  const schedule =
    rebuildEvery > 0
      ? `every ${formatInterval(rebuildEvery)} (REBUILD_INTERVAL; output in ${displayPath(projectRoot, rebuildTarget.logFile!)})`
      : 'off (REBUILD_INTERVAL=0); run `npm run rebuild` to refresh the pages';

  console.log(
    `\n${startBanner({
      projectRoot,
      seconds: (Date.now() - startedAt) / 1000,
      siteUrl,
      apiUrl: config.publicApiUrl,
      admin: data.admin,
      dataDir: config.dataDir,
      smtpUrl: config.SMTP_URL,
      apiLog: join(logDir, 'api.log'),
      rebuild: schedule,
    })}`,
  );

  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    stopRebuilds();
    console.log('\nStopping…');
    await new Promise<void>((resolve) => site.close(() => resolve()));
    site.closeAllConnections();
    await stopProcess(api);
    closeSync(apiLog);
    process.exit(0);
  };
  // `on`, not `once`: Ctrl-C reaches this process more than once (directly and through tsx), and a
  // second, unhandled SIGINT would end it before the API is stopped.
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

function formatInterval(ms: number): string {
  const seconds = ms / 1000;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

function step(message: string) {
  console.log(`\n▸ ${message}`);
}

/** Changes when the site's sources, its configuration or the catalogue change. */
function buildStamp(catalogueFingerprint: string, siteUrl: string, apiUrl: string): string {
  const hash = createHash('sha256').update(`${catalogueFingerprint}|${siteUrl}|${apiUrl}`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(`${relative(projectRoot, path)}:${statSync(path).mtimeMs}`);
    }
  };
  for (const dir of ['src', 'public']) walk(join(projectRoot, dir));
  for (const file of ['astro.config.mjs', 'package-lock.json']) {
    const path = join(projectRoot, file);
    if (existsSync(path)) hash.update(`${file}:${statSync(path).mtimeMs}`);
  }
  return hash.digest('hex');
}

main().catch(async (error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) console.error(error.message);
  else console.error('npm start failed:', error instanceof Error ? error.message : error);
  if (apiProcess) await stopProcess(apiProcess);
  process.exit(1);
});
