import type { ListSource } from './ranking-list-state';

/*
 * Coming back to a ranked list. Infinite scroll grows a list past its pre-rendered page, so a browser that
 * loads the page again on Back (no back/forward cache) finds its first page only, and its own scroll
 * restoration lands wherever that short page lets it. So the list keeps what it shows in its own history
 * entry (history.state): the source, the answers of its pages, and the card to come back to with its place
 * in the window. Back to that entry puts them back, the card where it was and, if the reader opened it,
 * focused. A new visit to the address is a new entry, with nothing kept: it starts at the top.
 */

/** The key of a kept list in `history.state` (the list page's inline script looks for it too). */
export const LIST_RETURN_STATE_KEY = 'panelrank.rankingList';
const STATE_KEY = LIST_RETURN_STATE_KEY;

export interface ListAnchor {
  /** The series whose card to come back to. */
  id: number;
  /** Its card's top, in CSS pixels from the top of the window. */
  top: number;
  /** The reader opened it (or had the focus on it): its link gets the focus back. */
  focus: boolean;
}

export interface ListReturn {
  /** The address and the list (type and first page) it was kept for: any other ignores it. */
  href: string;
  list: string;
  source: ListSource;
  /** How many ranked pages were loaded after the pre-rendered one (their answers are in `answers`). */
  pageCount: number;
  /** The answers the list showed, by query-cache key, so coming back asks the API for none of them. */
  answers: [string, unknown][];
  anchor: ListAnchor | null;
  /** The window's scroll, for when the card is not there any more. */
  scrollY: number;
}

function historyState(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/**
 * Keeps the list in the current history entry, and takes scroll restoration over for it. Never throws: a
 * list too large for the browser's history is simply not kept (Back then shows the list from its top).
 */
export function keepListReturn(kept: ListReturn): void {
  try {
    window.history.replaceState({ ...historyState(), [STATE_KEY]: kept }, '');
    window.history.scrollRestoration = 'manual';
  } catch {
    // Too large, or too many updates for the browser (Safari allows 100 in 30 s): nothing kept this time.
  }
}

/** What this history entry kept of the list `list` at this address, if anything. */
export function keptListReturn(list: string): ListReturn | undefined {
  return listReturnFrom(historyState()[STATE_KEY], window.location.href, list);
}

/** A kept list, when `value` is one and was kept for this address and list. */
export function listReturnFrom(value: unknown, href: string, list: string): ListReturn | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const kept = value as Partial<ListReturn>;
  if (kept.href !== href || kept.list !== list) return undefined;
  if (typeof kept.source !== 'object' || kept.source === null || !Array.isArray(kept.answers))
    return undefined;
  if (typeof kept.pageCount !== 'number' || typeof kept.scrollY !== 'number') return undefined;
  return kept as ListReturn;
}

/** Answers put back by a return to the list, taken once by the list's fetchers. */
const restoredAnswers = new Map<string, unknown>();

export function restoreAnswers(answers: [string, unknown][]): void {
  for (const [key, answer] of answers) restoredAnswers.set(key, answer);
}

/** The restored answer of a query-cache key, once; undefined when there is none (then ask the API). */
export function takeRestoredAnswer<T>(key: string): T | undefined {
  const answer = restoredAnswers.get(key) as T | undefined;
  restoredAnswers.delete(key);
  return answer;
}

const CARD_LINK = 'article a[href^="/series/"]';

function seriesIdOf(link: Element): number | undefined {
  const id = Number(link.getAttribute('href')?.split('/').pop());
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The card to come back to: the one whose link was opened or has the focus, else the first one in view.
 * Null when the list shows no card in the window.
 */
export function anchorIn(list: HTMLElement | null, opened: Element | null): ListAnchor | null {
  if (!list) return null;
  const chosen = [opened, document.activeElement].find(
    (element): element is Element =>
      element instanceof Element && list.contains(element) && element.matches(CARD_LINK),
  );
  if (chosen) {
    const id = seriesIdOf(chosen);
    const card = chosen.closest('article');
    if (id !== undefined && card) return { id, top: card.getBoundingClientRect().top, focus: true };
  }
  for (const link of list.querySelectorAll(CARD_LINK)) {
    const card = link.closest('article');
    const box = card?.getBoundingClientRect();
    const id = seriesIdOf(link);
    if (box && box.bottom > 0 && id !== undefined) return { id, top: box.top, focus: false };
  }
  return null;
}

/** How long a placed card is held in its place while cards above it are still laid out. */
const HOLD_MS = 5000;
/** What a reader does to take the scroll over: the card is not held any more. */
const READER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Puts the kept card back where it was in the window (and the focus on it), or the kept scroll. */
export function placeAnchor(list: HTMLElement | null, kept: ListReturn): void {
  const { anchor } = kept;
  const link = anchor && list?.querySelector<HTMLElement>(`article a[href="/series/${anchor.id}"]`);
  const card = link?.closest('article');
  if (!list || !anchor || !link || !card) {
    window.scrollTo({ top: kept.scrollY, behavior: 'instant' });
    return;
  }
  const place = () =>
    window.scrollTo({
      top: window.scrollY + card.getBoundingClientRect().top - anchor.top,
      behavior: 'instant',
    });
  place();
  if (anchor.focus) link.focus({ preventScroll: true });
  // Cards are laid out only near the screen (their content-visibility): those above the card take their real
  // height in later frames, some only seconds later on a busy device, after the placing measured them at a
  // stand-in height, and the card moves. Each time the list's size changes, the card is put back (before the
  // frame is painted), until the reader takes the scroll over or a few seconds have passed.
  const held = new ResizeObserver(place);
  held.observe(list);
  const release = () => {
    held.disconnect();
    clearTimeout(timer);
    for (const type of READER_SCROLLS) window.removeEventListener(type, release);
  };
  const timer = setTimeout(release, HOLD_MS);
  for (const type of READER_SCROLLS) window.addEventListener(type, release, { passive: true });
}
