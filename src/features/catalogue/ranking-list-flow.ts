import { RANKING_PAGE_SIZE, type RankedSeries } from './catalogue-types';
import { viewDescription, viewOfKey } from './ranking-view';
import {
  END_OF_LIST_MESSAGE,
  LOAD_FAILED_MESSAGE,
  NO_EDITS,
  emptyListMessage,
  rankingListView,
  type ListEdits,
  type ListRead,
  type ListSource,
} from './ranking-list-state';

/**
 * What a ranked list is doing, pure: where its series come from (the ranked pages of a genre or a
 * search), the pages a list coming back asks for at once, the admin's edits, and what its live region
 * says. RankingList.tsx dispatches the reader's actions here; ranking-list-state.ts turns what was read
 * into what is shown.
 */

/** The pages a list coming back (Back from a series) had: asked for at once, answered from what it kept. */
export interface Resume {
  query: string;
  pages: number;
}

export interface ListFlow {
  source: ListSource;
  resume: Resume | undefined;
  edits: ListEdits;
  /** The live region's text. */
  announcement: string;
  /** The answer (or failure) announced last: each is announced once, when it arrives. */
  announced: unknown;
}

export const PRE_RENDERED: ListSource = { mode: 'ranked', view: '', fresh: false };

/** A list starting from its pre-rendered page, which shows the page's own view (a view key). */
export function firstFlow(view: string): ListFlow {
  return { ...FIRST_FLOW, source: { mode: 'ranked', view, fresh: false } };
}

export const FIRST_FLOW: ListFlow = {
  source: PRE_RENDERED,
  resume: undefined,
  edits: NO_EDITS,
  announcement: '',
  announced: undefined,
};

export type ListAction =
  /** Page 1 of a view of the ranked list (a view key), asked for again. */
  | { type: 'reload'; view: string }
  /** A search term replaces the ranked list. */
  | { type: 'search'; query: string }
  /** Other filters over a search's results; `announcement` when they are there to count. */
  | { type: 'filter'; view: string; announcement?: string }
  /** The view the address names once the island runs (a view key): read live unless already shown. */
  | { type: 'address'; view: string }
  | { type: 'more' }
  /** An answer or a failure arrived, and what the live region says of it. */
  | { type: 'heard'; answer: unknown; announcement: string }
  /** A kept list shown again: coming back is not news, its last answer counts as announced. */
  | { type: 'restore'; source: ListSource; resume: Resume | undefined; announced: unknown }
  | { type: 'added'; series: RankedSeries }
  | { type: 'updated'; series: RankedSeries }
  /** A deleted series; `title` when it was shown. */
  | { type: 'removed'; id: number; title?: string | undefined };

export function listFlow(state: ListFlow, action: ListAction): ListFlow {
  const { edits } = state;
  switch (action.type) {
    case 'reload':
      return {
        ...state,
        resume: undefined,
        source: { mode: 'ranked', view: action.view, fresh: true },
        announcement: 'Loading series…',
      };
    case 'search':
      return {
        ...state,
        resume: undefined,
        source: { mode: 'search', query: action.query, view: state.source.view },
        announcement: `Searching for ${action.query}…`,
      };
    case 'filter':
      return {
        ...state,
        source: { ...state.source, view: action.view },
        announcement: action.announcement ?? state.announcement,
      };
    case 'address':
      if (action.view === state.source.view) return state;
      return state.source.mode === 'search'
        ? { ...state, source: { ...state.source, view: action.view } }
        : listFlow(state, { type: 'reload', view: action.view });
    case 'more':
      return { ...state, announcement: 'Loading more series…' };
    case 'heard':
      return { ...state, announced: action.answer, announcement: action.announcement };
    case 'restore':
      return {
        ...state,
        source: action.source,
        resume: action.resume ?? state.resume,
        announced: action.announced,
      };
    case 'added':
      return { ...state, edits: { ...edits, added: [...edits.added, action.series] } };
    case 'updated':
      return {
        ...state,
        edits: { ...edits, updated: new Map(edits.updated).set(action.series.id, action.series) },
      };
    case 'removed':
      return {
        ...state,
        edits: { ...edits, removed: new Set(edits.removed).add(action.id) },
        announcement: action.title === undefined ? state.announcement : `Deleted ${action.title}.`,
      };
  }
}

export type ListPhase = 'idle' | 'loading' | 'error';

/** Whether the list waits for its next answer, failed to get it, or shows everything asked for. */
export function listPhase(
  source: ListSource,
  ranked: { loading: boolean; error: unknown },
  results: { data: unknown; error: unknown },
): ListPhase {
  if (source.mode === 'search') {
    return results.data !== undefined ? 'idle' : results.error !== undefined ? 'error' : 'loading';
  }
  return ranked.loading ? 'loading' : ranked.error !== undefined ? 'error' : 'idle';
}

/** What the list has read, for its live region. */
export interface ListReads {
  /** The error of the read the list shows. */
  error: unknown;
  /** A search's answer, once there. */
  results: RankedSeries[] | undefined;
  /** The ranked pages loaded. */
  pages: readonly RankedSeries[][];
  /** How many series are shown. */
  shownCount: number;
}

/**
 * What a render brings to announce, once each: a failure, else the answer that arrived (a search's
 * results, or a ranked page); null when nothing is new.
 */
export function newsOf(
  flow: ListFlow,
  phase: ListPhase,
  type: string,
  reads: ListReads,
): Extract<ListAction, { type: 'heard' }> | null {
  const { source, announced } = flow;
  const failure = phase === 'error' ? reads.error : undefined;
  if (failure !== undefined && failure !== announced) {
    return { type: 'heard', answer: failure, announcement: LOAD_FAILED_MESSAGE };
  }
  const answer = source.mode === 'search' ? reads.results : reads.pages.at(-1);
  if (phase !== 'idle' || answer === undefined || answer === announced) return null;
  const announcement =
    source.mode === 'search'
      ? resultsAnnouncement(reads.shownCount, source.query)
      : pageAnnouncement(type, source, reads.pages);
  return { type: 'heard', answer, announcement };
}

/**
 * Other filters chosen over a search's results: filtered here, and counted aloud when the results are
 * there.
 */
export function viewOverResults(
  read: Omit<ListRead, 'source' | 'pages'> & { source: Extract<ListSource, { mode: 'search' }> },
  view: string,
  phase: ListPhase,
): ListAction {
  if (phase !== 'idle') return { type: 'filter', view };
  const count = rankingListView({ ...read, source: { ...read.source, view }, pages: [] }).shown.length;
  return { type: 'filter', view, announcement: resultsAnnouncement(count, read.source.query) };
}

/** "3 results for solo." */
export function resultsAnnouncement(count: number, query: string): string {
  return `${count} ${count === 1 ? 'result' : 'results'} for ${query}.`;
}

/** What the live region says when a ranked page arrives: the first of a genre, or one more. */
export function pageAnnouncement(
  type: string,
  source: Extract<ListSource, { mode: 'ranked' }>,
  pages: readonly RankedSeries[][],
): string {
  const items = pages.at(-1) ?? [];
  if (source.fresh && pages.length === 1) {
    return items.length === 0
      ? emptyListMessage(type)
      : `Showing ${viewDescription(viewOfKey(source.view))}: ${items.length} series loaded.`;
  }
  return items.length < RANKING_PAGE_SIZE
    ? `${items.length} more series loaded. ${END_OF_LIST_MESSAGE}`
    : `${items.length} more series loaded.`;
}

/**
 * Which series "Try again" sends the focus to once it loaded: the first of a search or of a list that
 * had none, else the first of the page it brings.
 */
export function retryFocusIndex(source: ListSource, page: number, shownCount: number): number {
  return source.mode === 'search' || page === 0 ? 0 : shownCount;
}

/** The list shows everything it was asked for (a list coming back has all its pages again). */
export function listSettled(phase: ListPhase, flow: ListFlow, pagesLoaded: number): boolean {
  return phase === 'idle' && (flow.source.mode === 'search' || pagesLoaded >= (flow.resume?.pages ?? 0));
}
