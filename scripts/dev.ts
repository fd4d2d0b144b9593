/**
 * `npm run dev`: the API with reload on change (tsx watch) and the Astro dev server, on the embedded
 * defaults, with the demo catalogue seeded into an empty database first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { loadConfig } from '../api/config';
import { prepareData } from './lib/prepare-data';
import { astroEnv, bin, projectRoot, spawnApi, stopProcess, waitForHttp } from './lib/processes';

const config = loadConfig();
const sitePort = Number(process.env.SITE_PORT ?? 4321);
const siteUrl = process.env.SITE_URL ?? `http://localhost:${sitePort}`;
const env = { ...process.env, SITE_URL: siteUrl, PUBLIC_API_URL: config.publicApiUrl };

const data = await prepareData(config);
const children: ChildProcess[] = [];
const api = spawnApi({ env, stdio: 'inherit', watch: true });
children.push(api);
await waitForHttp(`http://127.0.0.1:${config.PORT}/health`, 60_000, api);
children.push(
  spawn(bin('astro'), ['dev', '--port', String(sitePort)], {
    cwd: projectRoot,
    env: { ...astroEnv(env), BUILD_API_URL: `http://127.0.0.1:${config.PORT}` },
    stdio: 'inherit',
  }),
);
console.log(
  `\nDev: site ${siteUrl}, API ${config.publicApiUrl}, admin ${data.admin.username} / ${data.admin.password}\n`,
);

const shutdown = async () => {
  await Promise.all(children.map((child) => stopProcess(child)));
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
