import type { Review } from '../../../contract/reviews';
import type { RankingMethod } from '../../../contract/catalogue';
import { buildSourceEnv } from '../../lib/build-source-env';
import { loadBuildCatalogue } from './catalogue-source';
import type { BuildCatalogue } from './catalogue-schema';
import { takePrefetchedCatalogue } from './catalogue-prefetch';
import { pageChanged } from '../incremental-build/changed-pages';
import { prerenderedSeries } from './prerendered-values';
import { rankingPageInputs, rankingPagePrint } from './ranking-page-inputs';
import {
  browseListKey,
  browseListPath,
  catalogueGenres,
  genrePlaces,
  popularPlaces,
  type BrowseList,
  type CatalogueGenre,
} from './browse-lists';
import type { RankedSeries, RankingKey, RankingPlace, SeriesPageData, TypeFilter } from './catalogue-types';
import { rankingPagesIndex, type RankingPagesIndex } from './ranking-pages';
import { SERIES_TYPES } from '../navigation/series-types';
import { createRelatedSeriesIndex, type RelatedSeriesIndex } from '../series/related-series';

/*
 * The catalogue the build renders, read once per build (from the API or a snapshot: catalogue-source.ts)
 * and shared by every page that needs it: the series pages, the ranking pages and their getStaticPaths.
 *
 * It is a plain module-level value, not a content collection. The content layer copies every entry into its
 * data store, validates and digests it, writes the store to disk and loads it back for rendering: with
 * 100,000 series that took minutes and gigabytes before the first page. Here the series are held once, as
 * the API sent them, ranking pages are cut when rendered, and related series are chosen from bounded
 * candidates (related-series.ts).
 */

export interface BuildCatalogueIndex {
  /** Every series with its detail, in id order. */
  series: SeriesPageData[];
  /** The pages of every pre-rendered list: the ranked ones and the browse lists (browse-lists.ts). */
  rankings: RankingPagesIndex;
  /** Every genre of the catalogue, by name. */
  genres: CatalogueGenre[];
  /** The genre lists that have series: every genre on its own, and per type the genres of that type. */
  genreLists: Extract<BrowseList, { kind: 'genre' }>[];
  /** Related series, chosen and shown by the ranks pre-rendered pages show (prerendered-values.ts). */
  related: RelatedSeriesIndex;
  /**
   * A series' "Readers also liked", most alike first, as pre-rendered pages show them ([] without a list,
   * or for a series not in the build).
   */
  alsoLiked(seriesId: number): RankedSeries[];
  /** A series' review count and three most helpful reviews (a visitor's view; none without reviews). */
  reviews(seriesId: number): SeriesReviews;
  /** The weighting the scores were computed with (/how-rankings-work shows it). */
  rankingMethod: RankingMethod;
  /**
   * Whether all of it is what the previous build read (catalogue-source.ts): every page rendered from it then
   * has that build's inputs, and an incremental build takes its fingerprints instead of working them out.
   */
  sameAsPrevious: boolean;
}

// A dev server keeps modules between requests: read the catalogue again when this one is older. A build
// reads it once, however long it renders.
const DEV_REFRESH_MS = 60_000;
const inDevServer = process.argv.slice(2).find((arg) => !arg.startsWith('-')) === 'dev';

let shared: { promise: Promise<BuildCatalogueIndex>; at: number } | undefined;

async function load(): Promise<BuildCatalogueIndex> {
  const started = performance.now();
  const prefetched = takePrefetchedCatalogue();
  if (!prefetched) console.log('[catalogue] Reading the catalogue …');
  const { snapshot, sameAsPrevious = false } = await (prefetched ?? loadBuildCatalogue(buildSourceEnv));
  // With a prefetch, the indexes' own time: the wait for the read is the read's phase, not theirs.
  const indexesStarted = prefetched ? performance.now() : started;
  const seriesById = new Map<number, SeriesPageData>(snapshot.series.map((data) => [data.series.id, data]));
  const genres = catalogueGenres(snapshot.series);
  // Each series once as the cards on series pages show it (prerendered-values.ts): the related and "Readers
  // also liked" sections share these objects, and their markup is rendered once per series.
  const cards = new Map(snapshot.series.map((data) => [data.series.id, prerenderedSeries(data.series)]));
  const lists: Record<string, RankingPlace[]> = {
    ...snapshot.rankings,
    [browseListKey({ kind: 'popular' })]: popularPlaces(snapshot.rankings.ALL, seriesById),
    [browseListKey({ kind: 'trending' })]: snapshot.trending,
  };
  const genreLists: BuildCatalogueIndex['genreLists'] = [];
  for (const type of ['ALL', ...SERIES_TYPES] as TypeFilter[]) {
    const byGenre = genrePlaces(snapshot.rankings[type], seriesById);
    for (const { slug, name } of genres) {
      const places = byGenre.get(slug);
      if (!places) continue;
      const list = { kind: 'genre', type, slug, genre: name } as const;
      genreLists.push(list);
      lists[browseListKey(list)] = places;
    }
  }
  const index = {
    series: snapshot.series,
    rankings: rankingPagesIndex(lists, seriesById),
    genres,
    genreLists,
    // Over the ranks series pages show (prerendered-values.ts): another series passing one, or a score's
    // last decimals, must not change which series a page lists, nor how.
    related: createRelatedSeriesIndex([...cards.values()]),
    alsoLiked: alsoLikedIndex(snapshot.also_liked, cards),
    reviews: reviewsIndex(snapshot.reviews),
    rankingMethod: snapshot.ranking_method,
    sameAsPrevious,
  };
  const seconds = ((performance.now() - indexesStarted) / 1000).toFixed(1);
  // With a prefetch, its own line said when the data arrived; this one when the indexes were made.
  console.log(
    prefetched
      ? `[catalogue] Indexes ready in ${seconds} s`
      : `[catalogue] Catalogue ready: ${snapshot.series.length} series in ${seconds} s`,
  );
  return index;
}

/**
 * Each series' "Readers also liked" as the series cards show them: the lists hold ids only (a few bytes a
 * series), and a series the build does not have is left out.
 */
function alsoLikedIndex(
  lists: BuildCatalogue['also_liked'],
  cards: ReadonlyMap<number, RankedSeries>,
): (seriesId: number) => RankedSeries[] {
  const byId = new Map(lists.map((list) => [list.series_id, list.liked_ids]));
  return (seriesId) =>
    (byId.get(seriesId) ?? []).flatMap((likedId) => {
      const liked = cards.get(likedId);
      return liked ? [liked] : [];
    });
}

/** A series' reviews as its page shows them. */
export interface SeriesReviews {
  total: number;
  top: Review[];
}

function reviewsIndex(reviewed: BuildCatalogue['reviews']): (seriesId: number) => SeriesReviews {
  const byId = new Map(reviewed.map((entry) => [entry.series_id, entry]));
  return (seriesId) => byId.get(seriesId) ?? { total: 0, top: [] };
}

/** The build's catalogue, loaded on first use. */
export function buildCatalogue(): Promise<BuildCatalogueIndex> {
  const stale = inDevServer && shared !== undefined && Date.now() - shared.at > DEV_REFRESH_MS;
  if (!shared || stale) {
    const promise = load();
    shared = { promise, at: Date.now() };
    // A failure must not be served to the next attempt.
    promise.catch(() => (shared = undefined));
  }
  return shared.promise;
}

/**
 * The pages after the first of one list that this build renders, for getStaticPaths (page 1 is the list's
 * own route): all of them, or in an incremental build those whose inputs changed (listPageChanged).
 */
export async function laterListPages(list: RankingKey | BrowseList): Promise<{ page: number }[]> {
  const browseList: BrowseList = typeof list === 'string' ? { kind: 'ranked', type: list } : list;
  const catalogue = await buildCatalogue();
  const total = catalogue.rankings.totalPages(browseListKey(browseList));
  const pages: { page: number }[] = [];
  for (let page = 2; page <= total; page += 1) {
    if (listPageChanged(catalogue, browseList, page)) pages.push({ page });
  }
  return pages;
}

/** Whether this build renders the list's page (changed-pages.ts): its inputs are rankingPageInputs's. */
export function listPageChanged(catalogue: BuildCatalogueIndex, list: BrowseList, page: number): boolean {
  return pageChanged(
    browseListPath(list, page),
    () => rankingPagePrint(rankingPageInputs(catalogue, list, page)),
    catalogue.sameAsPrevious,
  );
}
