import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../api/db/client';
import { users, VOTE_CATEGORIES } from '../../api/db/schema';
import { LocalDiskStorage } from '../../api/media/storage';
import { seedDemoCatalogue } from '../../scripts/demo/demo-catalogue';
import { seedGeneratedThreads } from '../../scripts/demo/demo-forum';
import { seedDemoReviewsIfEmpty } from '../../scripts/demo/demo-reviews';
import { compareOutputs, listFiles } from '../../scripts/bench/build-output';
import { astroEnv, bin, run } from '../../scripts/lib/processes';
import {
  keptFiles,
  MANIFEST_FILE,
  type BuildManifest,
} from '../../src/features/incremental-build/build-manifest';
import { KEPT_DETAILS_FILE } from '../../src/features/catalogue/kept-details';
import { prerenderedPageData, prerenderedSeries } from '../../src/features/catalogue/prerendered-values';
import type { RankedSeries, SeriesDetail } from '../../contract/catalogue';

/*
 * Real `astro build`s of a small demo catalogue against the real API: two builds of the same data are
 * byte-identical; after votes and a forum reply, a build against the previous output renders only the pages
 * whose inputs changed, keeps every other page as the previous build's own file, and equals a full build
 * from nothing file for file; with nothing changed it keeps every data page; a previous output without its
 * manifest or with a file missing is built again where needed.
 */

const SITE_URL = 'https://panelrank.example';
const scratch = mkdtempSync(join(tmpdir(), 'panelrank-build-test-'));
let app: FastifyInstance;
let database: DatabaseHandle;
let apiUrl = '';
let builds = 0;

async function build(previous?: string, settings: NodeJS.ProcessEnv = {}): Promise<string> {
  builds += 1;
  const dist = join(scratch, `dist-${builds}`);
  const log = openSync(join(scratch, `build-${builds}.log`), 'w');
  try {
    await run(bin('astro'), ['build'], {
      env: {
        ...astroEnv(process.env),
        NODE_ENV: 'production',
        SITE_URL,
        PUBLIC_API_URL: apiUrl,
        BUILD_API_URL: apiUrl,
        SNAPSHOT_FILE: '',
        SITE_DIST: dist,
        // Each build from nothing but the previous output it is given: no Astro or Vite cache of another.
        ASTRO_CACHE_DIR: join(scratch, `cache-${builds}`),
        PREVIOUS_SITE_DIST: previous ?? '',
        ...settings,
      },
      stdio: ['ignore', log, log],
    });
  } catch (error) {
    throw new Error(
      `${(error as Error).message}:\n${readFileSync(join(scratch, `build-${builds}.log`), 'utf8').slice(-3000)}`,
      { cause: error },
    );
  } finally {
    closeSync(log);
  }
  return dist;
}

/** The output of the n-th build of this file. */
const buildLog = (n: number) => readFileSync(join(scratch, `build-${n}.log`), 'utf8');

/** Every series of the catalogue as the API ranks it. */
const rankedSeries = () => api<RankedSeries[]>('/series/rankings?page=1&page_size=100');

const inode = (dir: string, file: string) => statSync(join(dir, file)).ino;
const dataPage = (file: string) => /^(series|forum)\/\d+\.html$/.test(file);
/** Files of `next` that are not the previous build's own file: written by this build. */
const written = (previous: string, next: string) =>
  listFiles(next).filter((file) => {
    try {
      return inode(previous, file) !== inode(next, file);
    } catch {
      return true;
    }
  });

function manifestOf(dir: string): BuildManifest {
  return JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as BuildManifest;
}

async function api<T>(path: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<T> {
  const { token, json, ...rest } = init;
  const response = await fetch(apiUrl + path, {
    ...rest,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: scratch,
    DATABASE_URL: 'memory://',
    PORT: '0',
    LOG_LEVEL: 'silent',
    ALSO_LIKED_REFRESH: '0',
  });
  database = await openDatabase(config.database);
  await migrateDatabase(database);
  // Seeded before the API starts, as `npm run seed` does.
  await seedDemoCatalogue(database.db, new LocalDiskStorage(join(scratch, 'media'), config.publicApiUrl), {
    series: 60,
    covers: false,
  });
  await seedGeneratedThreads(database.db, { threads: 6 });
  await seedDemoReviewsIfEmpty(database.db, { seriesReviewed: 4 });
  app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('site builds', () => {
  let first = '';
  let incremental = '';

  it('are byte-identical, page for page, for the same data, with render workers or without', async () => {
    first = await build(undefined, { RENDER_WORKERS: '1' });
    const second = await build(undefined, { RENDER_WORKERS: '0' });
    const comparison = await compareOutputs(first, second);
    // Every page and the manifest; the details kept for the next build say when they were read.
    expect(comparison.changed).toEqual([KEPT_DETAILS_FILE]);
    expect(comparison.added).toEqual([]);
    expect(comparison.removed).toEqual([]);
    expect(comparison.unchanged.filter(dataPage).length).toBeGreaterThan(60);
    // The first build's worker rendered some of the pages, the second build rendered all on one thread.
    const shared = /(\d+) pages rendered by 1 render worker, (\d+) on the main thread/.exec(buildLog(1));
    expect(Number(shared?.[1])).toBeGreaterThan(0);
    expect(buildLog(2)).not.toMatch(/render worker/);
  }, 240_000);

  it('render only the pages whose inputs changed, and equal a full build', async () => {
    const before = await rankedSeries();
    // Two series in the middle of the ranking get votes; a thread gets a reply.
    const [liked, disliked] = [before[10]!.id, before[15]!.id];
    const voters = await database.db
      .insert(users)
      .values(
        ['a', 'b', 'c'].map((name) => ({
          username: `voter_${name}`,
          email: `voter.${name}@gmail.com`,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning();
    for (const voter of voters) {
      const token = await app.accounts.issueToken(voter);
      for (const category of VOTE_CATEGORIES) {
        for (const [id, score] of [
          [liked, 10],
          [disliked, 1],
        ] as const) {
          await api(`/series-details/${id}/vote`, { method: 'POST', token, json: { category, score } });
        }
      }
    }
    const threads = await api<{ id: number }[]>('/forum/threads?page=1&page_size=5');
    const threadId = threads[0]!.id;
    await api(`/forum/threads/${threadId}/posts`, {
      method: 'POST',
      token: await app.accounts.issueToken(voters[0]!),
      json: { content_markdown: 'A reply that the next build must show on the thread page.' },
    });

    // With the first build's cache folder, as a scheduled rebuild keeps it: Astro's content store there holds
    // the forum threads as that build rendered them.
    incremental = await build(first, { ASTRO_CACHE_DIR: join(scratch, 'cache-1') });
    // With a core to spare, the rebuild shared its pages with a render worker (full builds do not).
    if (availableParallelism() > 1) expect(buildLog(builds)).toMatch(/\d+ pages rendered by 1 render worker/);
    // It read again from the API the details of the two series voted on, and kept the others'.
    expect(buildLog(builds)).toContain('2 details read again, 58 kept from the previous build');
    expect(buildLog(builds)).not.toContain("as the previous build's");
    // And rendered again only the thread with the new reply; the output below equals a full build's.
    expect(buildLog(builds)).toMatch(
      /6 forum threads from \S+ \(1 rendered, 5 kept from the previous build\)/,
    );
    const full = await build();
    expect(buildLog(builds)).toContain('every detail read');
    const sameAsFull = await compareOutputs(full, incremental);
    // The kept details say when every detail was last read: the full build's own time, the rebuild's first's.
    // The manifests are the same: which files the rebuild linked from the first build follows from the
    // first's manifest and its own, and it is exactly those.
    expect(sameAsFull.changed).toEqual([KEPT_DETAILS_FILE]);
    const writtenPages = written(first, incremental);
    const linkedFromFirst = listFiles(incremental).filter((file) => !writtenPages.includes(file));
    expect(keptFiles(manifestOf(first), manifestOf(incremental)).sort()).toEqual(linkedFromFirst.sort());
    expect(sameAsFull.added).toEqual([]);
    expect(sameAsFull.removed).toEqual([]);

    const changed = (await compareOutputs(first, incremental)).changed;
    for (const page of [`series/${liked}.html`, `series/${disliked}.html`, `forum/${threadId}.html`]) {
      expect(changed).toContain(page);
    }
    // Every page that changed was written (kept files are the previous build's own).
    expect(changed.filter((file) => !writtenPages.includes(file))).toEqual([]);
    expect(writtenPages.filter((file) => file.startsWith('forum/') && dataPage(file))).toEqual([
      `forum/${threadId}.html`,
    ]);
    // A series page is written only when what it renders from changed: its own rank, score or votes as
    // pre-rendered, or a card of a series whose pre-rendered values changed (the votes move the
    // catalogue's mean too).
    const after = new Map((await rankedSeries()).map((series) => [series.id, series]));
    const shown = (series: RankedSeries | undefined) => JSON.stringify(series && prerenderedSeries(series));
    const moved = before
      .filter((series) => shown(series) !== shown(after.get(series.id)))
      .map((series) => series.id);
    // A page's own rank is exact in the top ten and a band below, its score has one decimal, and its vote
    // counts and mean are its own.
    const ownShown = (series: RankedSeries | undefined) =>
      JSON.stringify(
        series &&
          prerenderedPageData({
            series,
            detail: { rank: series.rank, final_score: series.final_score } as SeriesDetail,
          }),
      );
    const ownMoved = new Set(
      before
        .filter((series) => ownShown(series) !== ownShown(after.get(series.id)))
        .map((series) => series.id),
    );
    const showsMoved = (file: string) =>
      [first, incremental].some((dir) => {
        const html = readFileSync(join(dir, file), 'utf8');
        return moved.some((id) => html.includes(`href="/series/${id}"`));
      });
    const seriesPages = writtenPages.filter((file) => /^series\/\d+\.html$/.test(file));
    const unexplained = seriesPages.filter(
      (file) => !ownMoved.has(Number(/(\d+)/.exec(file)![1])) && !showsMoved(file),
    );
    expect(unexplained).toEqual([]);
  }, 300_000);

  it('keep every data page when nothing changed, and render a page whose previous file is missing', async () => {
    const missing = listFiles(incremental).find((file) => /^series\/\d+\.html$/.test(file))!;
    const damaged = await build(incremental);
    // First a build with nothing changed: the catalogue read is the previous build's in every part, so its
    // pages' fingerprints are that build's; no data page written, nor the details kept for the next build.
    expect(buildLog(builds)).toContain(
      "0 details read again, 60 kept from the previous build; all of it as the previous build's",
    );
    expect(written(incremental, damaged).filter(dataPage)).toEqual([]);
    expect(inode(damaged, KEPT_DETAILS_FILE)).toBe(inode(incremental, KEPT_DETAILS_FILE));
    // Nor any other file of other bytes, after a rebuild that kept fewer: the manifest too is the same.
    expect((await compareOutputs(incremental, damaged)).changed).toEqual([]);
    unlinkSync(join(damaged, missing));
    const repaired = await build(damaged);
    expect(buildLog(builds)).toContain("all of it as the previous build's");
    expect(written(damaged, repaired).filter(dataPage)).toEqual([missing]);
    const comparison = await compareOutputs(incremental, repaired);
    // The manifest says which page was rendered again for its lost file, and nothing else differs.
    expect(comparison.changed).toEqual([MANIFEST_FILE]);
    expect(manifestOf(repaired)).toEqual({
      ...manifestOf(incremental),
      restored: [`/${missing.replace(/\.html$/, '')}`],
    });
    expect(comparison.removed).toEqual([]);
  }, 240_000);

  it('build in full when the previous output has no manifest or another setting', async () => {
    unlinkSync(join(incremental, MANIFEST_FILE));
    const withoutManifest = await build(incremental);
    expect(written(incremental, withoutManifest).filter(dataPage).length).toBe(
      listFiles(withoutManifest).filter(dataPage).length,
    );
    const otherSetting = await build(withoutManifest, { SITE_URL: 'https://www.panelrank.example' });
    expect(written(withoutManifest, otherSetting).filter(dataPage).length).toBe(
      listFiles(otherSetting).filter(dataPage).length,
    );
  }, 240_000);
});
