import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { SERIES_TYPES } from '../navigation/series-types';
import type { RankedSeries, RankingKey, RankingPlace, SeriesDetail, SeriesPageData } from './catalogue-types';
import {
  CATALOGUE_IDS_MAX,
  cataloguePageSchema,
  catalogueVersionsSchema,
  rankingMethodSchema,
  rankingOrderSchema,
  type CatalogueVersions,
  type RankingMethod,
  type RankingOrder,
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
import { FULL_READ_EVERY_MS, type KeptDetails } from './kept-details';
import { fingerprint } from '../incremental-build/fingerprint';

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
/** Reads of details by id in flight at once: the API answers them one after the other anyway. */
const PARALLEL_ID_READS = 2;

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

/** The details of the series `ids`, CATALOGUE_IDS_MAX a request (those that still exist), by id. */
async function fetchDetailsOf(apiUrl: string, ids: readonly number[]): Promise<Map<number, SeriesDetail>> {
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += CATALOGUE_IDS_MAX) {
    chunks.push(ids.slice(start, start + CATALOGUE_IDS_MAX));
  }
  const read = new Map<number, SeriesDetail>();
  const worker = async () => {
    for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
      const body = await getJson(apiUrl, BULK_PATH, { ids: chunk.join(',') });
      for (const detail of cataloguePageSchema.parse(body).items) read.set(detail.series_id, detail);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_ID_READS }, worker));
  return read;
}

interface SeriesVersions {
  basis: string;
  /** Every series' id and version, in id order. */
  items: CatalogueVersions['items'];
}

/** Every series' version (GET /series/catalogue-versions), in pages by id. */
async function fetchVersions(apiUrl: string): Promise<SeriesVersions> {
  const items: CatalogueVersions['items'] = [];
  let basis: string | undefined;
  for (let afterId = 0; ;) {
    const page = catalogueVersionsSchema.parse(
      await getJson(apiUrl, '/series/catalogue-versions', { after_id: afterId }),
    );
    // Every page must share its basis: one that moved while the build read them is no basis at all.
    basis = basis === undefined || basis === page.basis ? page.basis : '';
    items.push(...page.items);
    const last = page.items.at(-1);
    if (!page.has_more || !last) return { basis, items };
    afterId = last.id;
  }
}

/**
 * The whole order of a ranked list (ids, that list's ranks and the final scores) in one request: every page
 * of every list is pre-rendered, and type lists carry ranks within the type, which only the API knows.
 */
async function fetchRankingOrder(apiUrl: string, key: RankingKey): Promise<RankingOrder['items']> {
  const body = await getJson(apiUrl, '/series/ranking-order', key === 'ALL' ? {} : { type: key });
  return rankingOrderSchema.parse(body).items;
}

/** A list's places as the build holds them: the final scores are the details'. */
function placesOf(items: RankingOrder['items']): RankingPlace[] {
  return items.map(({ id, rank }) => ({ id, rank }));
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
  return placesOf(rankingOrderSchema.parse(body).items);
}

/** The weighting the scores were computed with, for the page that explains it. */
async function fetchRankingMethod(apiUrl: string): Promise<RankingMethod> {
  return rankingMethodSchema.parse(await getJson(apiUrl, '/series/ranking-method', {}));
}

/** A catalogue read from the API, with its details as the next build keeps them. */
export interface CatalogueRead {
  snapshot: BuildCatalogue;
  details: KeptDetails;
  /**
   * How many details were read: all of them (and why, when details were kept), or those whose version
   * changed (the rest were kept).
   */
  detailsRead: { count: number; all: boolean; reason?: string | undefined };
  /**
   * Whether the whole read (every detail, rank and final score, and the rest of the catalogue) is what the
   * kept details were read with: the previous build's pages then had exactly these inputs.
   */
  sameAsKept: boolean;
}

/** Why the kept details cannot stand for what the API has now; undefined when they can. */
function fullReadReason(
  kept: KeptDetails | undefined,
  apiUrl: string,
  versions: SeriesVersions,
  now: number,
): string | undefined {
  if (!kept) return 'no details kept';
  if (kept.apiUrl !== apiUrl) return 'another API';
  if (!versions.basis || kept.basis !== versions.basis) return "the API's details changed shape";
  const fullReadAt = Date.parse(kept.fullReadAt);
  if (!(now - fullReadAt < FULL_READ_EVERY_MS && fullReadAt <= now)) return 'the last full read is a day old';
  return undefined;
}

/**
 * Reads the whole catalogue: every series' version and detail, the order of each of the 4 ranked lists, the
 * trending order, the method, every series' "Readers also liked" and its most helpful reviews.
 *
 * With `kept` (the details the previous build read), a series whose version is the one kept is not read
 * again: its detail is the kept one with today's rank and final score from the overall order (other series'
 * votes move them). The versions are read before any detail, so a series written in between is read again
 * next time rather than kept with a detail older than its version.
 */
export async function readCatalogue(
  apiUrl: string,
  kept?: KeptDetails,
  now: number = Date.now(),
): Promise<CatalogueRead> {
  const keys: RankingKey[] = ['ALL', ...SERIES_TYPES];
  const versionsRead = fetchVersions(apiUrl);
  const detailsRead = versionsRead.then((versions) => readDetails(apiUrl, versions, kept, now));
  const [rankingMethod, trending, alsoLiked, reviews, ...orders] = await Promise.all([
    fetchRankingMethod(apiUrl),
    fetchTrendingOrder(apiUrl),
    fetchAlsoLiked(apiUrl),
    fetchTopReviews(apiUrl),
    ...keys.map((key) => fetchRankingOrder(apiUrl, key)),
    // Its failure is awaited below; this keeps it from being unhandled while the others run.
    detailsRead.then(() => []),
  ]);
  const { details, reused, count, all, reason } = await detailsRead;
  const overall = new Map((orders[0] ?? []).map((place) => [place.id, place]));
  const series: SeriesPageData[] = [];
  for (let index = 0; index < details.length; index += 1) {
    const read = details[index]!;
    const place = reused.has(read.series_id) ? overall.get(read.series_id) : undefined;
    const detail = place ? { ...read, rank: place.rank, final_score: place.final_score } : read;
    details[index] = detail;
    series.push({ series: rankedSeriesFromDetail(detail), detail });
  }
  const rankings = Object.fromEntries(
    keys.map((key, index) => [key, placesOf(orders[index] ?? [])]),
  ) as Record<RankingKey, RankingPlace[]>;
  const generatedAt = new Date(now).toISOString();
  const versions = await versionsRead;
  const rest = { rankings, trending, ranking_method: rankingMethod, also_liked: alsoLiked, reviews };
  const cataloguePrint = fingerprint(rest);
  const same =
    !all && kept !== undefined && kept.cataloguePrint === cataloguePrint && sameDetails(details, kept, count);
  const byVersion = new Map(versions.items.map(({ id, version }) => [id, version]));
  return {
    snapshot: {
      format: SNAPSHOT_FORMAT,
      version: SNAPSHOT_VERSION,
      generated_at: generatedAt,
      api_url: apiUrl,
      series,
      ...rest,
    },
    details: {
      apiUrl,
      basis: versions.basis,
      fullReadAt: all ? generatedAt : kept!.fullReadAt,
      byId: new Map(
        details.map((detail) => [
          detail.series_id,
          { version: byVersion.get(detail.series_id) ?? '', detail },
        ]),
      ),
      cataloguePrint,
      ...(same && kept.file ? { file: kept.file } : {}),
    },
    detailsRead: { count, all, reason },
    sameAsKept: same,
  };
}

/**
 * Whether `details` are the kept ones exactly: none read again, none gone, and each kept one's rank and
 * final score (taken from today's order) as they were.
 */
function sameDetails(details: readonly SeriesDetail[], kept: KeptDetails, readAgain: number): boolean {
  if (readAgain > 0 || details.length !== kept.byId.size) return false;
  return details.every((detail) => {
    const before = kept.byId.get(detail.series_id)?.detail;
    return before?.rank === detail.rank && before.final_score === detail.final_score;
  });
}

/**
 * Every series' detail in id order: the kept one where the version is the same, else read again; all read
 * again when the kept ones cannot stand (fullReadReason). `reused` names the kept ones.
 */
async function readDetails(
  apiUrl: string,
  versions: SeriesVersions,
  kept: KeptDetails | undefined,
  now: number,
): Promise<{ details: SeriesDetail[]; reused: Set<number>; count: number; all: boolean; reason?: string }> {
  const reason = fullReadReason(kept, apiUrl, versions, now);
  // None usable: a full read, which asks by id too, two requests in flight: the API prepares the next while
  // the build checks the last, where pages after an id had to be asked one after another (docs/performance.md).
  const usable = reason === undefined ? kept : undefined;
  const all = usable === undefined;
  const changed = versions.items
    .filter(({ id, version }) => usable?.byId.get(id)?.version !== version)
    .map(({ id }) => id);
  const read = await fetchDetailsOf(apiUrl, changed);
  const changedIds = new Set(changed);
  const details: SeriesDetail[] = [];
  const reused = new Set<number>();
  for (const { id } of versions.items) {
    if (changedIds.has(id)) {
      const detail = read.get(id);
      // None: deleted after its version was read.
      if (detail) details.push(detail);
      continue;
    }
    reused.add(id);
    details.push(usable!.byId.get(id)!.detail);
  }
  return { details, reused, count: read.size, all, ...(all ? { reason } : {}) };
}

/** The whole catalogue, every detail read (`npm run snapshot`). */
export async function fetchCatalogue(apiUrl: string): Promise<BuildCatalogue> {
  return (await readCatalogue(apiUrl)).snapshot;
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
  /** Read from the API: its details, for the next build to keep (kept-details.ts). */
  details?: KeptDetails;
  /** Read from the API, the same in every part as the kept details' build read it (CatalogueRead). */
  sameAsPrevious?: boolean;
}

/** The catalogue for a build, from the API or a snapshot as described at the top of this module. */
export async function loadBuildCatalogue(
  env: BuildSourceEnv,
  log: CatalogueLog = consoleLog,
  /** The snapshot used when the API is unreachable; tests point it elsewhere. */
  fallbackSnapshot: string = resolve(DEFAULT_SNAPSHOT_FILE),
  /** The details the previous build read from the API (kept-details.ts). */
  kept?: KeptDetails,
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
    const { snapshot, details, detailsRead, sameAsKept } = await readCatalogue(apiUrl, kept);
    const read = detailsRead.all
      ? `every detail read${detailsRead.reason ? `: ${detailsRead.reason}` : ''}`
      : `${detailsRead.count} details read again, ${snapshot.series.length - detailsRead.count} kept from the previous build`;
    const same = sameAsKept ? "; all of it as the previous build's" : '';
    log.info(`Catalogue from ${apiUrl} (${snapshot.series.length} series; ${read}${same}).`);
    return { snapshot, source: apiUrl, details, sameAsPrevious: sameAsKept };
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
