/**
 * Page weight of the built site, measured in Chromium the way a reader meets it: each page type is opened
 * on a phone-sized screen and scrolled once from top to bottom without touching anything; every script the
 * browser loads meanwhile counts (entry scripts, islands that hydrate on idle or when scrolled into view,
 * dynamic imports, inline scripts), each at its gzip -9 size, once per page.
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
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../lib/browser';
import { startSiteServer } from '../lib/site-server';
import { printMachineReference } from './machine-reference';

const args = process.argv.slice(2);
/** `--scripts`: also list each page's scripts with their sizes. */
const listScripts = args.includes('--scripts');
const urlFlag = args.indexOf('--url');
const runningSite = urlFlag >= 0 ? args[urlFlag + 1]?.replace(/\/+$/, '') : undefined;
const distDir = resolve(
  args.find((arg, index) => !arg.startsWith('--') && index !== urlFlag + 1) ??
    process.env.SITE_DIST ??
    'dist',
);

interface PageType {
  name: string;
  /** The page opened: a path of the site. */
  path: string | undefined;
  /** Gzipped JavaScript budget in KB (1 KB = 1024 bytes); undefined = no budget. */
  budgetKb: number | undefined;
}

const firstSeries = existsSync(join(distDir, 'series'))
  ? readdirSync(join(distDir, 'series'))
      .filter((name) => /^\d+\.html$/.test(name))
      .map((name) => Number(name.slice(0, -5)))
      .sort((a, b) => a - b)[0]
  : undefined;

/** The pre-rendered thread with the most posts (the bench seeds a 300-post one). */
const biggestThread = existsSync(join(distDir, 'forum'))
  ? readdirSync(join(distDir, 'forum'))
      .filter((name) => /^\d+\.html$/.test(name))
      .map((name) => ({ id: Number(name.slice(0, -5)), size: statSync(join(distDir, 'forum', name)).size }))
      .sort((a, b) => b.size - a.size)[0]?.id
  : undefined;

/**
 * The catalogue pages' budget: 85 KB, plus the query layer every island reads through
 * (@nanostores/query with the nanostores stores it needs, 2.7 KB; its React hook, and on the lists the
 * paged reads, 1 KB).
 */
const CATALOGUE_PAGE_KB = 90;

const pageTypes: PageType[] = [
  { name: 'home', path: '/', budgetKb: CATALOGUE_PAGE_KB },
  { name: 'home, page 2', path: '/page/2', budgetKb: CATALOGUE_PAGE_KB },
  { name: 'type', path: '/type/manhwa', budgetKb: CATALOGUE_PAGE_KB },
  {
    name: 'series',
    path: firstSeries === undefined ? undefined : `/series/${firstSeries}`,
    budgetKb: CATALOGUE_PAGE_KB,
  },
  { name: 'series fallback', path: '/series/fallback', budgetKb: CATALOGUE_PAGE_KB },
  { name: 'login', path: '/login', budgetKb: 80 },
  { name: 'signup', path: '/signup', budgetKb: 80 },
  // Verifies its link on load, so React loads at once; no budget (docs/performance.md, Page weight).
  { name: 'verify email', path: '/verify-email', budgetKb: undefined },
  { name: 'info', path: '/about', budgetKb: 15 },
  { name: 'compare', path: '/compare', budgetKb: CATALOGUE_PAGE_KB },
  { name: 'my lists', path: '/my-lists', budgetKb: 100 },
  { name: 'notifications', path: '/notifications', budgetKb: 100 },
  // Every /lists/{token} is this one page (a 200 rewrite).
  { name: 'shared list', path: '/lists', budgetKb: 100 },
  { name: 'issues tracker', path: '/issues', budgetKb: 60 },
  { name: 'report issue', path: '/report-issue', budgetKb: 60 },
  // The editor loads when a reader opens a form, so it is not in these.
  { name: 'forum', path: '/forum', budgetKb: 110 },
  {
    name: 'forum thread',
    path: biggestThread === undefined ? undefined : `/forum/${biggestThread}`,
    budgetKb: 120,
  },
];

interface Weight {
  js: number;
  css: number;
  scripts: Map<string, number>;
}

const gz = (content: string | Buffer) => gzipSync(content, { level: 9 }).length;

/** Opens the page, waits for it to settle, scrolls once to the bottom it had at load, and settles again. */
async function readThrough(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  // Past requestIdleCallback's first chance, so client:idle islands have hydrated.
  await page.waitForTimeout(500);
  const bottom = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = await page.evaluate(() => Math.round(window.innerHeight * 0.8));
  for (let y = step; y < bottom + step; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function measure(page: Page, url: string): Promise<Weight> {
  const scripts = new Map<string, number>();
  const styles = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const target = type === 'script' ? scripts : type === 'stylesheet' ? styles : undefined;
    if (!target || target.has(response.url()) || !response.ok()) return;
    target.set(response.url(), 0);
    pending.push(
      response.body().then(
        (body) => void target.set(response.url(), gz(body)),
        () => undefined,
      ),
    );
  });
  await readThrough(page, url);
  await Promise.all(pending);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((script) => !/json/i.test(script.getAttribute('type') ?? ''))
      .map((script) => script.textContent ?? '')
      .join('\n'),
  );
  const inlineCss = await page.evaluate(() =>
    [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n'),
  );
  const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((total, size) => total + size, 0);
  return {
    js: sum(scripts) + (inline ? gz(inline) : 0),
    css: sum(styles) + (inlineCss ? gz(inlineCss) : 0),
    scripts,
  };
}

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
    for (const type of pageTypes) {
      if (!type.path || !existsSync(join(distDir, `${type.path === '/' ? '/index' : type.path}.html`))) {
        rows.push([type.name, '(not built)', '', '', '', '', '']);
        continue;
      }
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
      });
      const weight = await measure(await context.newPage(), origin + type.path);
      await context.close();
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
