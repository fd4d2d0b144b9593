import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { seriesDetailSchema, type CatalogueVersions } from '../../contract/catalogue';
import {
  SEARCH_MAX_RESULTS,
  TRENDING_DAYS,
  type ExternalIdField,
  type RankedSeries,
  type RankingSort,
  type SeriesDetail,
} from '../../contract/catalogue';
import type { ChangeSource } from '../cache/cache';
import type { Database, DatabaseHandle } from '../db/client';
import { eq } from 'drizzle-orm';
import { series as seriesTable, type SeriesType } from '../db/schema';
import { cachedJson, type CachedJson } from '../http-cache';
import type { RetiredMedia } from '../media/retired-media';
import type { MediaStorage } from '../media/storage';
import { CatalogueAdmin } from './admin';
import { loadCatalogue, loadCatalogueFingerprint, loadCatalogueRows } from './catalogue-load';
import {
  CatalogueSnapshot,
  type CatalogueEntry,
  type CatalogueLoad,
  type LoadedCatalogueRow,
  type PlacedSeries,
} from './catalogue-snapshot';
import {
  loadSeriesDetailPage,
  loadSeriesDetailRow,
  loadSeriesDetailsAfter,
  loadSeriesDetailsOf,
  loadSeriesVersionsAfter,
  scoreDetailRow,
  seriesDetailRowFromRecords,
  seriesExists,
  type LoadedSeriesDetailRow,
} from './details';
import { toRankedSeries, toSeriesDetail, toSuggestion, type SeriesDetailRow } from './presenters';
import { pageOf } from './listing';
import { filterEntries, isFiltered, sortEntries, titleOrder, type ListFilter } from './ordering';
import { loadRecentVoters } from './trending';
import { findSeriesHaving, findSeriesNames, findTermMatches, type TermMatches } from './search';
import { matchedTitle, similarSeries } from './similar-names';
import { byRelevance } from './relevance';
import type { Ranker, SeriesScores } from '../ranking/rank-order';
import type { VotedSeriesRecords } from '../ranking/cast-vote';
import type { VoterScores } from '../ranking/voter-scores';

/** The change-feed topic of series, their details and their scores. */
export const CATALOGUE_TOPIC = 'catalogue';

/** Where the service reads its snapshots (the database; a stub in unit tests). */
export interface CatalogueSource {
  load(): Promise<CatalogueLoad>;
  /** The current fingerprint alone: far cheaper than a load, so an unchanged database is not reloaded. */
  fingerprint(): Promise<string>;
  /** The listing rows of these series; ids without a row are gone. */
  loadSeries(ids: number[]): Promise<LoadedCatalogueRow[]>;
}

/** The change feed as the catalogue uses it: it hears other instances' writes and announces its own. */
export interface CatalogueFeed extends ChangeSource {
  publish(topic: string, ids: number[] | null): Promise<void>;
}

export interface CatalogueServiceOptions {
  /** The database; the embedded engine's handle too, for the statements prepared on it (search). */
  database: Pick<DatabaseHandle, 'db' | 'pglite'>;
  media: MediaStorage;
  /** Where replaced covers wait out MEDIA_DELETE_GRACE before their files go. */
  retiredMedia: Pick<RetiredMedia, 'retireImage'>;
  log: FastifyBaseLogger;
  /** Who is ranked and in what order (the ranking feature's rules). */
  ranker: Ranker;
  /** A caller's own scores on a series (the ranking feature's votes). */
  voterScores: (seriesId: number, userId: number | undefined) => Promise<VoterScores>;
  /** How long a snapshot is served unchecked; bounds how late other instances' changes show. */
  ttlMs: number;
  /**
   * Shortest time between two patches: changes arriving meanwhile wait and are applied together, so a
   * burst of votes costs one patch per interval however many votes it holds. 0 patches as fast as they come.
   */
  patchIntervalMs?: number;
  /** The snapshots' queries; the database's (catalogue-load.ts) unless a test stubs them. */
  source?: CatalogueSource;
  feed?: CatalogueFeed;
  now?: () => number;
  /**
   * A background refresh failed (logged unless given); the stale snapshot keeps serving and the next read
   * retries.
   */
  onBackgroundError?: (error: unknown) => void;
}

export interface RankingsQuery extends ListFilter {
  page: number;
  pageSize: number;
  type?: SeriesType;
  sort: RankingSort;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A ranked list's name in the snapshot's memos: its type and filters. */
function listKey(type: SeriesType | undefined, filter: ListFilter): string {
  return `${type ?? ''}:${filter.status ?? ''}:${filter.genres.join(',')}:${filter.not.join(',')}`;
}

/**
 * Where the trending window starts: TRENDING_DAYS days before the start of the current day (UTC). Counted
 * from day boundaries, the order moves when votes come in or at midnight, not every minute as votes age
 * out, so a site rebuilt with no new votes has the same trending pages.
 */
export function trendingWindowStart(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS - TRENDING_DAYS * DAY_MS;
}

/** A series a search found: its place in the snapshot and the alternative title that matched, if one did. */
export interface FoundSeries {
  placed: PlacedSeries;
  matchedTitle: string | null;
}

/** A term search can match: one with a letter or digit (punctuation and spaces are not searched). */
const SEARCHABLE = /[\p{L}\p{N}]/u;

interface PatchBatch {
  ids: Set<number>;
  done: Promise<void>;
  resolve: () => void;
}

/**
 * The catalogue: every series ranked, held in memory as one snapshot, and the reads answered from it
 * (rankings, search, summaries, details), each memoized on the snapshot as serialized JSON with an ETag,
 * so a repeated read is a map lookup; only details and search touch the database, once per snapshot and
 * key.
 *
 * The snapshot is loaded lazily, and reloaded in full before the next read after `invalidate()`. Writes
 * that know which series they changed (votes, edits, another instance's notification) call
 * `changed(ids)` instead: the changed rows are read back and placed into a new snapshot without
 * reloading or re-sorting the rest, reads keep being served from the current snapshot meanwhile, and
 * changes arriving while a patch is under way are coalesced into the next one.
 * Once older than the TTL, a snapshot is checked against the database's fingerprint in the background
 * (a safety net for writes nobody announced) while it keeps serving, and reloaded only if the data changed.
 * A patched snapshot keeps the fingerprint (the catalogue's change count) of its full load: the count moves
 * for announced and unannounced writes alike, so while writes go on the check reloads in full once per
 * TTL: one load per TTL instead of one per write.
 * Loads and patches run one at a time, in order.
 */
export class CatalogueService {
  /** Adding, editing and deleting series (admins only, as the routes check). */
  readonly admin: CatalogueAdmin;
  private readonly db: Database;
  private readonly media: MediaStorage;
  private readonly source: CatalogueSource;
  private readonly ranker: Ranker;
  private readonly now: () => number;
  private readonly onBackgroundError: (error: unknown) => void;
  private current: CatalogueSnapshot | undefined;
  private invalidations = 0;
  private pending: { generation: number; promise: Promise<CatalogueSnapshot> } | undefined;
  /** Serializes loads, checks and patches, so none installs a snapshot built on an outdated one. */
  private queue: Promise<unknown> = Promise.resolve();
  private nextPatch: PatchBatch | undefined;
  private lastPatchAt = Number.NEGATIVE_INFINITY;
  /** Snapshots installed so far (loads and patches): the instance's view, as /health reports it. */
  private installed = 0;

  constructor(private readonly options: CatalogueServiceOptions) {
    const { db } = options.database;
    this.db = db;
    this.media = options.media;
    this.ranker = options.ranker;
    this.now = options.now ?? Date.now;
    this.onBackgroundError =
      options.onBackgroundError ?? ((error) => options.log.error({ err: error }, 'catalogue refresh failed'));
    this.source = options.source ?? {
      load: () => loadCatalogue(db),
      fingerprint: () => loadCatalogueFingerprint(db),
      loadSeries: (ids) => loadCatalogueRows(db, ids),
    };
    this.admin = new CatalogueAdmin(this, { ...options, db });
    options.feed?.subscribe(CATALOGUE_TOPIC, ({ ids }) => void this.apply(ids));
  }

  // The snapshot, for this feature's reads and for the features that show catalogue data.

  /** The current snapshot; waits for a load only when there is none or it misses a local invalidation. */
  async snapshot(): Promise<CatalogueSnapshot> {
    return this.servableSnapshot() ?? this.refresh();
  }

  /**
   * The snapshot `snapshot()` would serve without waiting (starting its background check once past the
   * TTL), or undefined when it must load first: for hot paths that answer from memory without a promise.
   */
  servableSnapshot(): CatalogueSnapshot | undefined {
    const current = this.current;
    if (!current || current.generation !== this.invalidations) return undefined;
    if (this.now() - current.verifiedAt < this.options.ttlMs) return current;
    if (this.options.ttlMs <= 0) return undefined;
    this.refresh().catch((error: unknown) => this.onBackgroundError(error));
    return current;
  }

  /** What this instance serves now, without loading or checking anything (for /health). */
  status(): { version: number; series: number | null; verifiedAt: number | null } {
    const snapshot = this.current;
    return {
      version: this.installed,
      series: snapshot?.size ?? null,
      verifiedAt: snapshot?.verifiedAt ?? null,
    };
  }

  /**
   * Call after a committed write to series, their details or votes: patches this instance's snapshot
   * (resolving once reads show the write) and tells the other instances. `null` when the write cannot tell
   * which series it changed: every instance reloads in full. Never rejects (a failed patch falls back to a
   * full reload).
   */
  async changed(ids: number[] | null): Promise<void> {
    void this.options.feed?.publish(CATALOGUE_TOPIC, ids);
    await this.apply(ids);
  }

  /**
   * After a recomputation of the ranking priors: every series is scored again from the totals the snapshot
   * holds and ranked, with no read of the database, in turn with loads and patches. A snapshot loaded later
   * is scored with the same priors.
   */
  rescore(): Promise<void> {
    const run = this.queue.then(async () => {
      const base = this.current;
      if (!base || base.generation !== this.invalidations) return;
      const rescored = await base.rescored(this.ranker, this.now());
      // An invalidation while it ran: the next read reloads, already with these priors.
      if (this.current !== base || base.generation !== this.invalidations) return;
      this.current = rescored;
      this.installed += 1;
    });
    const settled = run.catch((error: unknown) => this.onBackgroundError(error));
    this.queue = settled;
    return settled;
  }

  /** Forces a full reload on this instance before its next read (a change nobody announced). */
  invalidate(): void {
    this.invalidations += 1;
  }

  // Reads.

  /**
   * A page of a ranked list (overall, or within a type), optionally narrowed (genres, status) and in another
   * order (popular, trending, newest, title); ranks stay the ranks by final score whatever the order. The
   * narrowed and reordered lists are made once per snapshot from the snapshot's entries (ordering.ts).
   */
  async rankings(query: RankingsQuery): Promise<CachedJson> {
    const { page, pageSize, type, sort } = query;
    const snapshot = await this.snapshot();
    const scope = type ? snapshot.ranking.byType[type] : snapshot.ranking.overall;
    const key = listKey(type, query);
    const listed = isFiltered(query)
      ? await snapshot.memoize(`filtered:${key}`, () => filterEntries(scope, query))
      : scope;
    const ordered = await this.inOrder(snapshot, listed, sort, key);
    const entries = pageOf(ordered, page, pageSize);
    // Serialized again only when an entry of the page changed (its series or its rank).
    return snapshot.derive(`rankings:${key}:${sort}:${page}:${pageSize}`, entries, () =>
      cachedJson(entries.map((entry) => toRankedSeries(entry, this.media))),
    );
  }

  /**
   * A list's entries in `sort`'s order, made once per snapshot (and per day for trending); `listKey` names
   * the list (its type and filters).
   */
  private async inOrder(
    snapshot: CatalogueSnapshot,
    listed: readonly CatalogueEntry[],
    sort: RankingSort,
    listKey: string,
  ): Promise<readonly CatalogueEntry[]> {
    if (sort === 'score') return listed;
    const bucket = sort === 'trending' ? trendingWindowStart(this.now()) : '';
    const recentVoters =
      sort === 'trending' ? await this.recentVoters(snapshot, bucket as number) : new Map<number, number>();
    return snapshot.memoize(`sorted:${sort}${bucket}:${listKey}`, () =>
      sortEntries(listed, sort, {
        recentVoters,
        titleOrder: (id) => this.titleOrder(snapshot).get(id) ?? Number.MAX_SAFE_INTEGER,
      }),
    );
  }

  /** Distinct voters per series since `windowStart` (trendingWindowStart), counted once per snapshot and day. */
  private recentVoters(snapshot: CatalogueSnapshot, windowStart: number): Promise<Map<number, number>> {
    return snapshot.memoize(`recent-voters:${windowStart}`, () =>
      loadRecentVoters(this.db, new Date(windowStart)),
    );
  }

  /** Each series' place in title order, kept while no title changes. */
  private titleOrder(snapshot: CatalogueSnapshot): Map<number, number> {
    return snapshot.textIndex('title-order', () => titleOrder(snapshot.ranking.overall));
  }

  /**
   * Series one of whose names (title, alternative titles, author, artist) matches the term, in relevance
   * order (relevance.ts), at most `limit`, each with its place in the snapshot (ranks overall, or within
   * `type`) and the alternative title that matched. The forum's mention picker and the suggestions use
   * this too. Terms without a letter or digit match nothing (punctuation is not searched).
   *
   * Series a name of which contains the term come first whatever their similarity, so the typo-tolerant
   * part (the term's words corrected against the names' words, then the series having the corrections)
   * runs only when fewer than `limit` contain it; and which alternative title matched is asked for the
   * `limit` series returned only.
   */
  async findSeries(
    query: string,
    type: SeriesType | undefined,
    limit = SEARCH_MAX_RESULTS,
  ): Promise<{ snapshot: CatalogueSnapshot; found: FoundSeries[] }> {
    const term = query.trim().toLowerCase();
    const wanted = Math.min(limit, SEARCH_MAX_RESULTS);
    const snapshot = await this.snapshot();
    const found = await snapshot.memoize(`search-found:${type ?? ''}:${wanted}:${term}`, async () => {
      if (!SEARCHABLE.test(term)) return [];
      // Series the snapshot does not place yet (created elsewhere within the TTL) wait for the next load.
      const position = (id: number) => {
        const placed = snapshot.placement(id);
        if (!placed || (type && placed.overall.series.type !== type)) return undefined;
        return type ? placed.typePosition : placed.overallPosition;
      };
      // Which series match depends on their text only, so votes do not send searches to the database.
      const matches = await snapshot.memoizeByText(`search-matches:${type ?? ''}:${wanted}:${term}`, () =>
        findTermMatches(this.options.database, term, type, wanted),
      );
      const containing = byRelevance(matches.containing, position, wanted);
      const similar =
        containing.length < wanted && matches.corrections
          ? await this.similarOrder(snapshot, matches, type, position)
          : [];
      const shown: number[] = containing.map((match) => match.id);
      if (similar.length > 0) {
        const contains = new Set(matches.containing.map((match) => match.id));
        for (const id of similar) {
          if (shown.length === wanted) break;
          if (!contains.has(id)) shown.push(id);
        }
      }
      const names = await snapshot.memoizeByText(`search-names:${shown.join(',')}`, () =>
        findSeriesNames(this.options.database, shown),
      );
      const corrections = shown.length > containing.length ? matches.corrections : null;
      return shown.map((id) => {
        const named = names.get(id);
        return {
          placed: snapshot.placement(id)!,
          matchedTitle: named ? matchedTitle(named, matches.key, corrections) : null,
        };
      });
    });
    return { snapshot, found: found.slice(0, limit) };
  }

  /**
   * Every series a misspelt term's corrections find (similar-names.ts), placed and of the type, in
   * relevance order, as ids. Memoized per snapshot by the corrections: typos of the same words share them
   * ("towerb", "towerc"), so a typo of a common word sorts its thousands of series once; which series have
   * each word is memoized by text, as compact arrays.
   */
  private similarOrder(
    snapshot: CatalogueSnapshot,
    matches: TermMatches,
    type: SeriesType | undefined,
    position: (id: number) => number | undefined,
  ): Promise<Int32Array> {
    const corrections = matches.corrections!;
    const key = JSON.stringify([corrections, matches.threshold]);
    return snapshot.memoize(`search-similar:${type ?? ''}:${key}`, async () => {
      const words = [...new Set(corrections.flat().map((correction) => correction.word))].sort();
      const having = await snapshot.memoizeByText(`search-having:${words.join(' ')}`, () =>
        findSeriesHaving(this.options.database, words),
      );
      const similar = similarSeries(corrections, having, matches.threshold);
      return Int32Array.from(byRelevance(similar, position), (match) => match.id);
    });
  }

  /** GET /series/search: findSeries' results as ranked-list entries with `matched_title`. */
  async search(query: string, type: SeriesType | undefined): Promise<CachedJson> {
    const { snapshot, found } = await this.findSeries(query, type);
    const entry = (placed: PlacedSeries) => (type ? placed.inType : placed.overall);
    return snapshot.derive(
      `search:${type ?? ''}:${query.trim().toLowerCase()}`,
      found.flatMap(({ placed, matchedTitle }) => [entry(placed), matchedTitle]),
      () =>
        cachedJson(
          found.map(({ placed, matchedTitle }) => ({
            ...toRankedSeries(entry(placed), this.media),
            matched_title: matchedTitle,
          })),
        ),
    );
  }

  /** GET /series/suggest: the first `limit` of findSeries' results, in the suggestions' few fields. */
  async suggest(query: string, limit: number): Promise<CachedJson> {
    const { snapshot, found } = await this.findSeries(query, undefined, limit);
    return snapshot.derive(
      `suggest:${limit}:${query.trim().toLowerCase()}`,
      found.flatMap(({ placed, matchedTitle }) => [placed.overall, matchedTitle]),
      () =>
        cachedJson(
          found.map(({ placed, matchedTitle }) => toSuggestion(placed.overall, matchedTitle, this.media)),
        ),
    );
  }

  /** The first `limit` of findSeries' results as ranked-list entries (the library API's search). */
  async searchEntries(query: string, limit: number): Promise<RankedSeries[]> {
    const { found } = await this.findSeries(query, undefined, limit);
    return found.map(({ placed }) => toRankedSeries(placed.overall, this.media));
  }

  /** One series as a ranked-list entry; undefined when there is no such series. */
  async entry(id: number): Promise<RankedSeries | undefined> {
    const found = await this.placeSeries(id);
    return found && toRankedSeries(found.placed.overall, this.media);
  }

  /** The series linked to this id on another site (each id is unique); undefined when none is. */
  async entryByExternalId(field: ExternalIdField, value: number | string): Promise<RankedSeries | undefined> {
    const column = {
      mal_id: seriesTable.malId,
      anilist_id: seriesTable.anilistId,
      mangaupdates_id: seriesTable.mangaupdatesId,
    }[field];
    const [row] = await this.db
      .select({ id: seriesTable.id })
      .from(seriesTable)
      .where(eq(column, value as never))
      .limit(1);
    return row && this.entry(row.id);
  }

  /** One series with its overall rank; undefined when there is no such series. */
  async summary(id: number): Promise<CachedJson | undefined> {
    const found = await this.placeSeries(id);
    if (!found) return undefined;
    const { snapshot, placed } = found;
    return snapshot.derive(`summary:${id}`, [placed.overall], () =>
      cachedJson(toRankedSeries(placed.overall, this.media)),
    );
  }

  /** A series' detail as anyone sees it (`vote_scores` {}); undefined when there is no such series. */
  async detail(id: number): Promise<CachedJson | undefined> {
    return (await this.anonymousDetail(id))?.cached;
  }

  /** A series' detail with the caller's own scores (none for an unknown caller). */
  async personalDetail(id: number, callerId: number | undefined): Promise<CachedJson | undefined> {
    const detail = await this.detailFor(id, callerId);
    return detail && cachedJson(detail);
  }

  /** A series' detail with the caller's own scores, as a value (for answers that carry it). */
  async detailFor(id: number, callerId: number | undefined): Promise<SeriesDetail | undefined> {
    const anonymous = await this.anonymousDetail(id);
    if (!anonymous) return undefined;
    return { ...anonymous.detail, vote_scores: await this.options.voterScores(id, callerId) };
  }

  /**
   * A page of every series with its detail, in id order (static site builds): by number, or after an id.
   * After an id, `total` is the series this instance's snapshot holds: counting the table again for each
   * page cost as much as reading the page's 1,000 rows.
   */
  async cataloguePage(
    page: number,
    pageSize: number,
    afterId?: number,
    ids?: readonly number[],
  ): Promise<CachedJson> {
    const snapshot = await this.snapshot();
    const offset = (page - 1) * pageSize;
    let rows: LoadedSeriesDetailRow[];
    let total = snapshot.size;
    let hasMore: boolean;
    if (ids) {
      rows = await loadSeriesDetailsOf(this.db, ids);
      hasMore = false;
    } else if (afterId !== undefined) {
      rows = await loadSeriesDetailsAfter(this.db, afterId, pageSize + 1);
      hasMore = rows.length > pageSize;
      rows = rows.slice(0, pageSize);
    } else {
      if (offset <= Number.MAX_SAFE_INTEGER / 2) {
        ({ rows, total } = await loadSeriesDetailPage(this.db, offset, pageSize));
      } else rows = [];
      hasMore = offset + rows.length < total;
    }
    const items = rows.map((row) => {
      const placed = snapshot.placement(row.series.id)?.overall;
      return toSeriesDetail(this.scored(row, placed?.series), placed?.rank ?? null, this.media);
    });
    return cachedJson({ items, page, page_size: pageSize, total, has_more: hasMore });
  }

  /**
   * Each series' version after an id (details.ts says what it is), with the basis every detail shares: a
   * build keeps the details it read before for the series whose version and basis are the same, and takes
   * their ranks and final scores, which other series' votes move, from the ranking order.
   */
  async catalogueVersions(afterId: number, pageSize: number): Promise<CatalogueVersions> {
    const items = await loadSeriesVersionsAfter(this.db, afterId, pageSize + 1);
    return { basis: this.detailBasis, items: items.slice(0, pageSize), has_more: items.length > pageSize };
  }

  /**
   * What a detail shows besides its own rows: which fields a detail has, and where media is served from.
   * Another API version with other fields, or media moved, and a build reads every detail again.
   */
  private get detailBasis(): string {
    return createHash('sha256')
      .update(JSON.stringify([Object.keys(seriesDetailSchema.shape), this.media.url('')]))
      .digest('base64url')
      .slice(0, 16);
  }

  /**
   * A ranked list's whole order (ids and ranks within the list), for static builds: one answer instead of a
   * thousand pages of rankings. Serialized again only when the list changed.
   */
  async rankingOrder(type: SeriesType | undefined, sort: RankingSort = 'score'): Promise<CachedJson> {
    const snapshot = await this.snapshot();
    const scope = type ? snapshot.ranking.byType[type] : snapshot.ranking.overall;
    const list = await this.inOrder(snapshot, scope, sort, listKey(type, { genres: [], not: [] }));
    return snapshot.derive(`ranking-order:${type ?? ''}:${sort}`, [list], () =>
      cachedJson({
        items: list.map((entry) => ({
          id: entry.series.id,
          rank: entry.rank,
          final_score: entry.series.finalScore,
        })),
      }),
    );
  }

  /**
   * What a vote's answer shows, once the vote is in the snapshot: the series as the vote left it (`row`,
   * the vote statement's), its overall rank and the voter's scores. Waits for the patch that includes the
   * vote (one patch for a burst of votes) and tells the other instances.
   */
  async afterVote(records: VotedSeriesRecords, voterScores: VoterScores): Promise<SeriesDetail> {
    const loaded = seriesDetailRowFromRecords(records.series, records.details);
    const id = loaded.series.id;
    await this.changed([id]);
    // The snapshot includes the vote now: its rank costs no query (a series it misses is placed by score).
    const snapshot = await this.snapshot();
    const placed = snapshot.placement(id)?.overall;
    const row = this.scored(loaded, placed?.series);
    const rank = placed ? placed.rank : this.ranker.rankAmong(snapshot.ranking.overall, row.series);
    return toSeriesDetail(row, rank, this.media, voterScores);
  }

  /**
   * The snapshot and the series' place in it. A series another instance created after this snapshot was
   * loaded exists in the database but not here: reload once rather than answer 404 for a TTL.
   */
  async placeSeries(id: number): Promise<{ snapshot: CatalogueSnapshot; placed: PlacedSeries } | undefined> {
    let snapshot = await this.snapshot();
    let placed = snapshot.placement(id);
    if (!placed && (await seriesExists(this.db, id))) {
      await this.apply([id]);
      snapshot = await this.snapshot();
      placed = snapshot.placement(id);
    }
    return placed && { snapshot, placed };
  }

  private async anonymousDetail(
    id: number,
  ): Promise<{ detail: SeriesDetail; cached: CachedJson } | undefined> {
    const found = await this.placeSeries(id);
    if (!found) return undefined;
    const { snapshot, placed } = found;
    // The row is kept across patches that did not change this series; the rank is this snapshot's.
    const row = await snapshot.memoizeSeries(id, 'detail-row', () => loadSeriesDetailRow(this.db, id));
    const { rank, series: listed } = placed.overall;
    return (
      row &&
      snapshot.derive(`detail:${id}`, [row, rank, listed], () => {
        const detail = toSeriesDetail(this.scored(row, listed), rank, this.media);
        return { detail, cached: cachedJson(detail) };
      })
    );
  }

  /** A series with its detail row and scores, as read now (for answers to writes). */
  async detailRow(id: number): Promise<SeriesDetailRow | undefined> {
    const row = await loadSeriesDetailRow(this.db, id);
    return row && this.scored(row);
  }

  /**
   * The row with its scores: those the snapshot ranks the series by when it has placed it (`listed`), so a
   * score beside a rank is the one that rank comes from; else computed from the row's totals.
   */
  private scored(row: LoadedSeriesDetailRow, listed?: SeriesScores): SeriesDetailRow {
    if (!listed) return scoreDetailRow(row, this.ranker);
    return { ...row, series: { ...row.series, finalScore: listed.finalScore, meanScore: listed.meanScore } };
  }

  // The snapshot's upkeep.

  /** Applies a change to this instance's snapshot, whoever made it. */
  private async apply(ids: number[] | null): Promise<void> {
    if (ids) return this.patchSoon(ids);
    this.invalidate();
  }

  /**
   * Series whose listing or detail rows changed (a vote, an edit, a creation or a deletion): they are read
   * again and patched into the snapshot. Resolves once a snapshot that includes the change is served, so
   * the writer's next read sees its write; never rejects (a failed patch falls back to a full reload).
   */
  private patchSoon(ids: Iterable<number>): Promise<void> {
    let batch = this.nextPatch;
    if (!batch) {
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      batch = this.nextPatch = { ids: new Set(), done, resolve };
      const wait = Math.max(0, this.lastPatchAt + (this.options.patchIntervalMs ?? 0) - this.now());
      const enqueue = () => {
        this.queue = this.queue.then(() => this.runPatch(batch!));
      };
      if (wait > 0) setTimeout(enqueue, wait);
      else enqueue();
    }
    for (const id of ids) batch.ids.add(id);
    return batch.done;
  }

  private async runPatch(batch: PatchBatch): Promise<void> {
    // Changes announced from here on wait for the next patch.
    if (this.nextPatch === batch) this.nextPatch = undefined;
    this.lastPatchAt = this.now();
    try {
      const base = this.current;
      // No snapshot yet, or a full reload is due anyway: that load will include these changes.
      if (!base || base.generation !== this.invalidations) return;
      const startedAt = this.now();
      const ids = [...batch.ids];
      const rows = await this.source.loadSeries(ids);
      const found = new Set(rows.map((row) => row.id));
      const removed = new Set(ids.filter((id) => !found.has(id)));
      this.current = base.patched(rows, removed, this.ranker, startedAt);
      this.installed += 1;
    } catch (error) {
      this.onBackgroundError(error);
      this.invalidate();
    } finally {
      batch.resolve();
    }
  }

  private refresh(): Promise<CatalogueSnapshot> {
    const generation = this.invalidations;
    // A refresh started before the latest invalidation may have missed that write, so it is not shared.
    if (this.pending?.generation === generation) return this.pending.promise;
    const promise = this.queue.then(() => this.checkOrLoad(generation));
    this.queue = promise.catch(() => undefined);
    const settle = () => {
      if (this.pending?.promise === promise) this.pending = undefined;
    };
    promise.then(settle, settle);
    this.pending = { generation, promise };
    return promise;
  }

  private async checkOrLoad(generation: number): Promise<CatalogueSnapshot> {
    const startedAt = this.now();
    const current = this.current;
    // Without local invalidations since the current snapshot, only unannounced writes can have changed it.
    if (current && current.generation === generation) {
      if ((await this.source.fingerprint()) === current.fingerprint) {
        current.confirm(startedAt);
        return current;
      }
    }
    const snapshot = CatalogueSnapshot.fromLoad(await this.source.load(), this.ranker, generation, startedAt);
    const latest = this.current;
    // Loads run in order, but a later generation's load may have been queued first; keep the newest data.
    if (!latest || generation >= latest.generation) {
      this.current = snapshot;
      this.installed += 1;
    }
    return snapshot;
  }
}
