/**
 * Lighthouse (mobile, performance only) on the reading pages of a running site: home, a type page, a genre
 * page, a series page and a forum thread, each run `--runs` times (3); prints the median score, LCP, TBT
 * and CLS of each, and the goals (score 100, total blocking time ≤ 50 ms).
 *
 *   npm start                                   # in another terminal
 *   npm run bench:lighthouse                    # http://localhost:4321
 *   npm run bench:lighthouse -- --url http://localhost:4321 --runs 5 /about /issues
 *
 * Paths given after the options replace the reading pages. Exits with 1 when a page misses a goal.
 */
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, findBrowser } from '../lib/browser';
import { printMachineReference } from './machine-reference';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: 'http://localhost:4321' },
    runs: { type: 'string', default: '3' },
  },
});

const GOALS = { score: 100, totalBlockingTimeMs: 50 };

interface Measured {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (numbers: number[]) =>
  [...numbers].sort((a, b) => a - b)[Math.floor((numbers.length - 1) / 2)]!;

/** The first link on `path` whose address matches `pattern`, as a path. */
async function firstLink(path: string, pattern: RegExp): Promise<string> {
  const response = await fetch(new URL(path, values.url));
  const html = await response.text();
  const found = new RegExp(`href="(${pattern.source})"`).exec(html)?.[1];
  if (!response.ok || !found) throw new Error(`No link matching ${pattern} on ${values.url}${path}`);
  return found;
}

async function readingPages(): Promise<string[]> {
  return [
    '/',
    '/type/manga',
    await firstLink('/', /\/genre\/[\w-]+/),
    await firstLink('/', /\/series\/\d+/),
    await firstLink('/forum', /\/forum\/\d+/),
  ];
}

async function measure(port: number, url: string): Promise<Measured> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    output: 'json',
    logLevel: 'error',
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

async function main() {
  printMachineReference();
  const paths = positionals.length ? positionals : await readingPages();
  const runs = Number(values.runs);
  const chrome = await chromeLauncher.launch({
    chromePath: findBrowser()?.path,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  let missed = 0;
  try {
    console.log(`\nLighthouse mobile, performance, median of ${runs} runs, ${values.url}`);
    console.log(
      `  ${'page'.padEnd(28)} ${'score'.padStart(5)} ${'LCP'.padStart(8)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)}  runs (score/TBT)`,
    );
    for (const path of paths) {
      const results: Measured[] = [];
      for (let run = 0; run < runs; run += 1)
        results.push(await measure(chrome.port, new URL(path, values.url).href));
      const score = median(results.map((result) => result.score));
      const tbt = median(results.map((result) => result.tbtMs));
      const met = score >= GOALS.score && tbt <= GOALS.totalBlockingTimeMs;
      if (!met) missed += 1;
      console.log(
        `  ${path.padEnd(28)} ${String(score).padStart(5)} ${`${(median(results.map((result) => result.lcpMs)) / 1000).toFixed(2)} s`.padStart(8)}` +
          ` ${`${tbt.toFixed(0)} ms`.padStart(7)} ${median(results.map((result) => result.cls))
            .toFixed(3)
            .padStart(6)}` +
          `  ${results.map((result) => `${result.score}/${result.tbtMs.toFixed(0)}`).join(' ')}${met ? '' : '  MISSED'}`,
      );
    }
  } finally {
    await chrome.kill();
  }
  console.log(
    `goals (score ${GOALS.score}, TBT ≤ ${GOALS.totalBlockingTimeMs} ms): ${missed ? `${missed} page(s) MISSED` : 'met on every page'}`,
  );
  if (missed) process.exitCode = 1;
}

await main();
