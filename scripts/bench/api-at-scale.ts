/**
 * `bench:api -- --parts scale`: the API on a catalogue seeded beforehand at full size (100,000 series,
 * 4.5 million votes, 5,000 threads: `npm run seed -- --series 100000 --voters 2000 --threads 5000`), in a
 * real API process as `npm run api` starts it. Prints the time until the first rankings page is answered,
 * the idle resident memory, the median round trip of the reads whose cost grows with the catalogue (a
 * deep rankings page, a mention search, searches and suggestions for terms not asked before, pages of the
 * other orders and of a filtered list, a detail not read before),
 * then the resident memory while readers load it for a minute and once idle again.
 *
 *   npm run bench:api -- --parts scale --data-dir /path/to/DATA_DIR      # embedded, on a scratch copy
 *   npm run bench:api -- --parts scale --database-url postgres://...     # PostgreSQL, only read
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { spawnApiProcess, waitForHttp } from '../lib/processes';
import { printMachineReference } from './machine-reference';

export interface ScaleOptions {
  dataDir?: string;
  databaseUrl?: string;
  port?: string;
  readSeconds: number;
  connections: number;
}

/** Samples per timed read: medians of this many requests, each for a URL not asked before. */
const SAMPLES = 40;
const PAGE_SIZE = 25;

/** Resident memory now and at its peak (MB), from /proc (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** Words of generated titles, and a counter: each call gives a text no earlier call gave. */
const WORDS = ['blade', 'tower', 'ret', 'moon', 'crim', 'sain', 'dragon', 'empr', 'wolf', 'heir', 'acad'];
let fresh = 0;
/** Native-script fragments of the demo's alternative titles (scripts/demo/demo-alt-titles.ts). */
const NATIVE = ['혼자', '레벨', '世界', '魔王', '神记', '乾坤'];
const SORTS = ['popular', 'trending', 'newest', 'title'];
function freshTerm(): string {
  const n = fresh++;
  return `${WORDS[n % WORDS.length]}${String.fromCharCode(97 + (Math.floor(n / WORDS.length) % 26))}`;
}

/**
 * `count` typos no name contains, each of a different word: the longest word of titles spread over the
 * ranking, with its second and third letters swapped ("crimson" → "cirmson").
 */
async function misspeltTitleWords(base: string, count: number): Promise<string[]> {
  const words = new Set<string>();
  for (let page = 1; words.size < count && page <= 200; page += 7) {
    const response = await fetch(`${base}/series/rankings?page=${page}&page_size=100`);
    const titles = ((await response.json()) as { title: string }[]).map(({ title }) => title.toLowerCase());
    for (const title of titles) {
      const [longest] = (title.match(/[a-z]{6,}/g) ?? []).sort((a, b) => b.length - a.length);
      if (longest && words.size < count) words.add(longest);
    }
  }
  return [...words].map((word) => word.slice(0, 1) + word.slice(2, 3) + word.slice(1, 2) + word.slice(3));
}

export async function benchAtScale(options: ScaleOptions): Promise<void> {
  if (!options.dataDir === !options.databaseUrl)
    throw new Error('--parts scale needs --data-dir DIR (embedded) or --database-url URL (PostgreSQL)');
  printMachineReference();
  const scratch = mkdtempSync(join(tmpdir(), 'panelrank-bench-scale-'));
  try {
    if (options.dataDir) {
      console.log(`Copying ${options.dataDir} to a scratch folder...`);
      cpSync(options.dataDir, scratch, { recursive: true });
      rmSync(join(scratch, 'pglite.lock'), { force: true });
    }
    const port = options.port ?? String(20_000 + Math.floor(Math.random() * 20_000));
    const base = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const server = spawnApiProcess(
      {
        ...process.env,
        DATA_DIR: scratch,
        DATABASE_URL: options.databaseUrl ?? '',
        PORT: port,
        LOG_LEVEL: 'warn',
      },
      ['ignore', 'ignore', 'inherit'],
    );
    try {
      await waitForHttp(`${base}/health`, 300_000, server);
      await (await fetch(`${base}/series/rankings?page=1&page_size=${PAGE_SIZE}`)).arrayBuffer();
      const readyMs = performance.now() - started;
      await sleep(5000);
      const idle = memoryOf(server.pid!);
      const health = (await (await fetch(`${base}/health`)).json()) as {
        instance?: { catalogue_series?: number | null };
      };
      const series = health.instance?.catalogue_series ?? 100_000;
      console.log(`${options.dataDir ? 'Embedded' : 'PostgreSQL'}, ${series} series; load average ${load()}`);
      console.log(`  first rankings page answered ${(readyMs / 1000).toFixed(1)} s after start`);
      console.log(`  idle resident memory ${idle.rss} MB (peak so far ${idle.peak} MB)`);

      const deepPage = Math.max(1, Math.min(2000, Math.floor(series / PAGE_SIZE)));
      const misspelt = await misspeltTitleWords(base, SAMPLES);
      const timed: [string, (n: number) => string][] = [
        ['rankings page 1', () => `/series/rankings?page=1&page_size=${PAGE_SIZE}`],
        [
          `rankings page ${deepPage} (and pages before it, each first asked)`,
          (n) => `/series/rankings?page=${Math.max(1, deepPage - n)}&page_size=${PAGE_SIZE}`,
        ],
        ['mention search, terms not asked before', () => `/forum/series-search?q=${freshTerm()}`],
        ['series search, terms not asked before (goal <= 5 ms)', () => `/series/search?query=${freshTerm()}`],
        [
          'series search, typos / native script, not asked before',
          (n) =>
            `/series/search?query=${encodeURIComponent(n % 2 ? `${freshTerm()} tower` : NATIVE[n % NATIVE.length]! + n)}`,
        ],
        ['suggestions, terms not asked before (goal <= 3 ms)', () => `/series/suggest?q=${freshTerm()}`],
        // Each a word of a different title with two letters swapped: no typo shares another's corrections.
        ['series search, typos of words not misspelt before', (n) => `/series/search?query=${misspelt[n]}`],
        [
          'rankings by another order, a page of each',
          (n) => `/series/rankings?sort=${SORTS[n % SORTS.length]}&page=${1 + n}&page_size=${PAGE_SIZE}`,
        ],
        [
          'rankings filtered (2 genres, 1 excluded, a status), by voters',
          (n) =>
            `/series/rankings?genre=action,fantasy&not=romance&status=ongoing&sort=popular&page=${1 + n}&page_size=${PAGE_SIZE}`,
        ],
        ['series detail, not read before', (n) => `/series-details/${1 + ((n * 7919 + 17) % series)}`],
      ];
      console.log(`  median round trip of ${SAMPLES} requests, one at a time:`);
      for (const [name, path] of timed) {
        const samples: number[] = [];
        for (let n = 0; n < SAMPLES; n += 1) {
          const at = performance.now();
          const response = await fetch(base + path(n));
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`${path(n)} answered ${response.status}`);
          samples.push(performance.now() - at);
        }
        samples.sort((a, b) => a - b);
        console.log(
          `    ${name.padEnd(58)} ${samples[SAMPLES >> 1]!.toFixed(1)} ms (p90 ${samples[Math.floor(SAMPLES * 0.9)]!.toFixed(1)})`,
        );
      }

      // Readers: the first and deep rankings pages, type pages, details all over the catalogue, mentions.
      let next = 0;
      const readerPath = () => {
        const n = next++;
        switch (n % 5) {
          case 0:
            return `/series/rankings?page=${1 + (n % 4000)}&page_size=${PAGE_SIZE}`;
          case 1:
            return `/series-details/${1 + ((n * 7919) % series)}`;
          case 2:
            return `/forum/series-search?q=${WORDS[n % WORDS.length]}`;
          case 3:
            return `/series/rankings?type=${['MANHWA', 'MANGA', 'MANHUA'][n % 3]}&page=${1 + (n % 50)}&page_size=${PAGE_SIZE}`;
          default:
            return `/series/rankings?page=${1 + (n % 8)}&page_size=${PAGE_SIZE}`;
        }
      };
      console.log(
        `  reads: ${options.connections} connections for ${options.readSeconds} s (rankings pages, type pages, details, mentions)`,
      );
      const rounds = Math.max(1, Math.round(options.readSeconds / 10));
      let highest = 0;
      for (let round = 0; round < rounds; round += 1) {
        const result = await autocannon({
          url: base,
          connections: options.connections,
          duration: options.readSeconds / rounds,
          requests: [{ setupRequest: (request) => ({ ...request, path: readerPath() }) }],
        });
        const memory = memoryOf(server.pid!);
        highest = Math.max(highest, memory.rss);
        console.log(
          `    ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms` +
            (result.non2xx ? ` (${result.non2xx} non-2xx)` : '') +
            `; resident ${memory.rss} MB; load average ${load()}`,
        );
      }
      await sleep(5000);
      const after = memoryOf(server.pid!);
      console.log(
        `  resident memory: at most ${highest} MB during the reads, ${after.rss} MB idle after them ` +
          `(process peak ${after.peak} MB, start-up included)`,
      );
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
