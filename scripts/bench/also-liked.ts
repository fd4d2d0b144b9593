/**
 * "Readers also liked" on a full-size catalogue: the job's wall time, the API process's extra resident
 * memory while it runs, and how rankings reads fare meanwhile, on the embedded engine (the API's own thread
 * runs the SQL and the job's scoring) or on PostgreSQL. Part of the scheduled jobs' benchmarks
 * (scheduled-jobs.ts times the digest and the retention sweep on a scratch database).
 *
 *   npm run seed -- --series 100000 --voters 2000           # into DATA_DIR, once
 *   cp -a DATA_DIR COPY                                      # the run migrates and writes the copy
 *   npm run bench:also-liked -- --data-dir COPY [--readers 8]
 *   npm run bench:also-liked -- --database-url postgres://...  # a database seeded the same way
 *
 * The API runs in a child process built as the server builds it, with the product's memory flags. Readers
 * request `/series/rankings?page=1` without pause; the p99 of the requests that started while the job ran
 * is set against the p99 of an equal window just before. Goals: the job within 2 minutes and 500 MB of
 * extra resident memory.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { migrateDatabase, openDatabase } from '../../api/db/client';
import { queryRows } from '../../api/db/query-rows';
import { API_NODE_FLAGS } from '../lib/processes';
import { printMachineReference } from './machine-reference';

const { values: options } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    readers: { type: 'string', default: '8' },
    serve: { type: 'boolean', default: false },
  },
});

const GOAL_MS = 120_000;
const GOAL_EXTRA_MB = 500;
const MB = 1024 * 1024;

interface JobDone {
  type: 'done';
  ms: number;
  extraMb: number;
  result: unknown;
}

/** Child: the API on the given data, running the job on request. */
async function serve(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: options['data-dir'] ?? '',
    DATABASE_URL: options['database-url'] ?? '',
    PORT: '0',
    LOG_LEVEL: 'warn',
    // Only this benchmark runs the jobs.
    RANKING_PRIOR_REFRESH: '24h',
    ALSO_LIKED_REFRESH: '0',
  });
  const database = await openDatabase(config.database);
  await migrateDatabase(database);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.catalogue.snapshot();
  const [counts] = await queryRows<{ series: number; votes: number; voters: number }>(
    database.db,
    sql`select (select count(*) from series)::int as series, (select count(*) from votes)::int as votes,
        (select count(distinct user_id) from votes)::int as voters`,
  );
  console.log(`Data: ${counts!.series} series, ${counts!.voters} voters, ${counts!.votes} votes`);
  const address = app.server.address();
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'run') {
      global.gc?.();
      const rssBefore = process.memoryUsage.rss();
      let peak = rssBefore;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
      const started = performance.now();
      const result = await app.recommendations.recompute();
      const ms = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage.rss());
      process.send!({ type: 'done', ms, extraMb: (peak - rssBefore) / MB, result } satisfies JobDone);
    } else if (message.type === 'stop') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send!({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
}

function reply<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const listen = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', listen);
      resolve(message as T);
    };
    child.on('message', listen);
  });
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;
};

/** Readers that request the page back to back until stopped, recording each request's start and time. */
function startReaders(url: string, readers: number) {
  const samples: { at: number; ms: number }[] = [];
  let running = true;
  const loops = Array.from({ length: readers }, async () => {
    while (running) {
      const at = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      samples.push({ at, ms: performance.now() - at });
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function main(): Promise<void> {
  if (!options['data-dir'] === !options['database-url']) {
    throw new Error('give --data-dir DIR (a copy of a seeded DATA_DIR: it is written) or --database-url URL');
  }
  printMachineReference();
  const args = ['--serve'];
  if (options['data-dir']) args.push('--data-dir', options['data-dir']);
  else args.push('--database-url', options['database-url']!);
  const child = fork(process.argv[1]!, args, {
    stdio: 'inherit',
    execArgv: [...process.execArgv, ...API_NODE_FLAGS, '--expose-gc'],
  });
  try {
    const { port } = await reply<{ port: number }>(child, 'ready');
    const url = `http://127.0.0.1:${port}/series/rankings?page=1`;
    console.log(
      `Engine: ${options['data-dir'] ? 'embedded' : 'PostgreSQL'}; ${options.readers} readers on ${url}`,
    );
    const readers = startReaders(url, Number(options.readers));
    await sleep(5000);
    const started = performance.now();
    child.send({ type: 'run' });
    const done = await reply<JobDone>(child, 'done');
    const ended = performance.now();
    await readers.stop();
    const window = ended - started;
    const during = readers.samples.filter((s) => s.at >= started && s.at <= ended).map((s) => s.ms);
    const before = readers.samples.filter((s) => s.at >= started - window && s.at < started).map((s) => s.ms);
    const [p99Before, p99During] = [percentile(before, 0.99), percentile(during, 0.99)];
    console.log(`Job: ${JSON.stringify(done.result)}`);
    console.log(
      `Job wall time ${(done.ms / 1000).toFixed(1)} s (goal <= ${GOAL_MS / 1000}: ${done.ms <= GOAL_MS ? 'ok' : 'OVER'}); ` +
        `extra resident memory ${done.extraMb.toFixed(0)} MB (goal <= ${GOAL_EXTRA_MB}: ${done.extraMb <= GOAL_EXTRA_MB ? 'ok' : 'OVER'}); ` +
        `rankings p99 ${p99Before.toFixed(1)} ms before (${before.length} reads), ` +
        `${p99During.toFixed(1)} ms during (${during.length} reads)`,
    );
  } finally {
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
  }
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
