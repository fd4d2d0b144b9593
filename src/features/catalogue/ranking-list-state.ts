import { RANKING_PAGE_SIZE, type RankedSeries } from './catalogue-types';
import { matchesView, viewOfKey } from './ranking-view';

/**
 * What a ranked list (home or a type page) shows, from what it has read: the pre-rendered page and the
 * ranked pages loaded after it, or the results of a search. Pure, so the paging rules are testable without
 * a browser; the reads themselves go through the query cache (RankingList.tsx).
 */

/** Where the list's series come from. */
export type ListSource =
  /**
   * The ranked list in a view (an order and filters: ranking-view.ts's `viewKey`, '' for every series by
   * final score): from the pre-rendered page on, or from page 1 when `fresh`.
   */
  | { mode: 'ranked'; view: string; fresh: boolean }
  /** A search's results (every match, with its true rank), filtered by the view's filters here. */
  | { mode: 'search'; query: string; view: string };

/** Admin edits made from this list (catalogue-admin): shown at once, over what the API answered. */
export interface ListEdits {
  added: RankedSeries[];
  updated: ReadonlyMap<number, RankedSeries>;
  removed: ReadonlySet<number>;
}

export const NO_EDITS: ListEdits = { added: [], updated: new Map(), removed: new Set() };

export interface ListRead {
  source: ListSource;
  /**
   * The build's page (with the pages its scroll script appended), and which page of the list it ends with
   * (page 3 on `/page/3`: scrolling loads page 4).
   */
  initialItems: RankedSeries[];
  initialPage: number;
  /** The scroll script showed the end of the list (`initialItems` holds several pages). */
  initialEnded?: boolean | undefined;
  /** The ranked pages loaded since, in order. */
  pages: RankedSeries[][];
  /** A search's answer, once there. */
  results: RankedSeries[] | undefined;
  edits: ListEdits;
}

export interface ListView {
  /** Every series read, edits applied (the genres strip learns from these). */
  read: RankedSeries[];
  /** The series shown: search results are filtered by the view here. */
  shown: RankedSeries[];
  /** No more pages: the last page had fewer than 25 series, or this is a search. */
  ended: boolean;
  /** The last ranked page shown (0 before the first). */
  page: number;
}

/** Appends a page, keeping the first occurrence of each id (pages can overlap when ranks move). */
export function appendUnique(
  current: readonly RankedSeries[],
  page: readonly RankedSeries[],
): RankedSeries[] {
  const seen = new Set(current.map((series) => series.id));
  const added = page.filter((series) => !seen.has(series.id) && seen.add(series.id));
  return [...current, ...added];
}

function withEdits(items: RankedSeries[], edits: ListEdits): RankedSeries[] {
  return items
    .filter((series) => !edits.removed.has(series.id))
    .map((series) => edits.updated.get(series.id) ?? series);
}

export function rankingListView({
  source,
  initialItems,
  initialPage,
  initialEnded,
  pages,
  results,
  edits,
}: ListRead): ListView {
  if (source.mode === 'search') {
    const read = withEdits(results ?? [], edits);
    const view = viewOfKey(source.view);
    const shown = read.filter((series) => matchesView(series, view));
    return { read, shown, ended: true, page: 0 };
  }
  const base = source.fresh ? [] : initialItems;
  const last = pages.at(-1);
  const ended = last
    ? last.length < RANKING_PAGE_SIZE
    : !source.fresh && (initialEnded ?? initialItems.length < RANKING_PAGE_SIZE);
  let read = withEdits(
    pages.reduce((items, page) => appendUnique(items, page), appendUnique([], base)),
    edits,
  );
  // A new series is Unranked, so it belongs at the end: shown once the end is loaded (the last page brings
  // it too, once it is in the API's ranking).
  if (ended) {
    const added = edits.added.filter(
      (series) => !edits.removed.has(series.id) && matchesView(series, viewOfKey(source.view)),
    );
    read = appendUnique(read, withEdits(added, edits));
  }
  const page = source.fresh ? pages.length : initialPage + pages.length;
  return { read, shown: read, ended, page };
}

export { SCROLL_THROTTLE_MS, SCROLL_TRIGGER_RATIO, isPastScrollTrigger, throttle } from './list-scroll';

/** The empty-state text: "No MANHWA titles found"; on the home page (ALL) simply "No titles found". */
export function emptyListMessage(type: string): string {
  return type === 'ALL' ? 'No titles found' : `No ${type} titles found`;
}

export const END_OF_LIST_MESSAGE = "You've seen everything, new series added periodically.";
export { LOAD_FAILED_MESSAGE } from './catalogue-messages';
/** Placeholders shown while a page loads. */
export const SKELETON_COUNT = 12;
