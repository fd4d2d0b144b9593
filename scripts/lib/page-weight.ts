import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';

/*
 * How much JavaScript a page type costs a reader, measured the way a reader meets it: each page type is
 * opened on a phone-sized screen as a visitor and scrolled once from top to bottom without touching
 * anything; every script the browser loads meanwhile counts (entry scripts, islands that hydrate on idle or
 * when scrolled into view, dynamic imports, inline scripts), each at its gzip -9 size, once per page.
 * `npm run bench:weight` prints it for every page type; tests/e2e/page-weight.spec.ts fails a page type
 * over its budget.
 */

export interface PageType {
  name: string;
  /** The page opened: a path of the site, or undefined when the build has none of its kind. */
  path: string | undefined;
  /** Gzipped JavaScript budget in KB (1 KB = 1024 bytes); undefined = no budget. */
  budgetKb: number | undefined;
}

/**
 * The pages most visitors arrive on from a search engine or a shared link, read and leave: they load no
 * framework until the reader acts (docs/performance.md, Page weight).
 */
export const READING_PAGE_KB = 25;

/**
 * The catalogue's interactive pages (compare, the series fallback): React and the query layer, and for the
 * fallback the texts it shares with the series page's own script (0.8 KB).
 */
const CATALOGUE_APP_KB = 92;

function builtIds(distDir: string, folder: string): { id: number; size: number }[] {
  const dir = join(distDir, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^\d+\.html$/.test(name))
    .map((name) => ({ id: Number(name.slice(0, -5)), size: statSync(join(dir, name)).size }));
}

/** Every page type of the build in `distDir`, with its budget. */
export function pageTypes(distDir: string): PageType[] {
  const firstSeries = builtIds(distDir, 'series').sort((a, b) => a.id - b.id)[0]?.id;
  // The pre-rendered thread with the most posts (the build benchmark seeds a 300-post one).
  const biggestThread = builtIds(distDir, 'forum').sort((a, b) => b.size - a.size)[0]?.id;
  const firstGenre = existsSync(join(distDir, 'genre'))
    ? readdirSync(join(distDir, 'genre'))
        .filter((name) => name.endsWith('.html'))
        .sort()[0]
        ?.slice(0, -5)
    : undefined;
  return [
    { name: 'home', path: '/', budgetKb: READING_PAGE_KB },
    { name: 'home, page 2', path: '/page/2', budgetKb: READING_PAGE_KB },
    { name: 'type', path: '/type/manhwa', budgetKb: READING_PAGE_KB },
    {
      name: 'genre',
      path: firstGenre === undefined ? undefined : `/genre/${firstGenre}`,
      budgetKb: READING_PAGE_KB,
    },
    { name: 'popular', path: '/popular', budgetKb: READING_PAGE_KB },
    { name: 'trending', path: '/trending', budgetKb: READING_PAGE_KB },
    {
      name: 'series',
      path: firstSeries === undefined ? undefined : `/series/${firstSeries}`,
      budgetKb: READING_PAGE_KB,
    },
    {
      name: 'forum thread',
      path: biggestThread === undefined ? undefined : `/forum/${biggestThread}`,
      budgetKb: READING_PAGE_KB,
    },
    { name: 'series fallback', path: '/series/fallback', budgetKb: CATALOGUE_APP_KB },
    { name: 'login', path: '/login', budgetKb: 80 },
    { name: 'signup', path: '/signup', budgetKb: 80 },
    // Verifies its link on load, so React loads at once; no budget (docs/performance.md, Page weight).
    { name: 'verify email', path: '/verify-email', budgetKb: undefined },
    { name: 'info', path: '/about', budgetKb: 15 },
    // Static like the info pages: the shared header's script and nothing else.
    { name: 'developers', path: '/developers', budgetKb: 15 },
    { name: 'compare', path: '/compare', budgetKb: CATALOGUE_APP_KB },
    // 100 until the series page's texts became a chunk of their own (0.8 KB) that this page shares.
    { name: 'my lists', path: '/my-lists', budgetKb: 102 },
    { name: 'notifications', path: '/notifications', budgetKb: 100 },
    // Signed-in pages with one island each (React and the query layer); a visitor is sent to log in.
    { name: 'account apps', path: '/account/apps', budgetKb: 100 },
    { name: 'oauth consent', path: '/oauth/authorize', budgetKb: 95 },
    // Every /lists/{token} is this one page (a 200 rewrite).
    { name: 'shared list', path: '/lists', budgetKb: 100 },
    { name: 'issues tracker', path: '/issues', budgetKb: 60 },
    { name: 'report issue', path: '/report-issue', budgetKb: 60 },
    // The editor loads when a reader opens a form, so it is not in these.
    { name: 'forum', path: '/forum', budgetKb: 110 },
  ];
}

export interface Weight {
  js: number;
  css: number;
  /** Each script's URL and gzipped size. */
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

/** The weight of one page as a visitor on a 412 px phone reads it through, in a context of its own. */
export async function pageWeight(browser: Browser, url: string): Promise<Weight> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  try {
    return await measure(await context.newPage(), url);
  } finally {
    await context.close();
  }
}
