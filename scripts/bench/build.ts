/**
 * Build benchmark: seeds a catalogue (10,000 series, 2,000 forum threads and a 300-post thread by default)
 * into a scratch embedded database, starts the API on it, builds the site against it and prints every
 * phase of the build (reading the catalogue, bundling, preparing and rendering each kind of route, writing)
 * with its time and the peak resident memory of the build's process tree, and the goals it meets.
 *
 *   npm run bench:build                                   # 10,000 series, 2,000 threads
 *   npm run bench:build -- --series 2000 --threads 500 --long-thread 300
 *   npm run bench:build -- --scale 1000,10000,100000     # each size in turn, then the cost per series
 *   npm run bench:build -- --data-dir /tmp/copy-of-data  # an already seeded DATA_DIR (a copy: --rebuild writes)
 *   npm run bench:build -- --rebuild                      # then 1,000 votes and 20 threads, and a rebuild,
 *                                                         # then a rebuild with nothing changed
 *   npm run bench:build -- --before main~5                # the same build with older code, and the ratio
 *   npm run bench:build -- --reviewed-series 500          # three reviews on each of the first 500 series
 *   npm run bench:build -- --verbose                      # with Astro's output
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../api/config';
import { openMigratedDatabase } from '../../api/db/open-for-script';
import { queryRows } from '../../api/db/query-rows';
import { castVote } from '../../api/ranking/cast-vote';
import { VOTE_CATEGORIES } from '../../api/db/schema';
import { seedDemoCatalogue } from '../demo/demo-catalogue';
import { seedDemoReviewsIfEmpty } from '../demo/demo-reviews';
import { recomputeAlsoLiked } from '../../api/recommendations/also-liked-job';
import type { Database } from '../../api/db/client';
import { seedGeneratedThreads, seedLongThread } from '../demo/demo-forum';
import { SeededRandom } from '../demo/seeded-random';
import { LocalDiskStorage } from '../../api/media/storage';
import { astroEnv, projectRoot, run, spawnApi, stopProcess, waitForHttp } from '../lib/processes';
import { buildPhases, peakBetween, sampleTreeRss, type BuildPhases, type StampedLine } from './build-phases';
import { compareOutputs, countHtml, listFiles, type OutputComparison } from './build-output';
import { printMachineReference } from './machine-reference';
import { linkUnchangedFiles } from '../lib/unchanged-files';
import { checkSocialCards } from './build-cards';

const { values } = parseArgs({
  options: {
    series: { type: 'string', default: '10000' },
    threads: { type: 'string', default: '2000' },
    'long-thread': { type: 'string', default: '300' },
    scale: { type: 'string' },
    'data-dir': { type: 'string' },
    rebuild: { type: 'boolean', default: false },
    // A git revision whose code builds the same catalogue too, for the ratio of the two on this machine.
    before: { type: 'string' },
    votes: { type: 'string', default: '1000' },
    'new-threads': { type: 'string', default: '20' },
    cards: { type: 'string', default: '20' },
    // Series with three demo reviews each (their pages show them); a tenth of the catalogue by default.
    'reviewed-series': { type: 'string' },
    port: { type: 'string', default: '8796' },
    keep: { type: 'boolean', default: false },
    // Astro's own output (its phases and per-route timings), for finding where a slow build spends its time.
    verbose: { type: 'boolean', default: false },
  },
});

const GOALS = {
  pagesPerSecond: 150,
  // A quarter under Netlify's 15 minutes, on the slowest machine measured.
  fullBuildSeconds: 12 * 60,
  firstPageSeconds: 60,
  peakBytes: 2 * 1024 ** 3,
  rebuildSeconds: 2 * 60,
  /** Of the series pages, at most this share rewritten by the rebuild after votes and threads... */
  rebuildSeriesShare: 0.05,
  /** ...when the votes fell on at most this share of the series (1,000 of 100,000). */
  rebuildVotedShare: 0.01,
  unchangedRebuildSeconds: 60,
};

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

function benchEnv(dataDir: string, scratch: string, port: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: port,
    LOG_LEVEL: 'warn',
    // The lists stay as seeded: a recomputation between two builds is not what a rebuild measures.
    ALSO_LIKED_REFRESH: '0',
    CAPTCHA_PROVIDER: 'altcha',
    JWT_SECRET: 'bench-only-secret-bench-only-secret-0123',
    ALTCHA_HMAC_KEY: 'bench-only-hmac-key-bench-only-hmac-key-0123',
    PUBLIC_API_URL: `http://localhost:${port}`,
    SITE_URL: 'https://panelrank.example',
    // Every build starts from nothing: no card cache, no Astro or Vite cache of an earlier run.
    CARD_CACHE_DIR: join(scratch, 'card-cache'),
    ASTRO_CACHE_DIR: join(scratch, 'astro-cache'),
  };
}

async function seed(env: NodeJS.ProcessEnv, dataDir: string, series: number): Promise<number | undefined> {
  console.log(`Seeding ${series} series into ${dataDir} …`);
  // Seed before the API starts: the embedded database admits one process at a time.
  const config = loadConfig(env);
  const database = await openMigratedDatabase(config, { role: 'seed' });
  try {
    const seeded = await seedDemoCatalogue(
      database.db,
      new LocalDiskStorage(join(dataDir, 'media'), config.publicApiUrl),
      { series, covers: false },
    );
    console.log(`  seeded in ${seeded.seconds.toFixed(1)} s (covers skipped: the build only links to them)`);
    const threads = Number(values.threads);
    const longPosts = Number(values['long-thread']);
    const forumStarted = performance.now();
    const forum = await seedGeneratedThreads(database.db, { threads });
    const longThread = longPosts > 0 ? await seedLongThread(database.db, { posts: longPosts }) : undefined;
    await seedReviews(database.db, series);
    // "Readers also liked" before the first build, as `npm run seed` does: computed by the API's first
    // scheduled run instead, the lists would appear between the build and the rebuild.
    const alsoLiked = await recomputeAlsoLiked(database.db);
    if (alsoLiked.ran) console.log(`  "Readers also liked": ${alsoLiked.result.listed} series with a list`);
    console.log(
      `  ${forum.threads} forum threads (${forum.posts} posts)` +
        `${longThread === undefined ? '' : ` and thread ${longThread} of ${longPosts} posts`} ` +
        `in ${seconds(performance.now() - forumStarted)}`,
    );
    return longThread;
  } finally {
    await database.close();
  }
}

/** Three reviews on each of the first `--reviewed-series` series (a tenth of them by default), if none yet. */
async function seedReviews(db: Database, series: number): Promise<void> {
  const started = performance.now();
  const seriesReviewed = Number(values['reviewed-series'] ?? Math.ceil(series / 10));
  const written = await seedDemoReviewsIfEmpty(db, { seriesReviewed });
  if (written.reviews > 0) {
    console.log(
      `  ${written.reviews} reviews (${written.marks} helpful marks) on ${seriesReviewed} series in ` +
        seconds(performance.now() - started),
    );
  }
}

/** Reviews for an already seeded DATA_DIR, before the API opens it (one process at a time). */
async function seedReviewsInto(env: NodeJS.ProcessEnv): Promise<void> {
  const database = await openMigratedDatabase(loadConfig(env), { role: 'seed' });
  try {
    const [row] = await queryRows<{ series: number }>(
      database.db,
      sql`select count(*)::int as series from series`,
    );
    await seedReviews(database.db, Number(row!.series));
  } finally {
    await database.close();
  }
}

/** What a scheduled rebuild sees change: `votes` votes by the demo readers on random series, new threads. */
async function changeCatalogue(env: NodeJS.ProcessEnv, votes: number, threads: number): Promise<number[]> {
  const config = loadConfig(env);
  const database = await openMigratedDatabase(config, { role: 'seed' });
  try {
    const random = new SeededRandom(Date.now() % 100_000);
    const readers = (
      await queryRows<{ id: number }>(
        database.db,
        sql`select id from users where username ~ '^reader[0-9]+$' order by id limit 2000`,
      )
    ).map((row) => Number(row.id));
    const [bounds] = await queryRows<{ low: number; high: number }>(
      database.db,
      sql`select min(id)::int as low, max(id)::int as high from series`,
    );
    const voted = new Set<number>();
    let cast = 0;
    for (let attempt = 0; cast < votes && attempt < votes * 5; attempt += 1) {
      const seriesId = random.int(Number(bounds!.low), Number(bounds!.high));
      const outcome = await castVote(database, {
        userId: random.pick(readers),
        seriesId,
        category: random.pick(VOTE_CATEGORIES),
        score: random.int(1, 10),
      });
      if (outcome.outcome === 'cast') {
        cast += 1;
        voted.add(seriesId);
      }
    }
    const forum = await seedGeneratedThreads(database.db, { threads, seed: Date.now() % 100_000 });
    console.log(`  ${cast} votes on ${voted.size} series and ${forum.threads} new threads`);
    return [...voted];
  } finally {
    await database.close();
  }
}

interface BuildRun {
  dist: string;
  phases: BuildPhases;
  peakBytes: number;
  phasePeaks: number[];
  loadAtStart: string;
  pages: number;
}

/** Runs `astro build` into `dist`, stamping its output lines and sampling its process tree's memory. */
async function build(
  env: NodeJS.ProcessEnv,
  dist: string,
  { previous, root = projectRoot }: { previous?: string; root?: string } = {},
): Promise<BuildRun> {
  const loadAtStart = load();
  const started = performance.now();
  const child = spawn(join(root, 'node_modules', '.bin', 'astro'), ['build'], {
    cwd: root,
    env: {
      ...astroEnv(env),
      SITE_DIST: dist,
      BUILD_API_URL: `http://127.0.0.1:${env.PORT}`,
      // As the local rebuild does: only the pages whose inputs changed (src/features/incremental-build).
      PREVIOUS_SITE_DIST: previous ?? '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const memory = sampleTreeRss(child.pid!, started);
  const lines: StampedLine[] = [];
  const reader = createInterface({ input: child.stdout! });
  reader.on('line', (text) => {
    lines.push({ at: performance.now() - started, text });
    if (values.verbose) console.log(text);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const totalMs = performance.now() - started;
  const samples = memory.stop();
  if (code !== 0) {
    console.error(
      lines
        .slice(-30)
        .map((line) => line.text)
        .join('\n'),
    );
    throw new Error(`astro build exited with ${code}`);
  }
  const phases = buildPhases(lines, totalMs);
  return {
    dist,
    phases,
    peakBytes: peakBetween(samples, 0, totalMs),
    phasePeaks: phases.phases.map((phase) => peakBetween(samples, phase.fromMs, phase.toMs)),
    loadAtStart,
    pages: countHtml(dist),
  };
}

function printBuild(title: string, run: BuildRun, series: number): void {
  const { phases, totalMs, firstPageMs } = run.phases;
  console.log(
    `\n${title}: ${run.pages} pages in ${seconds(totalMs)} (load average ${run.loadAtStart} at start)`,
  );
  console.log('  phase                                          time       per 1,000 series   peak memory');
  phases.forEach((phase, index) => {
    const files = phase.files === undefined ? '' : ` (${phase.files} files)`;
    console.log(
      `  ${(phase.name + files).padEnd(46)} ${seconds(phase.ms).padStart(8)}   ` +
        `${seconds((phase.ms * 1000) / series).padStart(10)}        ${mb(run.phasePeaks[index]!).padStart(8)}`,
    );
  });
  const rate = run.pages / (totalMs / 1000);
  console.log(
    `  first page after ${firstPageMs === undefined ? '—' : seconds(firstPageMs)}; ` +
      `${rate.toFixed(0)} pages/s; peak memory of the build ${mb(run.peakBytes)}`,
  );
}

function verdict(label: string, met: boolean, detail: string): void {
  console.log(`  ${met ? 'met   ' : 'MISSED'} ${label}: ${detail}`);
}

function printGoals(run: BuildRun): void {
  const totalS = run.phases.totalMs / 1000;
  const rate = run.pages / totalS;
  console.log(`goals (load average now ${load()}):`);
  verdict('pages/s', rate >= GOALS.pagesPerSecond, `${rate.toFixed(0)} (goal ${GOALS.pagesPerSecond})`);
  verdict(
    'complete build',
    totalS <= GOALS.fullBuildSeconds,
    `${seconds(run.phases.totalMs)} (goal ≤ ${GOALS.fullBuildSeconds / 60} min)`,
  );
  const first = run.phases.firstPageMs;
  verdict(
    'first page',
    first !== undefined && first / 1000 <= GOALS.firstPageSeconds,
    `${first === undefined ? '—' : seconds(first)} (goal ≤ ${GOALS.firstPageSeconds} s)`,
  );
  verdict(
    'peak memory',
    run.peakBytes <= GOALS.peakBytes,
    `${mb(run.peakBytes)} (goal ≤ ${mb(GOALS.peakBytes)})`,
  );
}

function checkLongThread(dist: string, longThread: number | undefined): void {
  if (longThread === undefined) return;
  const longPosts = Number(values['long-thread']);
  // Pre-rendered whole: every post is an <article> of the HTML, readable with no JavaScript.
  const html = readFileSync(join(dist, 'forum', `${longThread}.html`), 'utf8');
  const articles = html.match(/<article\b[^>]*data-post-id=/g)?.length ?? 0;
  console.log(
    `thread ${longThread}: ${articles} of ${longPosts} posts in its HTML (${(html.length / 1024).toFixed(0)} KB) ` +
      `→ ${articles === longPosts ? 'readable without JavaScript' : 'INCOMPLETE'}`,
  );
  if (articles !== longPosts) process.exitCode = 1;
}

function printComparison(comparison: OutputComparison, votedSeries: readonly number[], dist: string): void {
  const { unchanged, changed, added, removed, untouched } = comparison;
  console.log(
    `  files: ${unchanged.length} byte-identical (${untouched} of them untouched: same inode and mtime), ` +
      `${changed.length} changed, ${added.length} added, ${removed.length} removed`,
  );
  const changedSet = new Set(changed);
  const stale = votedSeries.filter(
    (id) => existsSync(join(dist, 'series', `${id}.html`)) && !changedSet.has(`series/${id}.html`),
  );
  verdict(
    'every voted series page updated',
    stale.length === 0,
    `${votedSeries.length - stale.length} of ${votedSeries.length}${stale.length ? ` (stale: ${stale.slice(0, 5).join(', ')})` : ''}`,
  );
  const kinds = new Map<string, number>();
  for (const file of changed) {
    const kind = file.startsWith('series/')
      ? 'series'
      : file.startsWith('forum/')
        ? 'forum'
        : /^(index|page\/|type\/)/.test(file)
          ? 'ranking'
          : file;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  console.log(
    `  changed by kind: ${[...kinds]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ')}`,
  );
}

interface SizeResult {
  series: number;
  run: BuildRun;
}

interface Rebuilt {
  run: BuildRun;
  linkMs: number;
  /** The build and the linking of unchanged files, as the local rebuild does them. */
  ms: number;
  /** Files written anew: not the previous build's own file once unchanged ones are linked. */
  rewritten: string[];
}

/** A rebuild as `npm run rebuild` does it: incremental against `previous`, then unchanged files linked. */
async function rebuildAgainst(env: NodeJS.ProcessEnv, previous: string, dist: string): Promise<Rebuilt> {
  const run = await build(env, dist, { previous });
  const linkStarted = performance.now();
  await linkUnchangedFiles(previous, dist);
  const linkMs = performance.now() - linkStarted;
  const rewritten = listFiles(dist).filter((file) => {
    const before = statSync(join(previous, file), { throwIfNoEntry: false });
    return before?.ino !== statSync(join(dist, file)).ino;
  });
  return { run, linkMs, ms: run.phases.totalMs + linkMs, rewritten };
}

/**
 * The same build with the code of `ref` (a git revision) in a scratch checkout, for a ratio measured on the
 * same machine, data and load. Its dependencies are this checkout's when its lock file is the same.
 */
async function buildBefore(
  env: NodeJS.ProcessEnv,
  ref: string,
  scratch: string,
  after: BuildRun,
): Promise<void> {
  const root = join(scratch, 'before');
  console.log(`\nBuilding the same catalogue with the code of ${ref} …`);
  await run('git', ['worktree', 'add', '--detach', root, ref], { stdio: 'ignore' });
  try {
    const sameLock =
      readFileSync(join(root, 'package-lock.json'), 'utf8') ===
      readFileSync(join(projectRoot, 'package-lock.json'), 'utf8');
    if (sameLock) symlinkSync(join(projectRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
    else await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'ignore' });
    const before = await build(
      { ...env, ASTRO_CACHE_DIR: join(scratch, 'before-cache') },
      join(scratch, 'dist-before'),
      {
        root,
      },
    );
    printBuild(`build from nothing with ${ref}`, before, before.phases.files.series);
    const ratio = before.phases.totalMs / after.phases.totalMs;
    console.log(
      `  ${ref} ${seconds(before.phases.totalMs)} against ${seconds(after.phases.totalMs)} now: ` +
        `${ratio.toFixed(2)}× as fast now (goal ≥ 2×: ${ratio >= 2 ? 'met' : 'MISSED'})`,
    );
  } finally {
    await run('git', ['worktree', 'remove', '--force', root], { stdio: 'ignore' }).catch(() => undefined);
  }
}

/** One catalogue size: seed (or reuse), start the API, build, optionally change and rebuild. */
async function benchOneSize(
  series: number,
  dataDir: string | undefined,
  rebuild: boolean,
): Promise<SizeResult> {
  const scratch = mkdtempSync(join(tmpdir(), 'panelrank-bench-build-'));
  const data = dataDir ?? scratch;
  const env = benchEnv(data, scratch, values.port);
  let server: ReturnType<typeof spawnApi> | undefined;
  try {
    const longThread = dataDir ? undefined : await seed(env, data, series);
    if (dataDir) await seedReviewsInto(env);
    server = spawnApi({ env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitForHttp(`http://127.0.0.1:${values.port}/health`, 300_000, server);
    const first = await build(env, join(scratch, 'dist-1'));
    const catalogueSize = dataDir ? first.phases.files.series : series;
    printBuild(`build of ${catalogueSize} series from nothing`, first, catalogueSize);
    printGoals(first);
    checkLongThread(first.dist, longThread);
    await checkSocialCards(first.dist, env, Number(values.cards), Number(values.port) + 1);
    if (values.before) await buildBefore(env, values.before, scratch, first);
    if (rebuild) {
      console.log(`\nChanging the catalogue for a scheduled rebuild …`);
      await stopProcess(server);
      const voted = await changeCatalogue(env, Number(values.votes), Number(values['new-threads']));
      server = spawnApi({ env, stdio: ['ignore', 'ignore', 'inherit'] });
      await waitForHttp(`http://127.0.0.1:${values.port}/health`, 300_000, server);
      const second = await rebuildAgainst(env, first.dist, join(scratch, 'dist-2'));
      printBuild(
        `rebuild after ${values.votes} votes and ${values['new-threads']} threads`,
        second.run,
        catalogueSize,
      );
      console.log(`  linking unchanged files to the previous build: ${seconds(second.linkMs)}`);
      const comparison = await compareOutputs(first.dist, second.run.dist);
      printComparison(comparison, voted, second.run.dist);
      const seriesPages = listFiles(second.run.dist).filter((file) => /^series\/\d+\.html$/.test(file));
      const seriesRewritten = second.rewritten.filter((file) => /^series\/\d+\.html$/.test(file)).length;
      verdict(
        'rebuild',
        second.ms / 1000 <= GOALS.rebuildSeconds,
        `${seconds(second.ms)} (goal ≤ ${GOALS.rebuildSeconds / 60} min)`,
      );
      const rewrittenDetail =
        `${seriesRewritten} of ${seriesPages.length} (${((seriesRewritten / seriesPages.length) * 100).toFixed(2)} %, ` +
        `goal ≤ ${GOALS.rebuildSeriesShare * 100} %); ${second.rewritten.length} files in all`;
      const votedShare = voted.length / seriesPages.length;
      // Every voted series' page is rewritten: with votes on more than 1 % of a smaller catalogue, the share
      // says how many were voted, not how the build does.
      if (votedShare <= GOALS.rebuildVotedShare) {
        verdict(
          'series pages rewritten',
          seriesRewritten / seriesPages.length <= GOALS.rebuildSeriesShare,
          rewrittenDetail,
        );
      } else {
        console.log(
          `  -      series pages rewritten: ${rewrittenDetail}; not judged: the votes fell on ` +
            `${(votedShare * 100).toFixed(1)} % of the series, the goal is for ${GOALS.rebuildVotedShare * 100} %`,
        );
      }

      console.log('\nRebuilding with nothing changed …');
      const third = await rebuildAgainst(env, second.run.dist, join(scratch, 'dist-3'));
      printBuild('rebuild with nothing changed', third.run, catalogueSize);
      verdict(
        'rebuild with nothing changed',
        third.ms / 1000 <= GOALS.unchangedRebuildSeconds,
        `${seconds(third.ms)} (goal ≤ ${GOALS.unchangedRebuildSeconds} s)`,
      );
      verdict(
        'files rewritten with nothing changed',
        third.rewritten.length === 0,
        `${third.rewritten.length}${third.rewritten.length ? ` (${third.rewritten.slice(0, 5).join(', ')} …)` : ''} (goal 0)`,
      );
    }
    return { series: catalogueSize, run: first };
  } finally {
    if (server) await stopProcess(server);
    if (!values.keep) rmSync(scratch, { recursive: true, force: true });
    else console.log(`kept ${scratch}`);
  }
}

function printScale(results: readonly SizeResult[]): void {
  console.log('\nCost per 1,000 series of each phase (a flat row grows linearly):');
  const names = results[0]!.run.phases.phases.map((phase) => phase.name);
  console.log(
    `  ${'phase'.padEnd(46)} ${results.map((result) => `${result.series}`.padStart(10)).join(' ')}`,
  );
  for (const name of names) {
    const cells = results.map((result) => {
      const phase = result.run.phases.phases.find((entry) => entry.name === name);
      return (phase ? seconds((phase.ms * 1000) / result.series) : '—').padStart(10);
    });
    console.log(`  ${name.padEnd(46)} ${cells.join(' ')}`);
  }
  const totals = results.map((result) =>
    seconds((result.run.phases.totalMs * 1000) / result.series).padStart(10),
  );
  console.log(`  ${'whole build'.padEnd(46)} ${totals.join(' ')}`);
  const peaks = results.map((result) => mb(result.run.peakBytes).padStart(10));
  console.log(`  ${'peak memory (whole, not per series)'.padEnd(46)} ${peaks.join(' ')}`);
}

async function main() {
  printMachineReference();
  if (values['data-dir']) {
    await benchOneSize(0, values['data-dir'], values.rebuild);
    return;
  }
  const sizes = (values.scale ?? values.series).split(',').map((size) => Number(size.trim()));
  const results: SizeResult[] = [];
  for (const size of sizes) results.push(await benchOneSize(size, undefined, values.rebuild));
  if (results.length > 1) printScale(results);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
