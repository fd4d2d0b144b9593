import type {
  ImportReport,
  ListItem,
  ListItemsPage,
  ListItemsQuery,
  ListSort,
  PublicReadingList,
  ReadingList,
  ReadingListsPage,
  SeriesTracking,
} from '../../contract/reading-lists';
import { Cache } from '../cache/cache';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import type { ReadingStatus } from '../../contract/reading-progress-values';
import type { Database } from '../db/client';
import { isPossibleSerialId } from '../../contract/http';
import { cachedJson, type CachedJson } from '../http-cache';
import type { MediaStorage } from '../media/storage';
import type { ChangeFeed } from '../plugins/change-feed';
import { listCsv, listFileName, type ListCsv } from './csv';
import { importReport, titleIndex } from './myanimelist/import-report';
import { matchEntries, planListChanges, type ImportCandidate } from './myanimelist/plan-import';
import { readMalExport } from './myanimelist/read-export';
import { writeMalExport } from './myanimelist/write-export';
import {
  firstListOfUser,
  libraryEntry,
  libraryPage,
  removeFromLibrary,
  setLibraryFields,
  type LibraryChanges,
  type LibraryRow,
} from './library';
import { toListItem } from './presenters';
import { CHECK_VIOLATION, postgresErrorCode } from '../db/postgres-errors';
import {
  addItem,
  createList,
  importIntoList,
  listOfUser,
  listedProgress,
  seriesByMalIds,
  updateItem,
  deleteList,
  itemsOfUser,
  listsOfUser,
  listsPageOfUser,
  removeItem,
  seriesTrackingOfUser,
  setShared,
  sharedListItems,
  type AddItemOutcome,
  type ItemProgress,
  type CreateListOutcome,
  type ListedItems,
  type ListItemRow,
  type RemoveItemOutcome,
} from './repository';

/** The change-feed topic of reading lists: ids of lists written to (null: any list, say an account's). */
export const LISTS_TOPIC = 'reading-lists';
/**
 * The change-feed topic of list owners: ids of users who gained a list. A per-series tracking answer knows
 * the lists its user had when it was read; a list created since is on no answer, so its creation is told
 * by owner.
 */
export const LIST_OWNERS_TOPIC = 'reading-list-owners';

/** Most answers kept per cache (shared lists, owners' pages); the least recently used goes first. */
const MAX_ANSWERS = 2000;
/** Most per-series tracking answers kept: each is a user's one or two entries, a hundred bytes or so. */
const MAX_TRACKING_ANSWERS = 20_000;

/** What the lists need of the catalogue: the snapshot their ranks and scores come from. */
export interface ListsCatalogue {
  snapshot(): Promise<CatalogueSnapshot>;
  /** The snapshot `snapshot()` would serve without waiting, if any. */
  servableSnapshot(): CatalogueSnapshot | undefined;
}

export interface ReadingListsOptions {
  db: Database;
  media: MediaStorage;
  changeFeed: Pick<ChangeFeed, 'subscribe' | 'publish'>;
  catalogue: ListsCatalogue;
  /** CACHE_TTL_MS: the longest a list change nobody announced takes to show; 0 keeps no answers. */
  ttlMs: number;
  minVoters: number;
  maxItems: number;
  siteUrl: string;
  /** The caches' clock, for tests. */
  now?: () => number;
}

/** A library write (the library API's PUT): the fields, and where to add the series when it is absent. */
export interface LibraryWrite extends LibraryChanges {
  /** The list to add to (or to change the series in, when that list holds it); default the first list. */
  listId?: number;
  /** The name of the list created for a reader who has none. */
  newListName: string;
}

export type LibraryWriteOutcome =
  LibraryRow | 'series-not-found' | 'list-not-found' | 'full' | 'dates-out-of-order' | 'user-gone';

/** A list in MyAnimeList's export format: the download's file name and its text. */
export interface ListMalExport {
  fileName: string;
  xml: string;
}

/** A MyAnimeList import: the uploaded file, the candidates picked for ambiguous entries, and whether to write. */
export interface MalImportRequest {
  file: Buffer;
  /** Entry index → series id. */
  choices: ReadonlyMap<number, number>;
  dryRun: boolean;
}

/** A serialized answer of one list, valid while the catalogue snapshot it was built from is current. */
interface ListAnswer {
  listId: number;
  snapshot: CatalogueSnapshot;
  answer: CachedJson;
}

/** Where a user tracks one series, serialized, with every list of the user when it was read. */
interface TrackingAnswer {
  userId: number;
  seriesId: number;
  listIds: readonly number[];
  body: string;
}

/**
 * Reading lists: every call names the owner with the list id, so another user's list is simply not found;
 * shared lists are read by their token alone and never reveal the owner.
 *
 * Kept in memory, serialized: shared lists by token and sort, and the owner's item pages by user and URL
 * (an owner paging and filtering asks the same URLs again), so a popular shared link or an owner's paging
 * is served without a database read. An answer is used only while
 * - the catalogue snapshot it was built from is still the current one (a vote, an edit or a deleted series
 *   replaces the snapshot, so ranks, scores, filters, sorts and removed series show at once),
 * - no write to its list was heard of since (items, sharing, deletion: through this instance, or announced
 *   by another on LISTS_TOPIC), and
 * - it is younger than the TTL.
 *
 * The caller's tracking of one series (the series page's Track panel) is kept per user and series, with the
 * ids of every list the user had: a write to any of them drops it (an add to the other list changes it), a
 * list created since drops the user's answers (LIST_OWNERS_TOPIC), and it is answered only while the
 * series is in the current catalogue snapshot (a deleted series is not found at once).
 */
export class ReadingListsService {
  private readonly sharedAnswers: Cache<string, ListAnswer>;
  private readonly ownerAnswers: Cache<string, ListAnswer>;
  private readonly trackingAnswers: Cache<string, TrackingAnswer>;

  constructor(private readonly options: ReadingListsOptions) {
    const bounds = { max: MAX_ANSWERS, ttlMs: options.ttlMs, now: options.now };
    this.sharedAnswers = new Cache(bounds);
    this.ownerAnswers = new Cache(bounds);
    this.trackingAnswers = new Cache({ ...bounds, max: MAX_TRACKING_ANSWERS });
    // Another instance's list writes (an unshare above all) show here at once, not after the TTL.
    options.changeFeed.subscribe(LISTS_TOPIC, ({ ids }) => this.forgetLists(ids));
    options.changeFeed.subscribe(LIST_OWNERS_TOPIC, ({ ids }) => this.forgetOwners(ids));
  }

  listsOf(userId: number): Promise<ReadingList[]> {
    return listsOfUser(this.options.db, userId);
  }

  async listsPage(userId: number, page: number, pageSize: number): Promise<ReadingListsPage> {
    const { lists, total } = await listsPageOfUser(this.options.db, userId, page, pageSize);
    return { items: lists, page, page_size: pageSize, total, has_more: page * pageSize < total };
  }

  async create(userId: number, name: string): Promise<CreateListOutcome> {
    const created = await createList(this.options.db, userId, name);
    if (typeof created !== 'string') {
      this.forgetOwners([userId]);
      void this.options.changeFeed.publish(LIST_OWNERS_TOPIC, [userId]);
    }
    return created;
  }

  /** False when the user has no such list. */
  async delete(userId: number, listId: number): Promise<boolean> {
    if (!isPossibleSerialId(listId) || !(await deleteList(this.options.db, userId, listId))) return false;
    void this.changed([listId]);
    return true;
  }

  async addItem(userId: number, listId: number, seriesId: number): Promise<AddItemOutcome> {
    if (!isPossibleSerialId(listId)) return 'list-not-found';
    if (!isPossibleSerialId(seriesId)) return 'series-not-found';
    const outcome = await addItem(this.options.db, userId, listId, seriesId, this.options.maxItems);
    if (typeof outcome !== 'string') void this.changed([listId]);
    return outcome;
  }

  async removeItem(userId: number, listId: number, seriesId: number): Promise<RemoveItemOutcome> {
    if (!isPossibleSerialId(listId)) return 'list-not-found';
    if (!isPossibleSerialId(seriesId)) return 'not-in-list';
    const outcome = await removeItem(this.options.db, userId, listId, seriesId);
    if (typeof outcome !== 'string') void this.changed([listId]);
    return outcome;
  }

  /** Sets an item's reading status, chapters read and score (a field left out is kept; a null score clears it). */
  async updateItem(
    userId: number,
    listId: number,
    seriesId: number,
    progress: ItemProgress,
  ): Promise<ListItem | 'list-not-found' | 'not-in-list'> {
    if (!isPossibleSerialId(listId)) return 'list-not-found';
    if (!isPossibleSerialId(seriesId)) return 'not-in-list';
    const snapshot = await this.options.catalogue.snapshot();
    const outcome = await updateItem(this.options.db, userId, listId, seriesId, progress);
    if (typeof outcome === 'string') return outcome;
    void this.changed([listId]);
    return toListItem(outcome, snapshot, this.options.media);
  }

  /*
   * The library (the library API, /v1): every item of the user's lists, one entry per series; a series in
   * several lists is the entry of the list in the lowest place (library.ts). Writes go through the same
   * `changed` as the list screens' writes, so /my-lists and the Track panel show them at once everywhere.
   */

  /** A page of the user's library by series id, optionally of one reading status. */
  library(userId: number, status: ReadingStatus | undefined, page: number, pageSize: number) {
    return libraryPage(this.options.db, userId, status, page, pageSize);
  }

  /** The user's library entry of the series; undefined when none of their lists holds it. */
  libraryEntry(userId: number, seriesId: number): Promise<LibraryRow | undefined> {
    if (!isPossibleSerialId(seriesId)) return Promise.resolve(undefined);
    return libraryEntry(this.options.db, userId, seriesId);
  }

  /**
   * Sets the fields of the user's entry of the series, adding the series first when no list holds it: to
   * `listId`, else to the first list, else to a list created for it (`newListName`). With a `listId` that
   * holds the series, that list's item is the one changed. Answers the entry as it now is.
   */
  async putLibraryEntry(userId: number, seriesId: number, write: LibraryWrite): Promise<LibraryWriteOutcome> {
    const { db } = this.options;
    if (!isPossibleSerialId(seriesId)) return 'series-not-found';
    const { listId: wantedList, newListName, ...changes } = write;
    if (wantedList !== undefined && !isPossibleSerialId(wantedList)) return 'list-not-found';
    const existing =
      (wantedList !== undefined && (await libraryEntry(db, userId, seriesId, wantedList))) ||
      (wantedList === undefined ? await libraryEntry(db, userId, seriesId) : undefined);
    const startedOn = changes.startedOn === undefined ? (existing?.startedOn ?? null) : changes.startedOn;
    const finishedOn = changes.finishedOn === undefined ? (existing?.finishedOn ?? null) : changes.finishedOn;
    if (startedOn && finishedOn && finishedOn < startedOn) return 'dates-out-of-order';
    let listId = existing?.listId ?? wantedList;
    if (!existing) {
      listId ??= await this.firstOrNewList(userId, newListName);
      if (listId === undefined) return 'user-gone';
      const added = await addItem(db, userId, listId, seriesId, this.options.maxItems);
      if (typeof added === 'string') return added;
    }
    try {
      await setLibraryFields(db, userId, listId!, seriesId, changes);
    } catch (error) {
      // Another write changed the dates in between.
      if (postgresErrorCode(error) === CHECK_VIOLATION) return 'dates-out-of-order';
      throw error;
    }
    void this.changed([listId!]);
    return (await libraryEntry(db, userId, seriesId, listId)) ?? 'series-not-found';
  }

  /** Removes the series from every list of the user; false when none held it. */
  async removeFromLibrary(userId: number, seriesId: number): Promise<boolean> {
    if (!isPossibleSerialId(seriesId)) return false;
    const listIds = await removeFromLibrary(this.options.db, userId, seriesId);
    if (listIds.length > 0) void this.changed(listIds);
    return listIds.length > 0;
  }

  /** The user's first list, or a new one named so when they have none; undefined when the user is gone. */
  private async firstOrNewList(userId: number, name: string): Promise<number | undefined> {
    const first = await firstListOfUser(this.options.db, userId);
    if (first !== undefined) return first;
    const created = await this.create(userId, name);
    if (typeof created !== 'string') return created.id;
    // 'name-taken' or 'limit': a simultaneous write created a list meanwhile.
    return created === 'user-gone' ? undefined : firstListOfUser(this.options.db, userId);
  }

  /**
   * Imports a MyAnimeList manga export into the user's list (see myanimelist/plan-import.ts for the rules),
   * or with `dryRun` answers what it would do without writing. Undefined when the user has no such list;
   * throws MalReadError for a refused file and InvalidChoiceError for a choice that names no candidate.
   */
  async importMyAnimeList(
    userId: number,
    listId: number,
    { file, choices, dryRun }: MalImportRequest,
  ): Promise<ImportReport | undefined> {
    const { db, maxItems } = this.options;
    if (!isPossibleSerialId(listId) || !(await listOfUser(db, userId, listId))) return undefined;
    const entries = await readMalExport(file);
    const snapshot = await this.options.catalogue.snapshot();
    const malIds = [...new Set(entries.flatMap((entry) => (entry.malId === null ? [] : [entry.malId])))];
    const byMalId = new Map<number, ImportCandidate>(
      (await seriesByMalIds(db, malIds)).map((row) => [
        row.malId,
        {
          seriesId: row.id,
          title: row.title,
          type: row.type,
          coverUrl: row.coverKey ? this.options.media.url(row.coverKey) : null,
        },
      ]),
    );
    const byTitleKey = await titleIndex(snapshot, this.options.media);
    const matches = await matchEntries(entries, { byMalId, byTitleKey }, choices);
    const plan = (listed: ListedItems) => planListChanges(matches.matched, listed, maxItems - listed.size);
    if (dryRun) {
      return importReport(entries, matches, plan(await listedProgress(db, listId)), { added: 0, updated: 0 });
    }
    const written = await importIntoList(db, userId, listId, plan);
    if (!written) return undefined;
    if (written.added > 0 || written.updated > 0) void this.changed([listId]);
    return importReport(entries, matches, written.plan, written);
  }

  /** The user's list in MyAnimeList's export format; undefined when the user has no such list. */
  async ownerMalExport(userId: number, listId: number): Promise<ListMalExport | undefined> {
    const found =
      isPossibleSerialId(listId) &&
      (await itemsOfUser(this.options.db, userId, listId, {
        filter: { sort: 'default_asc' },
        minVoters: this.options.minVoters,
      }));
    return found ? malExport(found.name, found.items) : undefined;
  }

  /** A shared list in MyAnimeList's export format; undefined for an unknown, revoked or private token. */
  async sharedMalExport(token: string): Promise<ListMalExport | undefined> {
    const found = await sharedListItems(this.options.db, token, {
      filter: { sort: 'default_asc' },
      minVoters: this.options.minVoters,
    });
    return found ? malExport(found.name, found.items) : undefined;
  }

  /** Shares (a token, kept when already shared) or unshares (the token revoked); undefined: no such list. */
  async setShared(userId: number, listId: number, shared: boolean): Promise<ReadingList | undefined> {
    const list = isPossibleSerialId(listId)
      ? await setShared(this.options.db, userId, listId, shared)
      : undefined;
    if (list) void this.changed([listId]);
    return list;
  }

  /**
   * The owner's page at this URL from memory, without a promise, or undefined: for answering a repeated
   * page before the request is even validated (the URL validated when its answer was made, and everything
   * the answer depends on is in the URL and the user).
   */
  cachedPage(userId: number, url: string): CachedJson | undefined {
    const snapshot = this.options.catalogue.servableSnapshot();
    return snapshot && this.current(this.ownerAnswers, ownerKey(userId, url), snapshot);
  }

  /** A page of the user's list's items, filtered and sorted; undefined when the user has no such list. */
  async itemsPage(
    userId: number,
    listId: number,
    url: string,
    { page, page_size: pageSize, ...filter }: ListItemsQuery,
  ): Promise<CachedJson | undefined> {
    if (!isPossibleSerialId(listId)) return undefined;
    // Taken before the items are read, so the ranks are never newer than the scores beside them.
    const snapshot = await this.options.catalogue.snapshot();
    const generation = this.ownerAnswers.generation;
    const found = await itemsOfUser(this.options.db, userId, listId, {
      filter,
      minVoters: this.options.minVoters,
      page: { page, pageSize },
    });
    if (!found) return undefined;
    const answer = cachedJson({
      items: this.present(snapshot, found.items),
      page,
      page_size: pageSize,
      total: found.total,
      has_more: page * pageSize < found.total,
      item_count: found.itemCount,
      status_counts: found.statusCounts,
    } satisfies ListItemsPage);
    this.ownerAnswers.set(ownerKey(userId, url), { listId, snapshot, answer }, generation);
    return answer;
  }

  /**
   * Where the user tracks a series, serialized, from memory without a promise, or undefined: for answering a
   * repeated lookup at this URL before the request is even validated (the URL was validated when its answer
   * was made). Answered only while the series is in the current snapshot, so a deleted one is not found.
   */
  cachedTracking(userId: number, url: string): string | undefined {
    const kept = this.trackingAnswers.get(ownerKey(userId, url));
    const snapshot = this.options.catalogue.servableSnapshot();
    return kept && snapshot?.placement(kept.seriesId) ? kept.body : undefined;
  }

  /**
   * Where the user tracks the series: one entry per list holding it, in list slot order (serialized), or
   * undefined when no such series is in the catalogue. Kept under the URL it was asked at.
   */
  async seriesTracking(userId: number, seriesId: number, url: string): Promise<string | undefined> {
    if (!isPossibleSerialId(seriesId)) return undefined;
    const snapshot = this.options.catalogue.servableSnapshot() ?? (await this.options.catalogue.snapshot());
    if (!snapshot.placement(seriesId)) return undefined;
    const generation = this.trackingAnswers.generation;
    const { listIds, entries } = await seriesTrackingOfUser(this.options.db, userId, seriesId);
    const body = JSON.stringify(entries satisfies SeriesTracking);
    this.trackingAnswers.set(ownerKey(userId, url), { userId, seriesId, listIds, body }, generation);
    return body;
  }

  /** A shared list with every item, sorted; undefined for an unknown, revoked or private token. */
  async sharedList(token: string, sort: ListSort): Promise<CachedJson | undefined> {
    const key = `${token}\n${sort}`;
    const snapshot = await this.options.catalogue.snapshot();
    const cached = this.current(this.sharedAnswers, key, snapshot);
    if (cached) return cached;
    const generation = this.sharedAnswers.generation;
    const found = await sharedListItems(this.options.db, token, {
      filter: { sort },
      minVoters: this.options.minVoters,
    });
    if (!found) return undefined;
    const answer = cachedJson({
      name: found.name,
      item_count: found.itemCount,
      items: this.present(snapshot, found.items),
    } satisfies PublicReadingList);
    this.sharedAnswers.set(key, { listId: found.listId, snapshot, answer }, generation);
    return answer;
  }

  /** The user's list as CSV; undefined when the user has no such list. */
  async ownerCsv(userId: number, listId: number, sort: ListSort): Promise<ListCsv | undefined> {
    const snapshot = await this.options.catalogue.snapshot();
    const found =
      isPossibleSerialId(listId) &&
      (await itemsOfUser(this.options.db, userId, listId, {
        filter: { sort },
        minVoters: this.options.minVoters,
      }));
    return found ? listCsv(found.name, this.present(snapshot, found.items), this.options.siteUrl) : undefined;
  }

  /** A shared list as CSV; undefined for an unknown, revoked or private token. */
  async sharedCsv(token: string, sort: ListSort): Promise<ListCsv | undefined> {
    const snapshot = await this.options.catalogue.snapshot();
    const found = await sharedListItems(this.options.db, token, {
      filter: { sort },
      minVoters: this.options.minVoters,
    });
    return found ? listCsv(found.name, this.present(snapshot, found.items), this.options.siteUrl) : undefined;
  }

  /**
   * After lists changed that no list id names (an account deleted with its lists): every instance, this one
   * included, drops every answer; resolves once the others are told.
   */
  /** After a write to these lists (null: any list, as an account deletion takes a user's): their answers go, here and on the other instances. */
  changed(listIds: number[] | null): Promise<void> {
    this.forgetLists(listIds);
    return this.options.changeFeed.publish(LISTS_TOPIC, listIds);
  }

  /** Drops the answers of these lists (null: of every list), and any answer being read meanwhile. */
  private forgetLists(listIds: number[] | null): void {
    for (const answers of [this.sharedAnswers, this.ownerAnswers]) {
      if (listIds) answers.forgetWhere((entry) => listIds.includes(entry.listId));
      else answers.forget(null);
    }
    if (listIds) {
      this.trackingAnswers.forgetWhere((entry) => entry.listIds.some((id) => listIds.includes(id)));
    } else {
      this.trackingAnswers.forget(null);
    }
  }

  /** Drops the tracking answers of these users (null: of every user), who gained a list. */
  private forgetOwners(userIds: number[] | null): void {
    if (userIds) this.trackingAnswers.forgetWhere((entry) => userIds.includes(entry.userId));
    else this.trackingAnswers.forget(null);
  }

  /** The kept answer while it was built from this snapshot; one built from an older one is dropped. */
  private current(answers: Cache<string, ListAnswer>, key: string, snapshot: CatalogueSnapshot) {
    const entry = answers.get(key);
    if (!entry || entry.snapshot === snapshot) return entry?.answer;
    answers.delete(key);
    return undefined;
  }

  /** Items with their live ranks (from the snapshot) and cover URLs. */
  private present(snapshot: CatalogueSnapshot, rows: ListItemRow[]): ListItem[] {
    return rows.map((row) => toListItem(row, snapshot, this.options.media));
  }
}

function malExport(listName: string, items: readonly ListItemRow[]): ListMalExport {
  return {
    fileName: listFileName(listName, 'xml'),
    xml: writeMalExport(
      items.map((item) => ({
        malId: item.malId,
        title: item.title,
        readingStatus: item.readingStatus,
        chaptersRead: item.chaptersRead,
        score: item.score,
        chapters: item.chapters,
      })),
    ),
  };
}

/**
 * An owner's answer is theirs alone, and everything else it depends on is in the URL (list, page, filters,
 * sort): another user asking for the same URL misses, and is refused by the database.
 */
function ownerKey(userId: number, url: string): string {
  return `${userId} ${url}`;
}
