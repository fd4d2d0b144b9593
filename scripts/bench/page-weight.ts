/**
 * Page weight of the built site, measured in Chromium the way a reader meets it (scripts/lib/page-weight.ts):
 * each page type is opened on a phone-sized screen and scrolled once from top to bottom without touching
 * anything; every script the browser loads meanwhile counts, each at its gzip -9 size, once per page.
 *
 *   npm run bench:weight                                # serves dist/ (or SITE_DIST) itself
 *   npm run bench:weight -- /tmp/site-dist              # another build directory
 *   npm run bench:weight -- --url http://localhost:4321 # a running site (`npm start`)
 *   npm run bench:weight -- --scripts                   # also list every page's scripts
 *
 * The site is served at the origin it was built for (its canonical URLs), because the API it calls
 * answers that origin only (CORS): a page whose calls fail would load less than a reader's. So the API
 * the build points at must be running, and that port free (or pass --url). Exits with 1 when a page type
 * misses its budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../lib/browser';
import { startSiteServer } from '../lib/site-server';
import { pageTypes, pageWeight } from '../lib/page-weight';
import { printMachineReference } from './machine-reference';

const args = process.argv.slice(2);
/** `--scripts`: also list each page's scripts with their sizes. */
const listScripts = args.includes('--scripts');
const urlFlag = args.indexOf('--url');
const runningSite = urlFlag >= 0 ? args[urlFlag + 1]?.replace(/\/+$/, '') : undefined;
const distDir = resolve(
  args.find((arg, index) => !arg.startsWith('--') && (urlFlag < 0 || index !== urlFlag + 1)) ??
    process.env.SITE_DIST ??
    'dist',
);

const types = pageTypes(distDir);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  printMachineReference();
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`No built site in ${distDir}/: run \`npm run build\` first (or pass the build directory).`);
    process.exit(2);
  }
  let origin = runningSite;
  let server: Awaited<ReturnType<typeof startSiteServer>> | undefined;
  if (!origin) {
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(
      readFileSync(join(distDir, 'index.html'), 'utf8'),
    );
    const built = new URL(canonical?.[1] ?? 'http://localhost:4321/');
    server = await startSiteServer({ distDir, port: Number(built.port || 80), host: built.hostname }).catch(
      (error: unknown) => {
        throw new Error(
          `Cannot serve ${distDir} at ${built.origin}, the origin it was built for (${(error as Error).message}); ` +
            'stop what runs there or measure it with --url.',
          { cause: error },
        );
      },
    );
    origin = `http://${built.host}`;
  }
  const browser = await chromium.launch({
    executablePath: findBrowser()?.path,
    args: CHROMIUM_ARGS,
  });
  const rows: string[][] = [];
  let missed = 0;
  try {
    for (const type of types) {
      if (!type.path || !existsSync(join(distDir, `${type.path === '/' ? '/index' : type.path}.html`))) {
        rows.push([type.name, '(not built)', '', '', '', '', '']);
        continue;
      }
      const weight = await pageWeight(browser, origin + type.path);
      if (listScripts) {
        const sorted = [...weight.scripts].sort((a, b) => b[1] - a[1]);
        console.log(
          `${type.name} ${type.path}\n${sorted.map(([url, size]) => `  ${kb(size).padStart(6)}  ${new URL(url).pathname}`).join('\n')}`,
        );
      }
      const ok = type.budgetKb === undefined || weight.js <= type.budgetKb * 1024;
      if (!ok) missed += 1;
      rows.push([
        type.name,
        type.path,
        kb(weight.js),
        kb(weight.css),
        String(weight.scripts.size),
        type.budgetKb === undefined ? '–' : `≤ ${type.budgetKb}`,
        type.budgetKb === undefined ? '' : ok ? 'ok' : `OVER by ${weight.js - type.budgetKb * 1024} B`,
      ]);
    }
  } finally {
    await browser.close();
    server?.close();
  }

  const header = ['page type', 'page', 'JS KB gz', 'CSS KB gz', 'scripts', 'JS budget', ''];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column >= 2 && column <= 4 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ');
  console.log(
    `JavaScript loaded while reading each page once, top to bottom, 412 px wide (${runningSite ?? distDir}; gzip -9, KB = 1024 bytes)\n`,
  );
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  if (missed) {
    console.error(`\n${missed} page type(s) over their JavaScript budget.`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
