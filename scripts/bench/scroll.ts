/**
 * Infinite scroll without a framework: home opened on a 412 px phone and scrolled with the mouse wheel until
 * `--cards` (200) cards are on screen, traced in Chromium. Prints every main-thread task over 50 ms (a long
 * task, as Lighthouse counts them) with the longest, at each CPU slowdown asked for (`--slowdowns 1,4`: 4 is
 * what Lighthouse's mobile profile takes a mid-range phone to be), and checks that the cards, their order
 * and their ranks are the API's ranking page after page, and that no React chunk was requested.
 *
 *   npm start                          # in another terminal: the site and the API it was built from
 *   npm run bench:scroll               # http://localhost:4321, the API at http://localhost:8787
 *   npm run bench:scroll -- --url http://localhost:4321 --api http://localhost:8787 --cards 200 --runs 3
 *
 * Exits with 1 when a goal is missed at the largest slowdown.
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../lib/browser';
import { printMachineReference } from './machine-reference';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:4321' },
    api: { type: 'string', default: 'http://localhost:8787' },
    cards: { type: 'string', default: '200' },
    slowdowns: { type: 'string', default: '1,4' },
    runs: { type: 'string', default: '3' },
  },
});

const LONG_TASK_MS = 50;
const PAGE_SIZE = 25;
/** React DOM's chunk (`client.*.js`) and the list island's own. */
const REACT_CHUNK = /\/_astro\/(client|RankingList)\.[\w-]+\.js$/;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

interface ScrollRun {
  cards: { id: number; rank: number | undefined }[];
  /** Durations of the renderer main thread's top-level tasks over 50 ms, in ms. */
  longTasks: number[];
  longestMs: number;
  /** How many main-thread tasks the trace held: none means the trace is broken, not that the page is idle. */
  traced: number;
  reactChunks: string[];
  scrollMs: number;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/** The renderer main thread's top-level tasks (RunTask) of a Chromium trace, in ms. */
export function mainThreadTasks(trace: { traceEvents: TraceEvent[] }): number[] {
  const threads = trace.traceEvents.filter(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const tasks = trace.traceEvents.filter((event) => event.ph === 'X' && event.name === 'RunTask');
  // The page's renderer is the main thread that ran the most tasks (others are extensions or spares).
  let busiest: TraceEvent[] = [];
  for (const thread of threads) {
    const own = tasks.filter((task) => task.pid === thread.pid && task.tid === thread.tid);
    if (own.length > busiest.length) busiest = own;
  }
  return busiest.map((task) => (task.dur ?? 0) / 1000);
}

async function scrollHome(browser: Browser, wanted: number, slowdown: number): Promise<ScrollRun> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
  const page: Page = await context.newPage();
  const reactChunks: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (REACT_CHUNK.test(pathname)) reactChunks.push(pathname);
  });
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(values.url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    await page.mouse.move(200, 400);
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    const started = performance.now();
    const count = () => page.locator('main ol[data-series-grid] > li article').count();
    while ((await count()) < wanted && performance.now() - started < 120_000) {
      await page.mouse.wheel(0, 700);
      await page.waitForTimeout(120);
    }
    // The last appended page settles (its layout and the check after it) inside the trace.
    await page.waitForTimeout(1000);
    const scrollMs = performance.now() - started;
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const tasks = mainThreadTasks(trace);
    const cards = await page.locator('main ol[data-series-grid] > li article').evaluateAll((articles) =>
      articles.map((article) => ({
        id: Number(article.querySelector('h2 a')?.getAttribute('href')?.split('/').pop()),
        rank: Number(/Rank (\d+)/.exec(article.textContent ?? '')?.[1]) || undefined,
      })),
    );
    return {
      cards,
      longTasks: tasks.filter((ms) => ms > LONG_TASK_MS),
      longestMs: Math.max(0, ...tasks),
      traced: tasks.length,
      reactChunks,
      scrollMs,
    };
  } finally {
    await context.close();
  }
}

/** The API's ranking over the pages the cards cover: what React's infinite scroll shows. */
async function apiRanking(pages: number): Promise<{ id: number; rank: number | null }[]> {
  const all: { id: number; rank: number | null }[] = [];
  for (let page = 1; page <= pages; page += 1) {
    const response = await fetch(`${values.api}/series/rankings?page=${page}&page_size=${PAGE_SIZE}`);
    if (!response.ok) throw new Error(`${values.api}/series/rankings: HTTP ${response.status}`);
    all.push(...((await response.json()) as { id: number; rank: number | null }[]));
  }
  return all;
}

async function main() {
  printMachineReference();
  const wanted = Number(values.cards);
  const slowdowns = values.slowdowns.split(',').map(Number);
  const runs = Number(values.runs);
  const browser = await chromium.launch({ executablePath: findBrowser()?.path, args: CHROMIUM_ARGS });
  let failed = false;
  try {
    const expected = await apiRanking(Math.ceil(wanted / PAGE_SIZE));
    console.log(`\nHome scrolled to ${wanted} cards at 412 px, ${runs} runs at each CPU slowdown`);
    console.log(
      '  slowdown  cards  long tasks (> 50 ms)  longest task  scroll time  tasks traced  React chunks  order and ranks',
    );
    for (const slowdown of slowdowns) {
      const results: ScrollRun[] = [];
      for (let run = 0; run < runs; run += 1) results.push(await scrollHome(browser, wanted, slowdown));
      const mismatches = results.map(
        (result) =>
          result.cards
            .slice(0, expected.length)
            .filter(
              (card, index) =>
                card.id !== expected[index]?.id || card.rank !== (expected[index]?.rank ?? undefined),
            ).length + Math.max(0, Math.min(wanted, expected.length) - result.cards.length),
      );
      const longCounts = results.map((result) => result.longTasks.length);
      const longest = results.map((result) => result.longestMs);
      if (results.some((result) => result.traced === 0))
        throw new Error('The trace held no main-thread task.');
      const react = results.reduce((total, result) => total + result.reactChunks.length, 0);
      console.log(
        `  ${`${slowdown}×`.padEnd(8)}  ${String(median(results.map((result) => result.cards.length))).padStart(5)}` +
          `  ${`median ${median(longCounts)} (runs: ${longCounts.join(', ')})`.padEnd(20)}` +
          `  ${`${median(longest).toFixed(0)} ms`.padStart(12)}  ${`${(median(results.map((result) => result.scrollMs)) / 1000).toFixed(1)} s`.padStart(11)}` +
          `  ${String(median(results.map((result) => result.traced))).padStart(12)}` +
          `  ${String(react).padStart(12)}  ${mismatches.every((count) => count === 0) ? 'the same as the API' : `${mismatches.join(', ')} differ`}`,
      );
      if (results.some((result) => result.longTasks.length))
        console.log(
          `    long tasks: ${results.map((result) => result.longTasks.map((ms) => `${ms.toFixed(0)} ms`).join(' ') || '-').join(' | ')}`,
        );
      if (slowdown === Math.max(...slowdowns)) {
        failed = median(longCounts) > 0 || react > 0 || mismatches.some((count) => count > 0);
        console.log(
          `goal at ${slowdown}×: no long task, no React, the API's order and ranks: ${failed ? 'MISSED' : 'met'}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  if (failed) process.exitCode = 1;
}

await main();
