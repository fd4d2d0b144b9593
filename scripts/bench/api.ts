/**
 * API throughput benchmark: seeds a scratch in-memory catalogue of 10,000 series and 10,000 issue reports,
 * serves it from a child process (so the load generator does not share its event loop) and runs autocannon
 * against the hot read routes and a bare route, printing req/s, p99 latency, each route's ratio to the bare
 * route and the median server-side handling time of each route. Routes with a goal (a share of the bare
 * route's req/s) are marked ok or UNDER: the reading-list reads (a 25-item list's page with a sort and two
 * filters, signed in; a shared list by its token) must reach 50 %; the forum reads (a thread of 300 posts
 * as a visitor and signed in, a title search over 2,000 threads) must reach 25 %. The series page's tracking
 * lookup (`/reading-lists/me/series/{id}`, signed in, for a series in the reader's list and one in none)
 * has a goal on its median handling time instead: at most 2 ms; so do a series' reviews (a page of 20 of its
 * 200 reviews, asked one at a time by both sorts, visitor and signed in): at most 3 ms; and a reader's
 * profile (`GET /users/{username}`, the first ask of each of 199 readers and one asked again): at most 5 ms.
 * The library API, one at a time with a personal token: `GET /v1/library` for a library of 200 entries (a
 * page of 100) at most 3 ms; `PUT /v1/library/{id}` (progress, and adding a series) at most 5 ms; and the
 * bearer check of a token checked lately at most 50 µs.
 *
 *   npm run bench:api [-- --series 10000 --reports 10000 --duration 5 --connections 50]
 *   npm run bench:api -- --only list       # only routes whose name contains "list" (and the bare route)
 *   npm run bench:api -- --postgres postgres://user@host:5432/postgres   # on a scratch database there
 *
 * Then the mixed scenario: readers on rankings and details alone, then the same readers while 20 users
 * vote, reported as the share of the read throughput kept (goal >= 70 %), the votes' p50 and p99, and the
 * votes acknowledged against the votes stored. Last, the server's resident memory when idle with the
 * catalogue loaded. `--parts routes,mixed,memory` picks the parts (all by default).
 *
 *   npm run bench:api -- --parts mixed,memory --series 2000 --connections 100
 *
 * `--parts scale` alone runs the API on a full-size catalogue seeded beforehand instead (api-at-scale.ts):
 *
 *   npm run bench:api -- --parts scale --data-dir /path/to/DATA_DIR [--port 8900 --read-seconds 60]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { benchAtScale } from './api-at-scale';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { count, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../api/app';
import { seedDemoCatalogue } from '../demo/demo-catalogue';
import { loadConfig } from '../../api/config';
import { migrateDatabase, openDatabase } from '../../api/db/client';
import { openMigratedDatabase } from '../../api/db/open-for-script';
import { spawnApiProcess, waitForHttp } from '../lib/processes';
import { reviewHelpfulMarks, reviews, users, votes } from '../../api/db/schema';
import { seedGeneratedThreads, seedLongThread } from '../demo/demo-forum';
import { seedDemoIssueReports } from '../demo/demo-issue-reports';
import { LocalDiskStorage } from '../../api/media/storage';
import { addItem, createList, setShared, updateItem } from '../../api/reading-lists/repository';
import { printMachineReference } from './machine-reference';

const { values: options } = parseArgs({
  options: {
    series: { type: 'string', default: '10000' },
    reports: { type: 'string', default: '10000' },
    threads: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    serve: { type: 'boolean', default: false },
    /** A PostgreSQL server to run on (a scratch database is created and dropped) instead of memory://. */
    postgres: { type: 'string' },
    /** Runs only the routes whose name contains this text (and the bare route, the yardstick). */
    only: { type: 'string' },
    /** `routes`, `mixed` and/or `memory`, comma-separated; all by default. */
    parts: { type: 'string', default: 'routes,mixed,memory' },
    voters: { type: 'string', default: '20' },
    /**
     * Pause between one voter's votes, in ms: 250 makes each of the 20 voters click four times a second (80
     * votes/s in all), several times what people do and what VOTE_RATE_LIMIT_MAX allows; 0 votes flat out.
     */
    'vote-pause': { type: 'string', default: '250' },
    /**
     * The `scale` part: a DATA_DIR seeded beforehand (`npm run seed -- --series 100000 --voters 2000
     * --threads 5000`), copied to a scratch folder and served by a real API process on the embedded engine.
     */
    'data-dir': { type: 'string' },
    /** The `scale` part on PostgreSQL: a database seeded beforehand, served as it is (only read). */
    'database-url': { type: 'string' },
    /** Port of the API process the `scale` part starts (a random one by default). */
    port: { type: 'string' },
    /** Seconds of reads in the `scale` part (60 by default). */
    'read-seconds': { type: 'string', default: '60' },
    /** Writes a CPU profile of the server process into this folder. */
    'cpu-prof': { type: 'string' },
  },
});

const VOTER_COUNT = Number(options.voters);
const VOTE_PAUSE_MS = Number(options['vote-pause']);
const VOTE_CATEGORIES = ['STORY', 'CHARACTERS', 'WORLD_BUILDING', 'ART', 'DRAMA_OR_FIGHT'] as const;

const SERIES_COUNT = Number(options.series);
/** Shown for the uncached search, whose page and page size change with every request. */
const UNCACHED_SEARCH = '/issues?q=keyboard&page=N&page_size=M';
const REPORT_COUNT = Number(options.reports);
const BARE_ROUTE = '/__bench/bare';
/** Reading-list reads must serve at least this share of the bare route's req/s. */
const LIST_GOAL = 0.5;
/** The series page's tracking lookup: its median server-side handling time, at most this. */
const TRACKING_HANDLING_GOAL_MS = 2;
/** Series whose tracking is asked once each, to time the lookup's first ask (a database read). */
const TRACKING_MISSES = 500;
const LIST_ITEMS = 25;
const THREAD_COUNT = Number(options.threads);
/** Forum reads must serve at least this share of the bare route's req/s. */
const FORUM_GOAL = 0.25;
const LONG_THREAD_POSTS = 300;
/** A series' reviews (`GET /series/{id}/reviews`): the median handling of a page, at most this. */
const REVIEWS_HANDLING_GOAL_MS = 3;
/** A reader's profile (`GET /users/{username}`): the median handling, at most this. */
const PROFILE_HANDLING_GOAL_MS = 5;
/** The library API: a reader's library of this many entries (two lists), read and written one at a time. */
const LIBRARY_ENTRIES = 200;
const LIBRARY_HANDLING_GOAL_MS = 3;
const LIBRARY_PUT_GOAL_MS = 5;
/** The library API's bearer check of a token checked lately: its cost, at most this. */
const BEARER_CHECK_GOAL_US = 50;
/** Reviews of the reviewed series, by as many readers, with helpful marks among them. */
const REVIEW_COUNT = 200;
/** Pages of the reviews asked one at a time (every sort and page, as a visitor and signed in, in turn). */
const REVIEW_ASKS = 400;

/** One request of a one-at-a-time measurement. */
interface OneAsk {
  url: string;
  token?: string;
  method?: 'GET' | 'PUT';
  json?: unknown;
}

interface ReadingListFixture {
  /** Bearer token of the list's owner. */
  token: string;
  listId: number;
  shareToken: string;
  /** A series in the list (with a status, chapters and a score), and one in none of the owner's lists. */
  listedSeriesId: number;
  unlistedSeriesId: number;
  readerId: number;
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
  const tracked = await updateItem(app.db, user!.id, list.id, 1, {
    readingStatus: 'READING',
    chaptersRead: 42,
    score: 8,
  });
  if (typeof tracked === 'string') throw new Error(`could not track the bench series: ${tracked}`);
  return {
    token: await app.accounts.issueToken(user!),
    listId: list.id,
    shareToken: shared!.share_token!,
    listedSeriesId: 1,
    unlistedSeriesId: 2,
    readerId: user!.id,
  };
}

interface LibraryFixture {
  /** A personal access token with every scope. */
  apiToken: string;
  /** Series not in the library, for the writes that add one. */
  freeSeriesIds: number[];
  listedSeriesIds: number[];
}

/** A reader whose library holds LIBRARY_ENTRIES series over two lists, with a personal token. */
async function createLibrary(app: Awaited<ReturnType<typeof buildApp>>): Promise<LibraryFixture> {
  const [user] = await app.db
    .insert(users)
    .values({ username: 'bench_library', email: 'bench.library@gmail.com', emailVerifiedAt: new Date() })
    .returning();
  const listedSeriesIds: number[] = [];
  for (const [name, from] of [
    ['Reading', 0],
    ['Later', LIBRARY_ENTRIES / 2],
  ] as const) {
    const list = await createList(app.db, user!.id, name);
    if (typeof list === 'string') throw new Error(`could not create the library list: ${list}`);
    for (let i = 0; i < LIBRARY_ENTRIES / 2; i++) {
      const seriesId = 1 + (((from + i) * 37) % SERIES_COUNT);
      const added = await addItem(app.db, user!.id, list.id, seriesId, LIBRARY_ENTRIES);
      if (typeof added === 'string') throw new Error(`could not fill the library: ${added}`);
      listedSeriesIds.push(seriesId);
    }
  }
  const personal = await app.apps.createPersonalToken(user!.id, {
    name: 'bench',
    scopes: ['library.read', 'library.write', 'profile'],
  });
  if (personal === 'limit') throw new Error('could not create the bench token');
  const listed = new Set(listedSeriesIds);
  const freeSeriesIds = Array.from({ length: SERIES_COUNT }, (_, i) => i + 1)
    .filter((id) => !listed.has(id))
    .slice(0, 100);
  return { apiToken: personal.token, freeSeriesIds, listedSeriesIds };
}

/**
 * REVIEW_COUNT reviews of one series, each by its own reader (the bench reader's, with their score of 8,
 * among them), a few weeks apart, marked helpful by up to ten of the others each.
 */
async function seedReviews(app: Awaited<ReturnType<typeof buildApp>>, seriesId: number, readerId: number) {
  const reviewers = await app.db
    .insert(users)
    .values(
      Array.from({ length: REVIEW_COUNT - 1 }, (_, index) => ({
        username: `bench_reviewer_${index}`,
        email: `bench.reviewer.${index}@gmail.com`,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const authorIds = [readerId, ...reviewers.map((reviewer) => reviewer.id)];
  const body = 'A long look at the pacing, the art and the cast, chapter by chapter. '.repeat(12);
  const now = Date.now();
  const rows = await app.db
    .insert(reviews)
    .values(
      authorIds.map((userId, index) => ({
        seriesId,
        userId,
        bodyMarkdown: body,
        spoiler: index % 5 === 0,
        createdAt: new Date(now - index * 3_600_000),
      })),
    )
    .returning({ id: reviews.id });
  const marks = rows.flatMap((review, index) =>
    Array.from({ length: index % 11 }, (_, offset) => ({
      reviewId: review.id,
      userId: authorIds[(index + offset + 1) % authorIds.length]!,
    })),
  );
  await app.db.insert(reviewHelpfulMarks).values(marks);
  await app.db
    .update(reviews)
    .set({
      helpfulCount: sql`(select count(*)::int from ${reviewHelpfulMarks} m where m.review_id = ${reviews.id})`,
    })
    .where(eq(reviews.seriesId, seriesId));
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
    // The voters of the mixed scenario vote faster than people do.
    VOTE_RATE_LIMIT_MAX: '1000000',
    // The library API's reads and writes are asked thousands of times with one token.
    V1_RATE_LIMIT_MAX: '1000000',
  });
  const database = await openDatabase(config.database, {
    embeddedSharedBuffers: config.EMBEDDED_SHARED_BUFFERS,
  });
  await migrateDatabase(database);
  let started = performance.now();
  // The demo catalogue (votes and all) without cover images: the routes only link to covers.
  await seedDemoCatalogue(database.db, new LocalDiskStorage(join(dataDir, 'media'), config.publicApiUrl), {
    series: SERIES_COUNT,
    covers: false,
  });
  await seedDemoIssueReports(database.db, { count: REPORT_COUNT });
  await seedGeneratedThreads(database.db, { threads: THREAD_COUNT });
  const longThreadId = await seedLongThread(database.db, { posts: LONG_THREAD_POSTS });
  const seedMs = performance.now() - started;

  const app = await buildApp({ config, database, logger: false });
  app.get(BARE_ROUTE, { logLevel: 'silent' }, async () => ({ ok: true }));
  const readingList = await createReadingList(app);
  await seedReviews(app, readingList.listedSeriesId, readingList.readerId);
  const library = await createLibrary(app);
  const handlingMs = new Map<string, number[]>();
  app.addHook('onResponse', async (request, reply) => {
    // Requests whose URL changes every time (cache misses on purpose) report under their route's name.
    const key = (request.headers['x-bench-route'] as string | undefined) ?? request.url;
    const samples = handlingMs.get(key) ?? [];
    if (samples.length < 200_000) samples.push(reply.elapsedTime);
    handlingMs.set(key, samples);
  });
  started = performance.now();
  await app.catalogue.snapshot();
  const coldLoadMs = performance.now() - started;
  const voters = await createBenchVoters(app, VOTER_COUNT);
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
    if (message.type === 'one-at-a-time') {
      // Asked one at a time, so each handling is the route's own, not a queue's; the server's own figure.
      const { key, asks } = message as unknown as { key: string; asks: OneAsk[] };
      for (const { url, token, method, json } of asks) {
        const reply = await app.inject({
          url,
          method: method ?? 'GET',
          ...(json === undefined ? {} : { payload: json as object }),
          headers: { 'x-bench-route': key, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
        if (reply.statusCode !== 200) throw new Error(`${url} answered ${reply.statusCode}`);
      }
      const elapsed = (handlingMs.get(key) ?? []).sort((a, b) => a - b);
      handlingMs.delete(key);
      process.send!({ type: 'one-at-a-time', median: elapsed[elapsed.length >> 1] ?? 0 });
    }
    if (message.type === 'bearer-check') {
      // The bearer check of a token checked lately (remembered by its hash), in batches: µs per check.
      const token = library.apiToken;
      if (!(await app.apps.bearer.check(token))) throw new Error('the bench token is not valid');
      const perCheck: number[] = [];
      for (let batch = 0; batch < 50; batch++) {
        const start = performance.now();
        for (let i = 0; i < 10_000; i++) if (!app.apps.bearer.remembered(token)) throw new Error('not kept');
        perCheck.push(((performance.now() - start) * 1000) / 10_000);
      }
      perCheck.sort((a, b) => a - b);
      process.send!({ type: 'bearer-check', micros: perCheck[perCheck.length >> 1] });
    }
    if (message.type === 'stored-votes') {
      const voterIds = voters.map((voter) => voter.id);
      const [row] = await database.db
        .select({ stored: count() })
        .from(votes)
        .where(inArray(votes.userId, voterIds));
      process.send!({ type: 'stored-votes', stored: row?.stored ?? 0 });
    }
    if (message.type === 'stop') {
      await app.close();
      await database.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send!({
    type: 'ready',
    port,
    seedMs,
    coldLoadMs,
    readingList,
    library,
    longThreadId,
    tokens: voters.map((voter) => voter.token),
    seriesIds: (await app.catalogue.snapshot()).ranking.overall.map((entry) => entry.series.id),
  });
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

/** Users who vote in the mixed scenario, with their access tokens. */
async function createBenchVoters(app: Awaited<ReturnType<typeof buildApp>>, total: number) {
  const rows = await app.db
    .insert(users)
    .values(
      Array.from({ length: total }, (_, index) => ({
        username: `bench_voter_${index}`,
        email: `bench.voter.${index}@gmail.com`,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning();
  return Promise.all(rows.map(async (user) => ({ id: user.id, token: await app.accounts.issueToken(user) })));
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

function request<T>(
  child: ChildProcess,
  message: { type: string; [field: string]: unknown },
  reply: string,
): Promise<T> {
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
  printMachineReference();
  if (options.parts === 'scale') {
    return benchAtScale({
      dataDir: options['data-dir'],
      databaseUrl: options['database-url'],
      port: options.port,
      readSeconds: Number(options['read-seconds']),
      connections: Number(options.connections),
    });
  }
  const profile = options['cpu-prof'];
  const child = fork(process.argv[1]!, [...process.argv.slice(2), '--serve'], {
    stdio: 'inherit',
    execArgv: [
      ...process.execArgv,
      ...(profile ? ['--cpu-prof', '--cpu-prof-interval=250', `--cpu-prof-dir=${profile}`] : []),
    ],
  });
  const ready = await request<Ready>(child, { type: 'none' }, 'ready');
  const base = `http://127.0.0.1:${ready.port}`;
  console.log(`Database: ${options.postgres ? 'PostgreSQL (scratch database)' : 'in-memory PGlite'}.`);
  console.log(
    `Seeded ${SERIES_COUNT} series, ${REPORT_COUNT} issue reports, ${THREAD_COUNT} forum threads and a ` +
      `${LONG_THREAD_POSTS}-post thread in ${(ready.seedMs / 1000).toFixed(1)} s; ` +
      `cold catalogue load (query + ranking) ${ready.coldLoadMs.toFixed(0)} ms.`,
  );
  const parts = options.parts.split(',');
  if (parts.includes('routes')) await benchRoutes(child, base, ready);
  if (parts.includes('mixed')) await benchMixed(child, base, ready);
  child.send({ type: 'stop' });
  if (parts.includes('memory')) await benchIdleMemory();
}

/**
 * The API's resident memory when idle with the demo catalogue (what `npm start` seeds), as the OS counts
 * it (/proc): a real server process on the embedded database in a data folder, and with --postgres on a
 * scratch database there. The server is started the way `npm run api` runs it, answers a few reads, then
 * idles for five seconds.
 */
async function benchIdleMemory(): Promise<void> {
  console.log(
    "\nIdle resident memory of the API with the demo catalogue (npm start's 300 series with covers):",
  );
  const targets: { name: string; url: string; drop?: () => Promise<void> }[] = [
    { name: 'embedded', url: '' },
  ];
  if (options.postgres) {
    const scratch = await scratchDatabase(options.postgres);
    targets.push({ name: 'PostgreSQL', url: scratch.url, drop: scratch.drop });
  }
  for (const target of targets) {
    const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-bench-memory-'));
    try {
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: target.url,
        LOG_LEVEL: 'warn',
        PORT: '0',
      };
      const config = loadConfig(env);
      const database = await openMigratedDatabase(config, { role: 'seed' });
      await seedDemoCatalogue(database.db, new LocalDiskStorage(join(dataDir, 'media'), config.publicApiUrl));
      await database.close();
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const server = spawnApiProcess({ ...env, PORT: String(port) }, ['ignore', 'ignore', 'inherit']);
      const base = `http://127.0.0.1:${port}`;
      await waitForHttp(`${base}/health`, 60_000, server);
      for (const path of [
        '/series/rankings',
        '/series/rankings?page=2',
        '/series/search?query=dragon',
        '/series-details/1',
        '/series/catalogue',
        '/issues',
      ]) {
        await (await fetch(base + path)).arrayBuffer();
      }
      await sleep(5000);
      const rss = residentMegabytes(server.pid!);
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      console.log(`  ${target.name.padEnd(12)} ${rss === undefined ? 'n/a (no /proc)' : `${rss} MB`}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await target.drop?.();
    }
  }
}

/** A process's resident set in MB, from /proc (Linux); undefined elsewhere. */
function residentMegabytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}

interface Ready {
  port: number;
  seedMs: number;
  coldLoadMs: number;
  readingList: ReadingListFixture;
  library: LibraryFixture;
  longThreadId: number;
  tokens: string[];
  seriesIds: number[];
}

async function benchRoutes(child: ChildProcess, base: string, ready: Ready): Promise<void> {
  const deepPage = Math.max(1, Math.floor(SERIES_COUNT / 25 / 2));
  const { readingList } = ready;
  const listItemsPath = `/reading-lists/${readingList.listId}/items/paged?sort=stars_desc&type=MANHWA&min_votes=1`;
  const sharedListPath = `/reading-lists/public/${readingList.shareToken}`;
  const auth = { authorization: `Bearer ${readingList.token}` };
  // As browsers ask: the forum sends a long thread's shared answer gzipped to clients that accept it.
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  // [name, path, goal as a share of the bare route's req/s, request headers, goal on the median handling ms]
  const allRoutes: [string, string, number?, Record<string, string>?, number?][] = [
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
    // The series page's Track panel, signed in: a series in the reader's list, and one in none of them.
    [
      'list tracking (listed)',
      `/reading-lists/me/series/${readingList.listedSeriesId}`,
      undefined,
      auth,
      TRACKING_HANDLING_GOAL_MS,
    ],
    [
      'list tracking (unlisted)',
      `/reading-lists/me/series/${readingList.unlistedSeriesId}`,
      undefined,
      auth,
      TRACKING_HANDLING_GOAL_MS,
    ],
    // A series' reviews, first page by each sort: as a visitor, and signed in (the caller's marks read too).
    // Under load, their handling includes the wait for the database: the goal is checked one at a time below.
    ['reviews helpful page 1', `/series/${readingList.listedSeriesId}/reviews?sort=helpful`],
    [
      'reviews newest signed in',
      `/series/${readingList.listedSeriesId}/reviews?sort=newest&page=3`,
      undefined,
      auth,
    ],
    // A reader's profile: counts, public lists, recent reviews and posts, reading stats.
    ['profile', '/users/bench_reader', undefined, undefined, PROFILE_HANDLING_GOAL_MS],
    [`forum thread ${LONG_THREAD_POSTS} posts`, `/forum/threads/${ready.longThreadId}`, FORUM_GOAL, browser],
    // Signed in: the same cached thread, plus authentication (the token's check and its user, both remembered).
    [`forum thread signed in`, `/forum/threads/${ready.longThreadId}`, FORUM_GOAL, { ...auth, ...browser }],
    ['forum threads page 1', '/forum/threads?page=1&page_size=20'],
    // A word in about 1 in 8 generated titles.
    ['forum threads search', '/forum/threads?q=fight', FORUM_GOAL],
    // Again, at the end: the first run of a process is also its JIT warm-up.
    ['bare route (again)', BARE_ROUTE],
  ];
  const routes = allRoutes.filter(
    ([name, path]) => path === BARE_ROUTE || !options.only || name.includes(options.only),
  );
  const duration = Number(options.duration);
  const connections = Number(options.connections);
  console.log(`autocannon: ${connections} connections, ${duration} s per route\n`);
  const results: {
    name: string;
    path: string;
    rps: number;
    p99: number;
    errors: number;
    goal?: number;
    handlingGoalMs?: number;
  }[] = [];
  for (const [name, path, goal, headers, handlingGoalMs] of routes) {
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
      handlingGoalMs,
    });
    // autocannon stops with up to one request per connection still queued in the database: a slow
    // route (the uncached search, ~50 ms each) would otherwise eat the next route's first seconds.
    await fetch(base + '/health');
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
        r.handlingGoalMs === undefined || handling === undefined
          ? ''
          : ` goal ≤ ${r.handlingGoalMs} ms: ${handling <= r.handlingGoalMs ? 'ok' : 'OVER'}`,
        r.errors ? ` (${r.errors} errors/non-2xx)` : '',
      ].join(' '),
    );
  }
  console.log('\nhandling = median time from request received to response sent, measured in the server.');
  console.log('vs bare = share of the better of the two bare-route runs.');
  const oneAtATime = async (key: string, asks: OneAsk[]) =>
    (await request<{ median: number }>(child, { type: 'one-at-a-time', key, asks }, 'one-at-a-time')).median;
  const verdict = (median: number, goalMs: number) =>
    `median handling ${(median * 1000).toFixed(0)} µs, goal ≤ ${goalMs} ms: ${median <= goalMs ? 'ok' : 'OVER'}`;
  if (routes.some(([name]) => name.startsWith('reviews'))) {
    // The reviews are never kept (each answer carries the caller's marks and the authors' current
    // scores): every ask reads the database.
    const pages = Math.ceil(REVIEW_COUNT / 20);
    const asks = Array.from({ length: REVIEW_ASKS }, (_, ask) => ({
      url: `/series/${readingList.listedSeriesId}/reviews?sort=${ask % 2 === 0 ? 'helpful' : 'newest'}&page=${1 + (ask % pages)}`,
      ...(ask % 4 < 2 ? { token: readingList.token } : {}),
    }));
    console.log(
      `reviews, a page of 20 of ${REVIEW_COUNT} (both sorts, every page, visitor and signed in), one at a time ` +
        `over ${REVIEW_ASKS} asks: ${verdict(await oneAtATime('reviews', asks), REVIEWS_HANDLING_GOAL_MS)}`,
    );
  }
  if (routes.some(([name]) => name.startsWith('profile'))) {
    // Each reviewer's profile once (no kept answer: its reads from the database), then the bench reader's
    // (25-item shared list, a review, reading stats) asked again and again, as its cache serves it.
    const reviewers = Array.from({ length: REVIEW_COUNT - 1 }, (_, index) => ({
      url: `/users/bench_reviewer_${index}`,
    }));
    console.log(
      `profiles, first ask for each of ${reviewers.length} readers (no kept answer), one at a time: ` +
        verdict(await oneAtATime('profile-misses', reviewers), PROFILE_HANDLING_GOAL_MS),
    );
    const again = Array.from({ length: 400 }, () => ({ url: '/users/bench_reader' }));
    console.log(
      `profiles, one reader's asked 400 times in turn (kept): ` +
        verdict(await oneAtATime('profile-kept', again), PROFILE_HANDLING_GOAL_MS),
    );
  }
  if (!options.only || 'library api'.includes(options.only)) {
    const { library } = ready;
    const token = library.apiToken;
    // A page of 100 of the 200 entries, both pages and a status filter in turn.
    const reads = Array.from({ length: 400 }, (_, ask) => ({
      url: ['/v1/library', '/v1/library?page=2', '/v1/library?status=plan_to_read'][ask % 3]!,
      token,
    }));
    console.log(
      `library API, GET /v1/library (a page of 100 of ${LIBRARY_ENTRIES} entries), one at a time over 400 asks: ` +
        verdict(await oneAtATime('library-read', reads), LIBRARY_HANDLING_GOAL_MS),
    );
    // Progress on a listed series (status, chapters, score, a date), and adding series not yet listed.
    const writes: OneAsk[] = Array.from({ length: 400 }, (_, ask) => ({
      url: `/v1/library/${library.listedSeriesIds[ask % library.listedSeriesIds.length]}`,
      token,
      method: 'PUT',
      json: { status: 'READING', chapters_read: ask, score: 1 + (ask % 10), started_on: '2024-01-01' },
    }));
    console.log(
      'library API, PUT /v1/library/{id} (progress of a listed series), one at a time over 400 asks: ' +
        verdict(await oneAtATime('library-write', writes), LIBRARY_PUT_GOAL_MS),
    );
    const adds: OneAsk[] = library.freeSeriesIds.slice(0, 50).map((id) => ({
      url: `/v1/library/${id}`,
      token,
      method: 'PUT',
      json: { status: 'PLAN_TO_READ' },
    }));
    console.log(
      'library API, PUT /v1/library/{id} adding a series, one at a time over 50 series: ' +
        verdict(await oneAtATime('library-add', adds), LIBRARY_PUT_GOAL_MS),
    );
    const { micros } = await request<{ micros: number }>(child, { type: 'bearer-check' }, 'bearer-check');
    console.log(
      `library API, bearer check of a token checked lately: ${micros.toFixed(2)} µs, goal ≤ ` +
        `${BEARER_CHECK_GOAL_US} µs: ${micros <= BEARER_CHECK_GOAL_US ? 'ok' : 'OVER'}`,
    );
  }
  if (routes.some(([name]) => name.startsWith('list tracking'))) {
    // The lookup's first ask for a series (no kept answer: one SQL statement), for series never asked.
    const asks = Array.from({ length: TRACKING_MISSES }, (_, index) => ({
      url: `/reading-lists/me/series/${3 + index}`,
      token: readingList.token,
    }));
    console.log(
      `list tracking, first ask for a series (no kept answer), one at a time over ${TRACKING_MISSES} series: ` +
        verdict(await oneAtATime('tracking-misses', asks), TRACKING_HANDLING_GOAL_MS),
    );
  }
}
/** Readers' URLs for the mixed scenario: ranking pages (overall and by type) and series details. */
function readerPaths(seriesIds: number[]): string[] {
  const paths: string[] = [];
  for (let page = 1; page <= 8; page += 1) paths.push(`/series/rankings?page=${page}&page_size=25`);
  for (const type of ['MANHWA', 'MANGA', 'MANHUA'])
    paths.push(`/series/rankings?type=${type}&page=1&page_size=25`);
  // Details of the top series (what visitors open) and of some further down.
  for (const id of [...seriesIds.slice(0, 40), ...seriesIds.filter((_, index) => index % 97 === 0)]) {
    paths.push(`/series-details/${id}`);
  }
  return paths;
}

async function readLoad(base: string, paths: string[], duration: number, connections: number) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/**
 * Each voter votes one category of a series after another, as fast as answers come, until `until`; every
 * 200 is an acknowledged vote that must be stored.
 */
async function voteLoad(base: string, tokens: string[], seriesIds: number[], until: number, round: number) {
  const latencies: number[] = [];
  let acknowledged = 0;
  let failed = 0;
  await Promise.all(
    tokens.map(async (token, voter) => {
      for (let n = 0; performance.now() < until; n += 1) {
        // Each round starts on other series, so no vote repeats one already cast (403).
        const offset =
          round * Math.floor(seriesIds.length / 3) + voter * 7919 + Math.floor(n / VOTE_CATEGORIES.length);
        const id = seriesIds[offset % seriesIds.length]!;
        const category = VOTE_CATEGORIES[n % VOTE_CATEGORIES.length]!;
        const started = performance.now();
        const response = await fetch(`${base}/series-details/${id}/vote`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ category, score: 1 + ((voter + n) % 10) }),
        }).catch(() => undefined);
        await response?.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response?.status === 200) acknowledged += 1;
        else failed += 1;
        if (VOTE_PAUSE_MS > 0) await sleep(VOTE_PAUSE_MS);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    acknowledged,
    failed,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    median: latencies[latencies.length >> 1] ?? 0,
  };
}

/** Readers alone, then the same readers while the voters vote; votes acknowledged against votes stored. */
async function benchMixed(child: ChildProcess, base: string, ready: Ready): Promise<void> {
  const duration = Number(options.duration);
  const connections = Number(options.connections);
  const paths = readerPaths(ready.seriesIds);
  console.log(
    `\nMixed: ${connections} connections reading ${paths.length} ranking and detail URLs, ${duration} s, ` +
      `alone and while ${ready.tokens.length} users vote (${VOTE_PAUSE_MS ? `pausing ${VOTE_PAUSE_MS} ms after each vote` : 'flat out'})`,
  );
  await readLoad(base, paths, 1, connections); // warm-up
  // Alone and mixed alternate, three times each, and the medians are compared: other load on the machine
  // then weighs on both alike.
  const aloneRuns: Awaited<ReturnType<typeof readLoad>>[] = [];
  const mixedRuns: Awaited<ReturnType<typeof readLoad>>[] = [];
  const voteRuns: Awaited<ReturnType<typeof voteLoad>>[] = [];
  for (let round = 0; round < 3; round += 1) {
    aloneRuns.push(await readLoad(base, paths, duration, connections));
    const until = performance.now() + duration * 1000 + 500;
    const [mixedRun, voteRun] = await Promise.all([
      readLoad(base, paths, duration, connections),
      voteLoad(base, ready.tokens, ready.seriesIds, until, round),
    ]);
    mixedRuns.push(mixedRun);
    voteRuns.push(voteRun);
  }
  const median = <T>(runs: T[], value: (run: T) => number) => runs.map(value).sort((a, b) => a - b)[1]!;
  const alone = { rps: median(aloneRuns, (r) => r.rps), p99: median(aloneRuns, (r) => r.p99) };
  const mixed = { rps: median(mixedRuns, (r) => r.rps), p99: median(mixedRuns, (r) => r.p99) };
  const errors = [...aloneRuns, ...mixedRuns].reduce((sum, run) => sum + run.errors, 0);
  const votes = {
    acknowledged: voteRuns.reduce((sum, run) => sum + run.acknowledged, 0),
    failed: voteRuns.reduce((sum, run) => sum + run.failed, 0),
    median: median(voteRuns, (r) => r.median),
    p99: median(voteRuns, (r) => r.p99),
  };
  const { stored } = await request<{ stored: number }>(child, { type: 'stored-votes' }, 'stored-votes');
  const share = mixed.rps / alone.rps;
  console.log(`  (medians of 3 alternating runs of each)`);
  console.log(`  reads alone          ${Math.round(alone.rps)} req/s, p99 ${alone.p99} ms`);
  console.log(
    `  reads while voting   ${Math.round(mixed.rps)} req/s, p99 ${mixed.p99} ms: ` +
      `${(share * 100).toFixed(0)} % of alone (goal ≥ 70 %: ${share >= 0.7 ? 'ok' : 'UNDER'})` +
      (errors ? ` (${errors} errors/non-2xx)` : ''),
  );
  console.log(
    `  votes                ${votes.acknowledged} acknowledged (${(votes.acknowledged / duration / 3).toFixed(0)}/s), ` +
      `p50 ${votes.median.toFixed(1)} ms, p99 ${votes.p99.toFixed(1)} ms` +
      (votes.failed ? `, ${votes.failed} refused or failed` : ''),
  );
  console.log(
    `  stored votes         ${stored}: ${stored === votes.acknowledged ? 'no vote lost' : `MISMATCH (${stored - votes.acknowledged})`}`,
  );
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
