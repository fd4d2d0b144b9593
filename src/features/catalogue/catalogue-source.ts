import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { SERIES_TYPES } from '../navigation/series-types';
import type { RankedSeries, RankingKey, RankingPlace, SeriesDetail, SeriesPageData } from './catalogue-types';
import {
  CATALOGUE_MAX_PAGE_SIZE,
  cataloguePageSchema,
  rankingMethodSchema,
  rankingOrderSchema,
  type RankingMethod,
} from '../../../contract/catalogue';
import { ALSO_LIKED_LISTS_MAX_PAGE_SIZE, alsoLikedListsSchema } from '../../../contract/recommendations';
import { TOP_REVIEWS_MAX_PAGE_SIZE, topReviewsSchema } from '../../../contract/reviews';
import { buildApiUrl, buildFetch, isApiUnreachable, type BuildSourceEnv } from '../../lib/build-fetch';
import {
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  buildCatalogueSchema,
  type AlsoLikedSnapshot,
  type ReviewsSnapshot,
  type BuildCatalogue,
} from './catalogue-schema';
import { rankedSeriesFields } from './ranked-series-fields';

/*
 * The build-time catalogue: fetched from the API or read from a snapshot file. One module for the build
 * (build-catalogue.ts) and for `npm run snapshot`, so both produce the same data.
 *
 * Where the data comes from:
 * 1. SNAPSHOT_FILE set: that file, and only that file (a missing or invalid file fails the build).
 * 2. Otherwise the API at BUILD_API_URL, else PUBLIC_API_URL, else http://localhost:8787.
 * 3. If that API is unreachable (no connection, timeout, 502/503/504) and the default snapshot
 *    `.snapshot/catalogue.json` exists, that file is used with a warning naming its age. Deploy builds
 *    have no such file (it is git-ignored), so there an unreachable API fails the build.
 * 4. Neither: the build fails with a message naming both options.
 */

export const DEFAULT_SNAPSHOT_FILE = '.snapshot/catalogue.json';

/** The bulk endpoint: every SeriesDetail in id order, paged by the last id read (up to 1000 a page). */
const BULK_PATH = '/series/catalogue';

export interface CatalogueLog {
  info(message: string): void;
  warn(message: string): void;
}

const consoleLog: CatalogueLog = { info: console.log, warn: console.warn };

export function snapshotPath(env: BuildSourceEnv): string {
  return resolve(env.SNAPSHOT_FILE?.trim() || DEFAULT_SNAPSHOT_FILE);
}

export class CatalogueUnavailableError extends Error {
  override name = 'CatalogueUnavailableError';
}

function getJson(apiUrl: string, path: string, query: Record<string, string | number>): Promise<unknown> {
  return buildFetch(path, { baseURL: apiUrl, query });
}

/** A list entry derived from a detail (the detail carries every RankedSeries field). */
export function rankedSeriesFromDetail(detail: SeriesDetail): RankedSeries {
  return { id: detail.series_id, ...rankedSeriesFields(detail) };
}

/**
 * Every series with its detail, through the bulk endpoint (`GET /series/catalogue`), each page starting after
 * the last id of the one before: a page deep in a catalogue of 100,000 series costs what the first does.
 */
async function fetchAllSeries(apiUrl: string): Promise<SeriesPageData[]> {
  const all: SeriesPageData[] = [];
  for (let afterId = 0; ;) {
    const body = await getJson(apiUrl, BULK_PATH, { after_id: afterId, page_size: CATALOGUE_MAX_PAGE_SIZE });
    const { items, has_more } = cataloguePageSchema.parse(body);
    for (const detail of items) all.push({ series: rankedSeriesFromDetail(detail), detail });
    const last = items.at(-1);
    if (!has_more || !last) return all;
    afterId = last.series_id;
  }
}

/**
 * The whole order of a ranked list (ids and that list's ranks) in one request: every page of every list is
 * pre-rendered, and type lists carry ranks within the type, which only the API knows.
 */
async function fetchRankingOrder(apiUrl: string, key: RankingKey): Promise<RankingPlace[]> {
  const body = await getJson(apiUrl, '/series/ranking-order', key === 'ALL' ? {} : { type: key });
  return rankingOrderSchema.parse(body).items;
}

/** Every stored "Readers also liked" list, as ids, through GET /series/also-liked-lists in pages by series id. */
async function fetchAlsoLiked(apiUrl: string): Promise<AlsoLikedSnapshot> {
  const all: AlsoLikedSnapshot = [];
  for (let afterId = 0; ;) {
    const body = await getJson(apiUrl, '/series/also-liked-lists', {
      after_id: afterId,
      page_size: ALSO_LIKED_LISTS_MAX_PAGE_SIZE,
    });
    const { items, has_more } = alsoLikedListsSchema.parse(body);
    all.push(...items);
    const last = items.at(-1);
    if (!has_more || !last) return all;
    afterId = last.series_id;
  }
}

/** Every reviewed series' count and most helpful reviews, through GET /series/top-reviews in pages by id. */
async function fetchTopReviews(apiUrl: string): Promise<ReviewsSnapshot> {
  const all: ReviewsSnapshot = [];
  for (let afterId = 0; ;) {
    const body = await getJson(apiUrl, '/series/top-reviews', {
      after_id: afterId,
      page_size: TOP_REVIEWS_MAX_PAGE_SIZE,
    });
    const { items, has_more } = topReviewsSchema.parse(body);
    all.push(...items);
    const last = items.at(-1);
    if (!has_more || !last) return all;
    afterId = last.series_id;
  }
}

/**
 * The trending order (distinct voters of the last days, counted by the API) with the overall ranks, in one
 * request: read a page of 100 at a time, 100,000 series took a thousand requests, the longest of the build's
 * reads.
 */
async function fetchTrendingOrder(apiUrl: string): Promise<RankingPlace[]> {
  const body = await getJson(apiUrl, '/series/ranking-order', { sort: 'trending' });
  return rankingOrderSchema.parse(body).items;
}

/** The weighting the scores were computed with, for the page that explains it. */
async function fetchRankingMethod(apiUrl: string): Promise<RankingMethod> {
  return rankingMethodSchema.parse(await getJson(apiUrl, '/series/ranking-method', {}));
}

/**
 * Fetches the whole catalogue: the bulk endpoint, the order of each of the 4 ranked lists, the trending
 * order, the method, every series' "Readers also liked" and its most helpful reviews.
 */
export async function fetchCatalogue(apiUrl: string): Promise<BuildCatalogue> {
  const keys: RankingKey[] = ['ALL', ...SERIES_TYPES];
  const [rankingMethod, series, trending, alsoLiked, reviews, ...orders] = await Promise.all([
    fetchRankingMethod(apiUrl),
    fetchAllSeries(apiUrl),
    fetchTrendingOrder(apiUrl),
    fetchAlsoLiked(apiUrl),
    fetchTopReviews(apiUrl),
    ...keys.map((key) => fetchRankingOrder(apiUrl, key)),
  ]);
  const rankings = Object.fromEntries(keys.map((key, index) => [key, orders[index] ?? []])) as Record<
    RankingKey,
    RankingPlace[]
  >;
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    generated_at: new Date().toISOString(),
    api_url: apiUrl,
    series,
    rankings,
    trending,
    ranking_method: rankingMethod,
    also_liked: alsoLiked,
    reviews,
  };
}

export async function readSnapshotFile(file: string): Promise<BuildCatalogue> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CatalogueUnavailableError(
      `Cannot read the catalogue snapshot ${file}: ${(error as Error).message}`,
    );
  }
  const parsed = buildCatalogueSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new CatalogueUnavailableError(
      `${file} is not a PanelRank catalogue snapshot (version ${SNAPSHOT_VERSION}): ${parsed.error.issues[0]?.message}. ` +
        'Write a fresh one with `npm run snapshot`.',
    );
  }
  return parsed.data;
}

/** Writes the snapshot atomically (a temporary file, then a rename), so a failed run never leaves half a file. */
export async function writeSnapshotFile(file: string, snapshot: BuildCatalogue): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(snapshot)}\n`, 'utf8');
  await rename(temporary, file);
}

function age(generatedAt: string): string {
  const minutes = Math.round((Date.now() - Date.parse(generatedAt)) / 60_000);
  if (!Number.isFinite(minutes)) return 'of unknown age';
  if (minutes < 120) return `${minutes} min old`;
  return `${Math.round(minutes / 60)} h old`;
}

export interface LoadedCatalogue {
  snapshot: BuildCatalogue;
  /** Where it came from, for the build log: an API URL or a file path. */
  source: string;
}

/** The catalogue for a build, from the API or a snapshot as described at the top of this module. */
export async function loadBuildCatalogue(
  env: BuildSourceEnv,
  log: CatalogueLog = consoleLog,
  /** The snapshot used when the API is unreachable; tests point it elsewhere. */
  fallbackSnapshot: string = resolve(DEFAULT_SNAPSHOT_FILE),
): Promise<LoadedCatalogue> {
  if (env.SNAPSHOT_FILE?.trim()) {
    const file = snapshotPath(env);
    const snapshot = await readSnapshotFile(file);
    log.info(
      `Catalogue from snapshot ${file} (${age(snapshot.generated_at)}, ${snapshot.series.length} series).`,
    );
    return { snapshot, source: file };
  }
  const apiUrl = buildApiUrl(env);
  try {
    const snapshot = await fetchCatalogue(apiUrl);
    log.info(`Catalogue from ${apiUrl} (${snapshot.series.length} series).`);
    return { snapshot, source: apiUrl };
  } catch (error) {
    if (!isApiUnreachable(error)) throw error;
    const fallback = fallbackSnapshot;
    if (existsSync(fallback)) {
      const snapshot = await readSnapshotFile(fallback);
      log.warn(
        `The API at ${apiUrl} is unreachable (${(error as Error).message}); building from the snapshot ${fallback} ` +
          `(${age(snapshot.generated_at)}). Its scores may be stale; series pages refresh them live.`,
      );
      return { snapshot, source: fallback };
    }
    throw new CatalogueUnavailableError(
      `Cannot load the catalogue for the build: the API at ${apiUrl} is unreachable (${(error as Error).message}) ` +
        `and there is no snapshot at ${fallback}.\n` +
        `  Either start the API and point the build at it with BUILD_API_URL (or PUBLIC_API_URL),\n` +
        `  or build from a snapshot: run \`npm run snapshot\` while the API is up, then set ` +
        `SNAPSHOT_FILE=${DEFAULT_SNAPSHOT_FILE} (or any path it was saved to).`,
    );
  }
}
