/**
 * MyAnimeList import benchmark: the real API (in this process) over a catalogue of 10,000 series (`--series N`:
 * one statement writes them, so 100,000 take seconds), importing
 * a 5,000-entry export into an empty list (2,000 entries matched by MyAnimeList id, 2,250 by title, 250
 * titles two series share, 500 unknown). Prints the preview (dry run) time, cold (the title index is built
 * for the catalogue snapshot) and warm, the import time, and the API process's heap and RSS growth.
 *
 *   npx tsx --expose-gc scripts/bench/myanimelist-import.ts                 # in-memory PGlite
 *   DATABASE_URL=postgres://… npx tsx --expose-gc scripts/bench/myanimelist-import.ts
 *
 * Numbers depend on what else the machine is doing; the load average is printed with the result.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { migrateDatabase, openDatabase } from '../../api/db/client';
import { users } from '../../api/db/schema';

const { values } = parseArgs({
  options: {
    series: { type: 'string', default: '10000' },
    entries: { type: 'string', default: '5000' },
    port: { type: 'string', default: '8902' },
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

function exportXml(entries: { malId: number; title: string; chapters: number }[]): Buffer {
  const manga = entries.map(
    (entry) =>
      `<manga><manga_mangadb_id>${entry.malId}</manga_mangadb_id><manga_title><![CDATA[${entry.title}]]></manga_title>` +
      `<my_read_chapters>${entry.chapters}</my_read_chapters><my_status>Reading</my_status></manga>`,
  );
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" ?>\n<myanimelist><myinfo><user_export_type>2</user_export_type></myinfo>\n${manga.join('\n')}\n</myanimelist>\n`,
  );
}

async function main() {
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
    const entries = Array.from({ length: ENTRIES }, (_, index) => {
      const n = index + 1;
      if (index < 2000) return { malId: 500000 + n, title: `MAL title ${n}`, chapters: n % 300 };
      if (index < ENTRIES - 750) return { malId: 0, title: titleOf(n).toUpperCase(), chapters: n % 300 };
      if (index < ENTRIES - 500) return { malId: 0, title: titleOf(SERIES - (index % 250)), chapters: 1 };
      return { malId: 0, title: `Nowhere to be found ${n}`, chapters: 1 };
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
      };
      if (response.status !== 200)
        throw new Error(`import answered ${response.status}: ${JSON.stringify(report)}`);
      return { ms: performance.now() - started, report };
    };
    const cold = await post(true);
    const warm = await post(true);
    const imported = await post(false);
    const after = memory();
    console.log(
      `MyAnimeList import, ${ENTRIES} entries (${megabytes(file.length)}) against ${SERIES + 250} series ` +
        `(${config.database.kind}), load ${loadavg()[0]!.toFixed(2)}`,
    );
    console.log(
      `  matched ${cold.report.matched.length}, ambiguous ${cold.report.ambiguous.length}, ` +
        `not found ${cold.report.unmatched.length}; added ${imported.report.added}`,
    );
    console.log(`  preview, cold title index: ${cold.ms.toFixed(0)} ms`);
    console.log(`  preview, warm:             ${warm.ms.toFixed(0)} ms`);
    console.log(`  import:                    ${imported.ms.toFixed(0)} ms`);
    console.log(
      `  heap ${megabytes(before.heapUsed)} -> ${megabytes(after.heapUsed)}, ` +
        `RSS ${megabytes(before.rss)} -> ${megabytes(after.rss)}`,
    );
  } finally {
    await app.close();
    await database.close?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
