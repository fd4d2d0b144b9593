/**
 * MyAnimeList import benchmark: the real API (in this process) over a catalogue of 10,000 series (`--series N`:
 * one statement writes them, so 100,000 take seconds), importing
 * a 5,000-entry export into an empty list (2,000 entries matched by MyAnimeList id, 2,250 by title, 250
 * titles two series share, 500 unknown; scores 0-10, one entry in 250 with a score out of range). Prints the preview (dry run) time, cold (the title index is built
 * for the catalogue snapshot) and warm, the import time, and the API process's heap and RSS growth.
 *
 * Then, for each hostile or largest file (`--cases`, all by default): one preview of it alone (its time,
 * answer size, and the most the API thread's heap and buffers grew, sampled every 5 ms), then rounds of four
 * previews at once for at least five seconds while a worker thread asks for /health every 20 ms: how long a
 * round took and the /health latencies (median, p99, max). The previews are sent from another worker thread,
 * so sending them costs the API's thread nothing.
 *
 *   npx tsx --expose-gc scripts/bench/myanimelist-import.ts                 # in-memory PGlite
 *   DATABASE_URL=postgres://… npx tsx --expose-gc scripts/bench/myanimelist-import.ts
 *   npx tsx --expose-gc scripts/bench/myanimelist-import.ts --cases nested,attributes
 *
 * Numbers depend on what else the machine is doing; the load average is printed with the result.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { migrateDatabase, openDatabase } from '../../api/db/client';
import { users } from '../../api/db/schema';
import { printMachineReference } from './machine-reference';

const { values } = parseArgs({
  options: {
    series: { type: 'string', default: '10000' },
    entries: { type: 'string', default: '5000' },
    port: { type: 'string', default: '8902' },
    cases: { type: 'string', default: 'nested,attributes,elements,padding,long-titles,largest,plain' },
  },
});
const SERIES = Number(values.series);
const ENTRIES = Number(values.entries);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

/** The fields MyAnimeList writes besides those read, as `padding` adds them. */
const OTHER_FIELDS =
  '<manga_volumes>0</manga_volumes><manga_chapters>0</manga_chapters><my_id>0</my_id>' +
  '<my_read_volumes>0</my_read_volumes><my_start_date>0000-00-00</my_start_date>' +
  '<my_finish_date>0000-00-00</my_finish_date><my_scanalation_group><![CDATA[]]></my_scanalation_group>' +
  '<my_score>0</my_score><my_storage></my_storage><my_retail_volumes>0</my_retail_volumes>' +
  '<my_comments><![CDATA[]]></my_comments><my_times_read>0</my_times_read><my_tags><![CDATA[]]></my_tags>' +
  '<my_priority>Low</my_priority><my_reread_value></my_reread_value><my_rereading>NO</my_rereading>' +
  '<my_discuss>YES</my_discuss><my_sns>default</my_sns><update_on_import>1</update_on_import>';

function exportXml(
  entries: { malId: number; title: string; chapters: number; score?: string; padding?: boolean }[],
  gzip = false,
): Buffer {
  const manga = entries.map(
    (entry) =>
      `<manga><manga_mangadb_id>${entry.malId}</manga_mangadb_id><manga_title><![CDATA[${entry.title}]]></manga_title>` +
      `<my_read_chapters>${entry.chapters}</my_read_chapters><my_status>Reading</my_status>` +
      `${entry.score === undefined ? '' : `<my_score>${entry.score}</my_score>`}` +
      `${entry.padding ? OTHER_FIELDS : ''}</manga>`,
  );
  const xml = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" ?>\n<myanimelist><myinfo><user_export_type>2</user_export_type></myinfo>\n${manga.join('\n')}\n</myanimelist>\n`,
  );
  return gzip ? gzipSync(xml) : xml;
}

/* The hostile and the largest files, each as MyAnimeList's export would start. */
const HEAD =
  '<?xml version="1.0" encoding="UTF-8" ?>\n<myanimelist><myinfo><user_export_type>2</user_export_type></myinfo>';
const HOSTILE: Record<string, () => { file: Buffer; label: string }> = {
  // As reported: 1 MB of nested elements, parsed whole in one synchronous call.
  nested: () => ({
    file: Buffer.from(`${HEAD}<manga>${'<a>'.repeat(340_000)}`),
    label: '1 MB of nested elements',
  }),
  attributes: () => {
    const names = Array.from({ length: 2_000_000 }, (_, index) => ` a${index.toString(36)}=""`).join('');
    return {
      file: gzipSync(Buffer.from(`${HEAD}<manga${names}></manga></myanimelist>`)),
      label: '2,000,000 attributes',
    };
  },
  elements: () => ({
    file: gzipSync(Buffer.from(`${HEAD}${'<x/>'.repeat(12_000_000)}</myanimelist>`)),
    label: '12,000,000 empty elements (48 MB inflated)',
  }),
  padding: () => ({
    file: gzipSync(Buffer.from(`${HEAD}${' '.repeat(60 * 1024 * 1024)}</myanimelist>`)),
    label: '60 MB of white space (refused at 50 MB)',
  }),
  'long-titles': () => ({
    file: exportXml(
      Array.from({ length: 20_000 }, (_, index) => ({
        malId: 0,
        title: `Nowhere ${index} ${'z'.repeat(1990)}`,
        chapters: 1,
      })),
      true,
    ),
    label: '20,000 unknown titles of 2,000 characters',
  }),
  largest: () => ({
    file: exportXml(
      Array.from({ length: 20_000 }, (_, index) => ({
        malId: 3_000_000 + index,
        title: `Entry ${index} with a title of an ordinary length`,
        chapters: index % 500,
        padding: true,
      })),
      true,
    ),
    label: '20,000 entries with every field MyAnimeList writes, gzipped',
  }),
  plain: () => ({
    file: exportXml(
      Array.from({ length: 20_000 }, (_, index) => ({
        malId: 3_000_000 + index,
        title: `Entry ${index} with a title of an ordinary length, and then some more words to it`,
        chapters: index % 500,
      })),
    ),
    label: '20,000 entries, plain XML',
  }),
};

/**
 * Asks for /health from a worker thread (its own event loop, so a blocked API cannot hold its clock), one
 * request 20 ms after the previous answer, until told to stop; answers each request's start (on the clock
 * both threads share) and latency.
 */
const HEALTH_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => (stop = true));
const now = () => performance.timeOrigin + performance.now();
(async () => {
  const samples = [];
  while (!stop) {
    const started = now();
    const response = await fetch(workerData.url + '/health');
    await response.arrayBuffer();
    samples.push({ started, ms: now() - started });
    if (samples.length === 1) parentPort.postMessage({ ready: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage({ samples });
})();
`;

interface ProbeResult {
  samples: { started: number; ms: number }[];
}

/**
 * Sends rounds of `parallel` previews of one file at once from a worker thread (so sending them costs the
 * API's thread nothing), for at least `minMs`; answers each round's time and the answers' statuses and sizes.
 */
const UPLOADER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, listId, file, parallel, minMs } = workerData;
const now = () => performance.timeOrigin + performance.now();
(async () => {
  const began = now();
  const rounds = [];
  const answers = [];
  do {
    const started = now();
    answers.push(
      ...(await Promise.all(
        Array.from({ length: parallel }, async () => {
          const form = new FormData();
          form.append('file', new Blob([file]), 'bench.xml');
          const response = await fetch(url + '/reading-lists/' + listId + '/import?dry_run=true', {
            method: 'POST',
            headers,
            body: form,
          });
          return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
        }),
      )),
    );
    rounds.push(now() - started);
  } while (now() - began < minMs);
  parentPort.postMessage({ began, ended: now(), rounds, answers });
})();
`;

interface UploadResult {
  began: number;
  ended: number;
  rounds: number[];
  answers: { status: number; bytes: number }[];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The API's own memory: this thread's heap and the buffers it holds (the workers' are their own). */
function apiMemory(): number {
  const { used_heap_size: heap, external_memory: external } = getHeapStatistics();
  return heap + external;
}

/** Sends previews of `file` from a worker thread, sampling the API's memory every 5 ms meanwhile. */
async function uploads(
  file: Buffer,
  target: { url: string; headers: Record<string, string>; listId: number },
  parallel: number,
  minMs: number,
): Promise<UploadResult & { growth: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = apiMemory();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, apiMemory())), 5);
  const uploader = new Worker(UPLOADER, {
    eval: true,
    workerData: { ...target, file: new Uint8Array(file), parallel, minMs },
  });
  try {
    const result = await new Promise<UploadResult>((resolve, reject) => {
      uploader.on('message', resolve);
      uploader.on('error', reject);
    });
    return { ...result, growth: Math.max(peak, apiMemory()) - baseline };
  } finally {
    clearInterval(sampler);
    await uploader.terminate();
  }
}

/**
 * One preview of `file` alone (its time and the most the API's heap and buffers grew), then rounds of four
 * at once for at least five seconds with /health probed meanwhile.
 */
async function fourAtOnce(
  name: string,
  { file, label }: { file: Buffer; label: string },
  url: string,
  headers: Record<string, string>,
  listId: number,
) {
  const target = { url, headers, listId };
  const alone = await uploads(file, target, 1, 0);
  const probe = new Worker(HEALTH_PROBE, { eval: true, workerData: { url } });
  let ready: () => void = () => {};
  const warm = new Promise<void>((resolve) => (ready = resolve));
  const finished = new Promise<ProbeResult>((resolve, reject) => {
    probe.on('message', (message: { ready?: boolean } & ProbeResult) => {
      if (message.ready) ready();
      else resolve(message);
    });
    probe.on('error', reject);
  });
  await warm; // the probe's connection is open before anything is measured
  const { began, ended, rounds, answers } = await uploads(file, target, 4, 5000);
  probe.postMessage('stop');
  const { samples } = await finished;
  await probe.terminate();
  // Only the requests made while imports ran.
  const during = samples
    .filter((sample) => sample.started >= began && sample.started <= ended)
    .map((sample) => sample.ms)
    .sort((a, b) => a - b);
  const sortedRounds = [...rounds].sort((a, b) => a - b);
  const statuses = [...new Set([...alone.answers, ...answers].map((answer) => answer.status))].join('/');
  const largest = Math.max(...alone.answers.map((answer) => answer.bytes));
  console.log(
    `  ${name}: ${label}, ${(file.length / 1024).toFixed(0)} KB uploaded -> ${statuses}, answer ` +
      `${(largest / 1024).toFixed(0)} KB; alone ${alone.rounds[0]!.toFixed(0)} ms, API heap and buffers ` +
      `at most +${megabytes(Math.max(0, alone.growth))}`,
  );
  console.log(
    `    four at once: ${rounds.length} round(s), median ${percentile(sortedRounds, 50).toFixed(0)} ms, ` +
      `max ${sortedRounds.at(-1)!.toFixed(0)} ms; /health meanwhile: ${during.length} answers, median ` +
      `${percentile(during, 50).toFixed(0)} ms, p99 ${percentile(during, 99).toFixed(0)} ms, max ` +
      `${(during.at(-1) ?? NaN).toFixed(0)} ms`,
  );
}

async function main() {
  printMachineReference();
  const dataDir = mkdtempSync(join(tmpdir(), 'panelrank-bench-mal-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? 'memory://',
    PORT: values.port,
    LOG_LEVEL: 'silent',
    READING_LIST_MAX_ITEMS: String(Math.max(ENTRIES, 500)),
    WRITE_RATE_LIMIT_MAX: '1000',
  });
  const database = await openDatabase(config.database);
  await migrateDatabase(database);
  const { db } = database;
  // The catalogue: SERIES series, the first 2,000 with MyAnimeList ids, and 250 titles given to two series.
  await db.execute(sql`
    insert into series (title, genre, type, mal_id)
    select 'Bench Series ' || n || ' of the ' || (array['Azure','Silent','Paper','Moonlit'])[1 + n % 4] || ' Realm',
      'Action', (array['MANHWA','MANGA','MANHUA'])[1 + n % 3]::series_type,
      case when n <= 2000 then 500000 + n end
    from generate_series(1, ${SERIES}) as n`);
  await db.execute(sql`
    insert into series (title, genre, type)
    select 'Bench Series ' || n || ' of the ' || (array['Azure','Silent','Paper','Moonlit'])[1 + n % 4] || ' Realm',
      'Drama', 'MANGA'::series_type
    from generate_series(${SERIES - 249}::int, ${SERIES}::int) as n`);
  const [user] = await db
    .insert(users)
    .values({ username: 'bench_importer', email: 'bench.importer@gmail.com', passwordHash: 'x' })
    .returning();

  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: Number(values.port), host: '127.0.0.1' });
  const url = `http://127.0.0.1:${values.port}`;
  const token = await app.accounts.issueToken(user!);
  const headers = { authorization: `Bearer ${token}` };
  try {
    const list = (await (
      await fetch(`${url}/reading-lists`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench import' }),
      })
    ).json()) as { id: number };
    const titleOf = (n: number) =>
      `bench series ${n} of the ${['Azure', 'Silent', 'Paper', 'Moonlit'][n % 4]} realm`;
    // Scores as readers give them: 0 (none) to 10, and now and then one that is no score (left out).
    const score = (n: number) => (n % 250 === 0 ? '11' : String(n % 11));
    const entries = Array.from({ length: ENTRIES }, (_, index) => {
      const n = index + 1;
      const entry = (malId: number, title: string, chapters: number) => ({
        malId,
        title,
        chapters,
        score: score(n),
      });
      if (index < 2000) return entry(500000 + n, `MAL title ${n}`, n % 300);
      if (index < ENTRIES - 750) return entry(0, titleOf(n).toUpperCase(), n % 300);
      if (index < ENTRIES - 500) return entry(0, titleOf(SERIES - (index % 250)), 1);
      return entry(0, `Nowhere to be found ${n}`, 1);
    });
    const file = exportXml(entries);

    // The catalogue snapshot is loaded before anything is measured, as on a running server.
    await app.catalogue.snapshot();
    const before = memory();
    const post = async (dryRun: boolean) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), 'bench.xml');
      const started = performance.now();
      const response = await fetch(`${url}/reading-lists/${list.id}/import${dryRun ? '?dry_run=true' : ''}`, {
        method: 'POST',
        headers,
        body: form,
      });
      const report = (await response.json()) as {
        matched: unknown[];
        ambiguous: unknown[];
        unmatched: unknown[];
        added: number;
        /** Entries the answer leaves out of each list (absent from answers before it was capped). */
        not_shown?: { matched: number; ambiguous: number; unmatched: number };
      };
      if (response.status !== 200)
        throw new Error(`import answered ${response.status}: ${JSON.stringify(report)}`);
      return { ms: performance.now() - started, report };
    };
    const cold = await post(true);
    const warm = await post(true);
    const imported = await post(false);
    const after = memory();
    const count = (list: 'matched' | 'ambiguous' | 'unmatched') =>
      cold.report[list].length + (cold.report.not_shown?.[list] ?? 0);
    console.log(
      `MyAnimeList import, ${ENTRIES} entries (${megabytes(file.length)}) against ${SERIES + 250} series ` +
        `(${config.database.kind}), load ${loadavg()[0]!.toFixed(2)}`,
    );
    console.log(
      `  matched ${count('matched')}, ambiguous ${count('ambiguous')}, ` +
        `not found ${count('unmatched')}; added ${imported.report.added}`,
    );
    console.log(`  preview, cold title index: ${cold.ms.toFixed(0)} ms`);
    console.log(`  preview, warm:             ${warm.ms.toFixed(0)} ms`);
    console.log(`  import:                    ${imported.ms.toFixed(0)} ms`);
    console.log(
      `  heap ${megabytes(before.heapUsed)} -> ${megabytes(after.heapUsed)}, ` +
        `RSS ${megabytes(before.rss)} -> ${megabytes(after.rss)}`,
    );

    console.log('\nFour previews of one file at once, /health asked meanwhile:');
    for (const name of values.cases.split(',').filter(Boolean)) {
      const make = HOSTILE[name];
      if (!make) throw new Error(`unknown case ${name}: ${Object.keys(HOSTILE).join(', ')}`);
      await fourAtOnce(name, make(), url, headers, list.id);
    }
  } finally {
    await app.close();
    await database.close?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
