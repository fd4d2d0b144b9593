/**
 * API throughput benchmark: seeds a scratch in-memory catalogue of 10,000 series and 10,000 issue reports,
 * serves it from a child process (so the load generator does not share its event loop) and runs autocannon
 * against the hot read routes and a bare route, printing req/s, p99 latency, each route's ratio to the bare
 * route and the median server-side handling time of each route. Routes with a goal (a share of the bare
 * route's req/s) are marked ok or UNDER: the reading-list reads (a 25-item list's page with a sort and two
 * filters, signed in; a shared list by its token) must reach 50 %.
 *
 *   npm run bench:api [-- --series 10000 --reports 10000 --duration 5 --connections 50]
 *   npm run bench:api -- --only list       # only routes whose name contains "list" (and the bare route)
 *   npm run bench:api -- --postgres postgres://user@host:5432/postgres   # on a scratch database there
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../../api/app';
import { seedDemoCatalogue } from '../demo/demo-catalogue';
import { loadConfig } from '../../api/config';
import { migrateDatabase, openDatabase } from '../../api/db/client';
import { users } from '../../api/db/schema';
import { seedDemoIssueReports } from '../demo/demo-issue-reports';
import { LocalDiskStorage } from '../../api/media/storage';
import { addItem, createList, setShared } from '../../api/reading-lists/repository';

const { values: options } = parseArgs({
  options: {
    series: { type: 'string', default: '10000' },
    reports: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    serve: { type: 'boolean', default: false },
    /** A PostgreSQL server to run on (a scratch database is created and dropped) instead of memory://. */
    postgres: { type: 'string' },
    /** Runs only the routes whose name contains this text (and the bare route, the yardstick). */
    only: { type: 'string' },
  },
});

const SERIES_COUNT = Number(options.series);
/** Shown for the uncached search, whose page and page size change with every request. */
const UNCACHED_SEARCH = '/issues?q=keyboard&page=N&page_size=M';
const REPORT_COUNT = Number(options.reports);
const BARE_ROUTE = '/__bench/bare';
/** Reading-list reads must serve at least this share of the bare route's req/s. */
const LIST_GOAL = 0.5;
const LIST_ITEMS = 25;

interface ReadingListFixture {
  /** Bearer token of the list's owner. */
  token: string;
  listId: number;
  shareToken: string;
}

/** A reader with a shared 25-item list of series spread over the catalogue. */
async function createReadingList(app: Awaited<ReturnType<typeof buildApp>>): Promise<ReadingListFixture> {
  const [user] = await app.db
    .insert(users)
    .values({ username: 'bench_reader', email: 'bench.reader@gmail.com', emailVerifiedAt: new Date() })
    .returning();
  const list = await createList(app.db, user!.id, 'Bench list');
  if (typeof list === 'string') throw new Error(`could not create the bench list: ${list}`);
  const step = Math.max(1, Math.floor(SERIES_COUNT / LIST_ITEMS));
  for (let i = 0; i < LIST_ITEMS; i++) {
    const added = await addItem(app.db, user!.id, list.id, 1 + i * step, LIST_ITEMS);
    if (typeof added === 'string') throw new Error(`could not fill the bench list: ${added}`);
  }
  const shared = await setShared(app.db, user!.id, list.id, true);
  return { token: await app.accessTokens.issue(user!), listId: list.id, shareToken: shared!.share_token! };
}

/** Child process: seed, serve, report the port, and record server-side handling times per URL. */
async function serve(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-bench-'));
  const scratch = options.postgres ? await scratchDatabase(options.postgres) : undefined;
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? 'memory://',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase(config.database);
  await migrateDatabase(database);
  let started = performance.now();
  // The demo catalogue (votes and all) without cover images: the routes only link to covers.
  await seedDemoCatalogue(database.db, new LocalDiskStorage(join(dataDir, 'media'), config.publicApiUrl), {
    series: SERIES_COUNT,
    covers: false,
  });
  await seedDemoIssueReports(database.db, { count: REPORT_COUNT });
  const seedMs = performance.now() - started;

  const app = await buildApp({ config, database, logger: false });
  app.get(BARE_ROUTE, { logLevel: 'silent' }, async () => ({ ok: true }));
  const readingList = await createReadingList(app);
  const handlingMs = new Map<string, number[]>();
  app.addHook('onResponse', async (request, reply) => {
    // Requests whose URL changes every time (cache misses on purpose) report under their route's name.
    const key = (request.headers['x-bench-route'] as string | undefined) ?? request.url;
    const samples = handlingMs.get(key) ?? [];
    if (samples.length < 200_000) samples.push(reply.elapsedTime);
    handlingMs.set(key, samples);
  });
  started = performance.now();
  await app.catalogueCache.get();
  const coldLoadMs = performance.now() - started;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  process.on('message', async (message: { type: string }) => {
    if (message.type === 'timings') {
      const medians = Object.fromEntries(
        [...handlingMs].map(([url, samples]) => [
          url,
          samples.sort((a, b) => a - b)[samples.length >> 1] ?? 0,
        ]),
      );
      handlingMs.clear();
      process.send!({ type: 'timings', medians });
    }
    if (message.type === 'stop') {
      await app.close();
      await database.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send!({ type: 'ready', port, seedMs, coldLoadMs, readingList });
}

/** A throwaway database on the PostgreSQL server. */
async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `panelrank_bench_${process.pid}_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

let uncachedCounter = 0;
/** 1,620 distinct page and page-size pairs: within a run, requests miss the tracker's answer cache. */
function uncachedSearch(request: autocannon.Request): autocannon.Request {
  const n = uncachedCounter++;
  const page = 1 + (n % 20);
  const pageSize = 20 + (Math.floor(n / 20) % 81);
  return {
    ...request,
    path: `/issues?q=keyboard&page=${page}&page_size=${pageSize}`,
    headers: { ...request.headers, 'x-bench-route': UNCACHED_SEARCH },
  };
}

function request<T>(child: ChildProcess, message: { type: string }, reply: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (answer: { type: string } & T) => {
      if (answer.type !== reply) return;
      child.off('message', onMessage);
      resolve(answer);
    };
    child.on('message', onMessage);
    if (message.type !== 'none') child.send(message);
  });
}

async function main(): Promise<void> {
  const child = fork(process.argv[1]!, [...process.argv.slice(2), '--serve'], { stdio: 'inherit' });
  const ready = await request<{
    port: number;
    seedMs: number;
    coldLoadMs: number;
    readingList: ReadingListFixture;
  }>(child, { type: 'none' }, 'ready');
  const base = `http://127.0.0.1:${ready.port}`;
  console.log(`Database: ${options.postgres ? 'PostgreSQL (scratch database)' : 'in-memory PGlite'}.`);
  console.log(
    `Seeded ${SERIES_COUNT} series and ${REPORT_COUNT} issue reports in ${(ready.seedMs / 1000).toFixed(1)} s; ` +
      `cold catalogue load (query + ranking) ${ready.coldLoadMs.toFixed(0)} ms.`,
  );
  const deepPage = Math.max(1, Math.floor(SERIES_COUNT / 25 / 2));
  const { readingList } = ready;
  const listItemsPath = `/reading-lists/${readingList.listId}/items/paged?sort=stars_desc&type=MANHWA&min_votes=1`;
  const sharedListPath = `/reading-lists/public/${readingList.shareToken}`;
  const auth = { authorization: `Bearer ${readingList.token}` };
  // [name, path, goal as a share of the bare route's req/s, request headers]
  const allRoutes: [string, string, number?, Record<string, string>?][] = [
    ['bare route', BARE_ROUTE],
    ['/health (one DB query)', '/health'],
    ['rankings page 1', '/series/rankings?page=1&page_size=25'],
    [`rankings page ${deepPage}`, `/series/rankings?page=${deepPage}&page_size=25`],
    ['rankings type+genre', '/series/rankings?type=MANGA&genre=action&page=2&page_size=25'],
    ['search', '/series/search?query=dragon'],
    ['summary', '/series/summary/1234'],
    ['series detail', '/series-details/1234'],
    ['issues page 1', '/issues?page=1&page_size=50'],
    // A term in about 1 in 10 generated reports: a realistic search, not an empty or an everything one.
    ['issues search', '/issues?q=keyboard&page=1&page_size=50', 0.3],
    ['issues counts search', '/issues/counts?q=keyboard'],
    // The same search with a page and page size that change on every request: no answer cache helps.
    ['issues search uncached', UNCACHED_SEARCH],
    ['list items (sort+2 filters)', listItemsPath, LIST_GOAL, auth],
    ['shared list by token', sharedListPath, LIST_GOAL],
    // Again, at the end: the first run of a process is also its JIT warm-up.
    ['bare route (again)', BARE_ROUTE],
  ];
  const routes = allRoutes.filter(
    ([name, path]) => path === BARE_ROUTE || !options.only || name.includes(options.only),
  );
  const duration = Number(options.duration);
  const connections = Number(options.connections);
  console.log(`autocannon: ${connections} connections, ${duration} s per route\n`);
  const results: { name: string; path: string; rps: number; p99: number; errors: number; goal?: number }[] =
    [];
  for (const [name, path, goal, headers] of routes) {
    const uncached = path === UNCACHED_SEARCH;
    const requests = uncached ? [{ setupRequest: uncachedSearch }] : undefined;
    const url = base + (uncached ? '/issues' : path);
    await autocannon({ url, connections, duration: 1, requests, headers }); // warm-up
    const result = await autocannon({ url, connections, duration, requests, headers });
    results.push({
      name,
      path,
      rps: result.requests.average,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      goal,
    });
  }
  const { medians } = await request<{ medians: Record<string, number> }>(
    child,
    { type: 'timings' },
    'timings',
  );
  // The better of the two bare runs: a cold first run would flatter every ratio.
  const bare = Math.max(...results.filter((r) => r.path === BARE_ROUTE).map((r) => r.rps));
  console.log(
    [
      'route'.padEnd(26),
      'req/s'.padStart(9),
      'p99 ms'.padStart(8),
      'vs bare'.padStart(8),
      'handling'.padStart(10),
    ].join(' '),
  );
  for (const r of results) {
    const handling = medians[r.path];
    console.log(
      [
        r.name.padEnd(26),
        Math.round(r.rps).toString().padStart(9),
        r.p99.toString().padStart(8),
        `${((r.rps / bare) * 100).toFixed(0)}%`.padStart(8),
        (handling === undefined ? '-' : `${(handling * 1000).toFixed(0)} µs`).padStart(10),
        r.goal === undefined ? '' : ` goal ≥ ${r.goal * 100}%: ${r.rps / bare >= r.goal ? 'ok' : 'UNDER'}`,
        r.errors ? ` (${r.errors} errors/non-2xx)` : '',
      ].join(' '),
    );
  }
  console.log('\nhandling = median time from request received to response sent, measured in the server.');
  console.log('vs bare = share of the better of the two bare-route runs.');
  child.send({ type: 'stop' });
}

if (options.serve) {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
