/*
 * The pre-rendered list pages' infinite scroll runs as a plain script (scroll-pages.ts) until the list's
 * React island hydrates; then the island must render exactly what is on screen, or React would find
 * markup it did not expect. What the script appended is handed over in the island's props, which Astro
 * reads when it hydrates: the cards' series (taken from each fetched page's own island props) and how
 * many pages they are. Pure, so it is tested without a browser.
 *
 * Astro writes props as JSON of `[kind, value]` pairs: a string is `[0, '…']`, a number `[0, 5]`. The
 * page's series come as one string, `initialItemsJson`, the series' own JSON (RankingPage.astro says why).
 * Only that much of the format is read here.
 */

/** One series of a list page, as its JSON gave it (a RankedSeries). */
export type SerializedItem = { id?: unknown } & Record<string, unknown>;

type SerializedProps = Record<string, [number, unknown?]>;

function parseProps(json: string | null): SerializedProps {
  const parsed: unknown = JSON.parse(json ?? '{}');
  return typeof parsed === 'object' && parsed !== null ? (parsed as SerializedProps) : {};
}

function itemsOf(props: SerializedProps): SerializedItem[] {
  const value = props.initialItemsJson;
  if (value?.[0] !== 0 || typeof value[1] !== 'string') return [];
  const items: unknown = JSON.parse(value[1]);
  return Array.isArray(items)
    ? items.filter((item): item is SerializedItem => typeof item === 'object' && item !== null)
    : [];
}

/** The series of a list page's island (`initialItemsJson`); none when the props have none. */
export function serializedItems(propsJson: string | null): SerializedItem[] {
  return itemsOf(parseProps(propsJson));
}

/** A serialized series' id, or undefined when the item is not one. */
export function serializedId(item: SerializedItem): number | undefined {
  return typeof item.id === 'number' ? item.id : undefined;
}

/** What the script showed: the series appended after the pre-rendered page, in order. */
export interface ScrolledPages {
  items: SerializedItem[];
  /** Pages fetched and appended. */
  pages: number;
  /** The end of the list is shown. */
  ended: boolean;
  /** A page was loading, or had failed, when React took over: React asks for it again at once. */
  pending: boolean;
}

/**
 * The island's props with what the script appended: `initialItemsJson` grows by the appended series, and
 * `initialPageCount`, `initialEnded` and `initialPending` tell the list where it is (RankingList.tsx).
 */
export function handOverProps(propsJson: string | null, scrolled: ScrolledPages): string {
  const props = parseProps(propsJson);
  const items = [...itemsOf(props), ...scrolled.items];
  return JSON.stringify({
    ...props,
    initialItemsJson: [0, JSON.stringify(items)],
    initialPageCount: [0, 1 + scrolled.pages],
    initialEnded: [0, scrolled.ended],
    initialPending: [0, scrolled.pending],
  });
}

/** The list ends with its last pre-rendered page (`totalPages` of them). */
export function isLastPage(page: number, totalPages: number): boolean {
  return page >= totalPages;
}

/** The path of page `page` of a list whose page 2 is at `pageTwoPath` (`/type/manga/page/2`). */
export function pagePath(pageTwoPath: string, page: number): string {
  return pageTwoPath.replace(/\/page\/2$/, `/page/${page}`);
}
