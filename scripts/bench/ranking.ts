/**
 * The ranking priors' recomputation on a full-size catalogue: how long until the priors are stored and until
 * the API serves the re-ranked catalogue, and how rankings reads fare meanwhile, on the embedded engine (the
 * API's own thread runs the SQL) or on PostgreSQL.
 *
 *   npm run seed -- --series 100000 --voters 2000           # into DATA_DIR, once
 *   npm run bench:ranking -- --data-dir DATA_DIR [--rounds 3 --readers 8]
 *   npm run bench:ranking -- --database-url postgres://...  # a database seeded the same way
 *
 * The API runs in a child process built as the server builds it (so the readers here do not share its event
 * loop), with the product's memory flags. Each round recomputes with a prior weight `m` other than the stored
 * one, so every series is rescored (the worst case: a recomputation whose means did not move tells
 * nobody). Readers request `/series/rankings?page=1` without pause throughout; the p99 of the requests
 * that started while the recomputation ran is set against the p99 of an equal window just before.
 * Goals: the recomputation and re-rank within 2 s; rankings reads' p99 during it within 50 ms (embedded).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { buildApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { migrateDatabase, openDatabase } from '../../api/db/client';
import { recomputePriors } from '../../api/ranking/priors';
import { RANKING_TOPIC } from '../../api/ranking/service';
import { API_NODE_FLAGS } from '../lib/processes';
import { printMachineReference } from './machine-reference';

const { values: options } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    rounds: { type: 'string', default: '3' },
    readers: { type: 'string', default: '8' },
    serve: { type: 'boolean', default: false },
  },
});

const GOAL_TOTAL_MS = 2000;
const GOAL_P99_MS = 50;

interface Recomputed {
  type: 'recomputed';
  /** Until the priors were stored. */
  storedMs: number;
  servedMs: number;
}

/** Child: the API on the given data, recomputing on request. */
async function serve(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: options['data-dir'] ?? '',
    DATABASE_URL: options['database-url'] ?? '',
    PORT: '0',
    LOG_LEVEL: 'warn',
    // Only this benchmark recomputes.
    RANKING_PRIOR_REFRESH: '24h',
  });
  const database = await openDatabase(config.database);
  await migrateDatabase(database);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.catalogue.snapshot();
  const address = app.server.address();
  let priorVotes = (await app.ranking.currentPriors()).priorVotes;
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'recompute') {
      priorVotes = priorVotes === 10 ? 11 : 10;
      const before = app.catalogue.status().version;
      const started = performance.now();
      let servedMs = NaN;
      const served = (async () => {
        while (app.catalogue.status().version === before) await sleep(2);
        servedMs = performance.now() - started;
      })();
      // What RankingService.recompute does under its lease (with another `m` each round): store the
      // priors, then tell every instance, which rescore their snapshots in memory.
      await recomputePriors(database.db, priorVotes);
      const storedMs = performance.now() - started;
      await app.changeFeed.changed(RANKING_TOPIC, null);
      await served;
      process.send!({ type: 'recomputed', storedMs, servedMs } satisfies Recomputed);
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
const median = (values: number[]) => percentile(values, 0.5);

/**
 * Readers that request the page back to back until stopped (fetch keeps its connections alive), recording
 * each request's start and time.
 */
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
    throw new Error('give --data-dir DIR (a seeded DATA_DIR, copied first) or --database-url URL');
  }
  printMachineReference();
  const scratch = mkdtempSync(join(tmpdir(), 'panelrank-bench-ranking-'));
  const args = ['--serve', '--rounds', options.rounds];
  if (options['data-dir']) {
    console.log(`Copying ${options['data-dir']} to a scratch folder...`);
    cpSync(options['data-dir'], scratch, { recursive: true });
    rmSync(join(scratch, 'pglite.lock'), { force: true });
    args.push('--data-dir', scratch);
  } else args.push('--database-url', options['database-url']!);
  const child = fork(process.argv[1]!, args, {
    stdio: 'inherit',
    execArgv: [...process.execArgv, ...API_NODE_FLAGS],
  });
  try {
    const { port } = await reply<{ port: number }>(child, 'ready');
    const url = `http://127.0.0.1:${port}/series/rankings?page=1`;
    console.log(
      `Engine: ${options['data-dir'] ? 'embedded' : 'PostgreSQL'}; ${options.readers} readers on ${url}`,
    );
    const rows: { storedMs: number; servedMs: number; before: number; during: number }[] = [];
    for (let round = 0; round < Number(options.rounds); round += 1) {
      const readers = startReaders(url, Number(options.readers));
      await sleep(3000);
      const started = performance.now();
      child.send({ type: 'recompute' });
      const done = await reply<Recomputed>(child, 'recomputed');
      const ended = performance.now();
      await sleep(500);
      await readers.stop();
      const window = ended - started;
      const during = readers.samples.filter((s) => s.at >= started && s.at <= ended).map((s) => s.ms);
      const before = readers.samples
        .filter((s) => s.at >= started - window && s.at < started)
        .map((s) => s.ms);
      rows.push({ ...done, before: percentile(before, 0.99), during: percentile(during, 0.99) });
      console.log(
        `round ${round + 1}: priors stored after ${done.storedMs.toFixed(0)} ms, served re-ranked after ` +
          `${done.servedMs.toFixed(0)} ms; rankings p99 ${percentile(before, 0.99).toFixed(1)} ms ` +
          `before (${before.length} reads), ${percentile(during, 0.99).toFixed(1)} ms during (${during.length} reads)`,
      );
    }
    const servedMs = median(rows.map((row) => row.servedMs));
    const during = median(rows.map((row) => row.during));
    const before = median(rows.map((row) => row.before));
    console.log(
      `\nMedians over ${rows.length} rounds: re-ranked and served ${servedMs.toFixed(0)} ms (goal <= ${GOAL_TOTAL_MS}: ${servedMs <= GOAL_TOTAL_MS ? 'ok' : 'OVER'}), priors stored ` +
        `${median(rows.map((row) => row.storedMs)).toFixed(0)} ms; ` +
        `rankings p99 ${before.toFixed(1)} ms before, ${during.toFixed(1)} ms during ` +
        `(x${(during / before).toFixed(2)}; goal <= ${GOAL_P99_MS}: ${during <= GOAL_P99_MS ? 'ok' : 'OVER'})`,
    );
  } finally {
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(scratch, { recursive: true, force: true });
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
