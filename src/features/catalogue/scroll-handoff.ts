/*
 * The pre-rendered list pages' infinite scroll runs as a plain script (scroll-pages.ts) until the list's
 * React island hydrates; then the island must render exactly what is on screen, or React would find
 * markup it did not expect. What the script appended is handed over in the island's props, which Astro
 * reads when it hydrates: the cards' series (taken from each fetched page's own island props) and how
 * many pages they are. Pure, so it is tested without a browser.
 *
 * Astro writes props as JSON of `[kind, value]` pairs: an array is `[1, [...items]]`, an object
 * `[0, {field: [kind, value]}]`, a number `[0, 5]`. Only that much of the format is read here.
 */

/** One series as Astro serialized it: `[0, { id: [0, 12], title: [0, '…'], … }]`. */
export type SerializedItem = [number, Record<string, [number, unknown?]>];

type SerializedProps = Record<string, [number, unknown?]>;

function parseProps(json: string | null): SerializedProps {
  const parsed: unknown = JSON.parse(json ?? '{}');
  return typeof parsed === 'object' && parsed !== null ? (parsed as SerializedProps) : {};
}

/** The series of a list page's island (`initialItems`), as serialized; none when the props have none. */
export function serializedItems(propsJson: string | null): SerializedItem[] {
  const value = parseProps(propsJson).initialItems;
  return value?.[0] === 1 && Array.isArray(value[1]) ? (value[1] as SerializedItem[]) : [];
}

/** A serialized series' id, or undefined when the item is not one. */
export function serializedId(item: SerializedItem): number | undefined {
  const id = item[1]?.id?.[1];
  return typeof id === 'number' ? id : undefined;
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
 * The island's props with what the script appended: `initialItems` grows by the appended series, and
 * `initialPageCount`, `initialEnded` and `initialPending` tell the list where it is (RankingList.tsx).
 */
export function handOverProps(propsJson: string | null, scrolled: ScrolledPages): string {
  const props = parseProps(propsJson);
  const items = [...serializedItems(propsJson), ...scrolled.items];
  return JSON.stringify({
    ...props,
    initialItems: [1, items],
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
