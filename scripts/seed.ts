/**
 * `npm run seed`: loads the demo catalogue (generated series with covers, synthetic readers, votes) into
 * the database the API is configured for (DATA_DIR, DATABASE_URL), migrating it first.
 *
 *   npm run seed                                  # about 300 series, 400 readers, seed 42
 *   npm run seed -- --series 10000 --voters 2000 --seed 7
 *   npm run seed -- --if-empty                    # nothing to do when series exist (npm start)
 *   npm run seed -- --reset                       # delete the catalogue and demo readers first
 *   npm run seed -- --series 10000 --threads 2000 # and 2,000 generated forum threads (benchmarks)
 *
 * The same seed always gives the same catalogue. With the embedded database the API must not be running.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  DEMO_DEFAULTS,
  demoCoverWidthFor,
  resetDemoCatalogue,
  seedDemoCatalogue,
} from './demo/demo-catalogue';
import { loadConfig } from '../api/config';
import { openMigratedDatabase } from '../api/db/open-for-script';
import { queryRows } from '../api/db/query-rows';
import { LocalDiskStorage } from '../api/media/storage';
import { seedDemoForumIfEmpty, seedGeneratedThreads } from './demo/demo-forum';
import { seedDemoReviewsIfEmpty } from './demo/demo-reviews';
import { recomputeAlsoLiked } from '../api/recommendations/also-liked-job';
import { runCommand } from './lib/command';

const USAGE = `Usage: npm run seed -- [--series N] [--voters M] [--seed S] [--cover-width W] [--if-empty] [--reset]

  --series N       series to generate (default ${DEMO_DEFAULTS.series})
  --voters M       synthetic readers who vote (default ${DEMO_DEFAULTS.voters})
  --seed S         random seed; the same seed gives the same catalogue (default ${DEMO_DEFAULTS.seed})
  --cover-width W  width of the generated covers in pixels (default chosen by catalogue size)
  --cover-pool P   draw P untitled covers and give each series a copy of one (default 0, every
                   series drawn with its title, up to 3,000 series; 600 past that)
  --no-covers      skip the covers (series get none)
  --if-empty       do nothing when the database already has series
  --reset          first delete every series, the demo readers and their covers
  --threads T      also generate T forum threads (default 0); the demo forum (the pinned
                   "Patch Notes & Site Updates" thread and a few discussions) is added whenever the
                   forum has no thread`;

class UsageError extends Error {}

function parseFlags(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      series: { type: 'string' },
      voters: { type: 'string' },
      seed: { type: 'string' },
      'cover-width': { type: 'string' },
      'cover-pool': { type: 'string' },
      'no-covers': { type: 'boolean', default: false },
      'if-empty': { type: 'boolean', default: false },
      reset: { type: 'boolean', default: false },
      threads: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const count = (name: string, raw: string | undefined, fallback: number, min: number) => {
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
      throw new UsageError(`--${name} must be a whole number of at least ${min}, got "${raw}"`);
    }
    return Number(raw);
  };
  if (values['if-empty'] && values.reset)
    throw new UsageError('--if-empty and --reset contradict each other');
  return {
    help: values.help,
    series: count('series', values.series, DEMO_DEFAULTS.series, 0),
    voters: count('voters', values.voters, DEMO_DEFAULTS.voters, 1),
    seed: count('seed', values.seed, DEMO_DEFAULTS.seed, 0),
    coverWidth:
      values['cover-width'] === undefined ? undefined : count('cover-width', values['cover-width'], 0, 60),
    coverPool:
      values['cover-pool'] === undefined ? undefined : count('cover-pool', values['cover-pool'], 0, 0),
    covers: !values['no-covers'],
    ifEmpty: values['if-empty'],
    reset: values.reset,
    threads: count('threads', values.threads, 0, 0),
  };
}

async function main(): Promise<number> {
  let flags: ReturnType<typeof parseFlags>;
  try {
    flags = parseFlags(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (flags.help) {
    console.log(USAGE);
    return 0;
  }
  const started = performance.now();
  const config = loadConfig();
  const where =
    config.database.kind === 'postgres'
      ? 'PostgreSQL'
      : config.database.kind === 'memory'
        ? 'an in-memory database (discarded on exit)'
        : config.database.dataDir;
  console.log(`Seeding ${where}`);
  const database = await openMigratedDatabase(config, { role: 'seed' });
  try {
    const storage = new LocalDiskStorage(join(config.dataDir, 'media'), config.publicApiUrl);
    const existing = await countSeries(database.db);
    if (flags.ifEmpty && existing > 0) {
      console.log(`The database already has ${existing} series; nothing to do (--if-empty).`);
      return 0;
    }
    if (flags.reset) {
      const removed = await resetDemoCatalogue(database.db, storage);
      console.log(`Deleted ${removed.series} series and ${removed.readers} demo readers.`);
    } else if (existing > 0) {
      console.log(`Adding to the ${existing} series already there (use --reset to start over).`);
    }
    const coverWidth = flags.coverWidth ?? demoCoverWidthFor(flags.series);
    const result = await seedDemoCatalogue(database.db, storage, {
      series: flags.series,
      voters: flags.voters,
      seed: flags.seed,
      covers: flags.covers,
      coverWidth,
      coverPool: flags.coverPool,
      onProgress: (message) => console.log(`  ${message}`),
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Seeded ${result.series} series (${result.unranked} unranked), ${result.voters} readers and ` +
        `${result.votes} votes` +
        (result.covers
          ? `, with ${result.covers} covers at ${coverWidth} px` +
            (result.coversDrawn < result.covers ? ` (${result.coversDrawn} drawn, the others copies)` : '')
          : '') +
        ` in ${seconds.toFixed(1)} s (${Math.round(result.series / seconds)} series/s).`,
    );
    const forum = await seedDemoForumIfEmpty(database.db);
    if (forum.threads > 0)
      console.log(`Seeded the demo forum: ${forum.threads} threads, ${forum.posts} posts.`);
    const demoReviews = await seedDemoReviewsIfEmpty(database.db);
    if (demoReviews.reviews > 0)
      console.log(`Seeded ${demoReviews.reviews} demo reviews with ${demoReviews.marks} helpful marks.`);
    if (flags.threads > 0) {
      const generated = await seedGeneratedThreads(database.db, { threads: flags.threads, seed: flags.seed });
      console.log(`Generated ${generated.threads} forum threads with ${generated.posts} posts.`);
    }
    // "Readers also liked" now rather than at the API's first scheduled run, so the first build shows them.
    const alsoLiked = await recomputeAlsoLiked(database.db);
    if (alsoLiked.ran) console.log(`Readers also liked: ${alsoLiked.result.listed} series have a list.`);
    // Read by bench:seed: CPU time does not depend on what else the machine runs, wall time does.
    const usage = process.resourceUsage();
    console.log(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
        `${((usage.userCPUTime + usage.systemCPUTime) / 1e6).toFixed(1)} s of CPU, ` +
        `peak memory ${Math.round(usage.maxRSS / 1024)} MB.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function countSeries(db: Parameters<typeof queryRows>[0]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from series`);
  return Number(row?.n ?? 0);
}

runCommand(main, 'Seeding failed');
