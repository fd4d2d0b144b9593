/**
 * `npm run rebuild`: builds the site against the running API into a new folder and swaps it in atomically
 * (scripts/lib/site-builds.ts), so the site `npm start` serves shows the current rankings, new series and
 * new forum threads without a restart. Visitors never see a half-built site.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../api/config';
import { runCommand } from './lib/command';
import { projectRoot } from './lib/processes';
import { rebuildSite } from './lib/rebuild-job';

async function main(): Promise<number> {
  const config = loadConfig();
  const sitePort = Number(process.env.SITE_PORT ?? 4321);
  const buildApiUrl = (process.env.BUILD_API_URL?.trim() || `http://127.0.0.1:${config.PORT}`).replace(
    /\/+$/,
    '',
  );
  try {
    const health = await fetch(`${buildApiUrl}/health`, { signal: AbortSignal.timeout(5000) });
    if (!health.ok) throw new Error(`answered ${health.status}`);
  } catch (error) {
    throw new Error(
      `The API is not answering at ${buildApiUrl} (${(error as Error).message}). Start it first ` +
        '(`npm start` or `npm run api`), or point BUILD_API_URL at it.',
      { cause: error },
    );
  }
  const distPath = resolve(projectRoot, process.env.SITE_DIST ?? 'dist');
  console.log(`Rebuilding the site from ${buildApiUrl} into ${distPath} …`);
  const { seconds, folder } = await rebuildSite({
    distPath,
    siteUrl: process.env.SITE_URL ?? `http://localhost:${sitePort}`,
    publicApiUrl: config.publicApiUrl,
    buildApiUrl,
  });
  console.log(`Rebuilt in ${seconds.toFixed(1)} s; now serving ${folder}`);
  return 0;
}

runCommand(main, 'Rebuild failed');
