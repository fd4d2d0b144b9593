import { AWAKE_ATTRIBUTE, BEFORE_HYDRATE_EVENT } from '../../lib/client-directives/island-events';
import { anchorIn, keepListReturn } from './list-return';
import { SCROLL_THROTTLE_MS, isPastScrollTrigger, throttle } from './list-scroll';
import {
  handOverProps,
  isLastPage,
  pagePath,
  serializedId,
  serializedItems,
  type SerializedItem,
} from './scroll-handoff';
import { endElement, errorBox } from './scroll-markup';
import { wakeForSearch } from './scroll-search';
import styles from './RankingList.module.css';

/*
 * Infinite scroll of a pre-rendered list without React: the next page of the list is pre-rendered too, so
 * its cards are fetched as HTML and appended, with the same placeholders, announcements, error and "Try
 * again", end message and keeping of the list for Back as the React list. The list's React island
 * hydrates only when the reader reaches for it (`client:interaction`); then this script stops and hands
 * over what it appended (scroll-handoff.ts), so React's first render is what is on screen.
 */

const root = document.querySelector<HTMLElement>('[data-light-list]');
const island = root?.querySelector('astro-island');
const grid = island?.querySelector<HTMLOListElement>('ol[data-series-grid]');
// The island hydrates at once for signed-in readers and views read live (RankingPage.astro): React scrolls.
const live = document.documentElement.matches('[data-signed-in], [data-list-live]');
if (root && island && grid && !live && !island.hasAttribute(AWAKE_ATTRIBUTE)) scrollPages(root, island, grid);

function scrollPages(root: HTMLElement, island: Element, grid: HTMLOListElement): void {
  const { page: firstPage, totalPages, pageTwo = '', listKey = '', viewKey = '' } = root.dataset;
  // The list's texts come with the page, so this script imports nothing the React list shares.
  const { endMessage = '', failedMessage = '' } = root.dataset;
  const announcer = island.querySelector('[data-list-announcer]');
  const skeletonTemplate = root.querySelector<HTMLTemplateElement>('template[data-list-skeleton]');
  const appended: SerializedItem[] = [];
  const shownIds = new Set(
    [...grid.querySelectorAll('article a[href^="/series/"]')].map((link) => link.getAttribute('href')),
  );
  let page = Number(firstPage);
  let ended = isLastPage(page, Number(totalPages));
  let loading: AbortController | undefined;
  /** Handed over to React: nothing more is done here. */
  let stopped = false;
  /** Shown under the cards while a page loads or after it failed; the script's own, removed at hand-over. */
  let status: Element | undefined;

  const announce = (text: string) => {
    if (announcer) announcer.textContent = text;
  };
  const showStatus = (element: Element | undefined, busy = false) => {
    status?.remove();
    status = element;
    if (element) grid.after(element);
    grid.setAttribute('aria-busy', String(busy));
  };

  async function loadNext(focusAfter: boolean): Promise<void> {
    if (stopped) return;
    const controller = new AbortController();
    loading = controller;
    announce('Loading more series…');
    showStatus(skeletonTemplate?.content.firstElementChild?.cloneNode(true) as Element | undefined, true);
    try {
      const response = await fetch(pagePath(pageTwo, page + 1), { signal: controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
      if (controller.signal.aborted) return;
      const items = serializedItems(
        doc.querySelector('[data-light-list] astro-island')?.getAttribute('props') ?? null,
      );
      const rows = [...(doc.querySelector('ol[data-series-grid]')?.children ?? [])];
      // The parse and the cards' layout in separate tasks, so neither makes a long one.
      await new Promise((resolve) => setTimeout(resolve));
      if (controller.signal.aborted) return;
      const added = appendRows(rows, items);
      page += 1;
      ended = isLastPage(page, Number(totalPages)) || rows.length === 0;
      loading = undefined;
      showStatus(undefined);
      if (ended) grid.after(endElement(endMessage));
      announce(`${added.length} more series loaded.${ended ? ` ${endMessage}` : ''}`);
      if (focusAfter) added[0]?.querySelector<HTMLElement>('article a[href^="/series/"]')?.focus();
      // The page may still be short of the trigger: check again once the new cards are laid out.
      requestAnimationFrame(() => check());
    } catch {
      if (controller.signal.aborted) return;
      loading = undefined;
      const box = errorBox(failedMessage, () => void loadNext(true));
      showStatus(box);
      announce(failedMessage);
      if (focusAfter) box.querySelector('button')?.focus();
    }
  }

  /** Appends the rows of a fetched page not shown yet, with their series; answers the rows appended. */
  function appendRows(rows: Element[], items: SerializedItem[]): Element[] {
    const added = rows.filter((row, index) => {
      const href = row.querySelector('article a[href^="/series/"]')?.getAttribute('href');
      const item = items[index];
      if (!href || shownIds.has(href) || !item || `/series/${serializedId(item)}` !== href) return false;
      shownIds.add(href);
      appended.push(item);
      // Later in the list than on their own page: lazily, as the React list renders them.
      for (const image of row.querySelectorAll('img')) {
        image.setAttribute('loading', 'lazy');
        image.removeAttribute('fetchpriority');
      }
      return true;
    });
    grid.append(...added);
    return added;
  }

  const check = () => {
    if (stopped || loading || ended || status) return;
    const { scrollHeight } = document.documentElement;
    if (isPastScrollTrigger(window.scrollY, window.innerHeight, scrollHeight)) void loadNext(false);
  };
  const throttled = throttle(check, SCROLL_THROTTLE_MS);
  // A last page holding a full page of series was pre-rendered without the end (React would learn it from an
  // empty next page): the script knows it is the last.
  if (ended && !grid.nextElementSibling?.matches(`p.${styles.end}`)) grid.after(endElement(endMessage));

  // Kept for Back like the React list keeps itself (list-return.ts): the pages come back from the API.
  const keep = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!link || page === Number(firstPage)) return;
    keepListReturn({
      href: window.location.href,
      list: listKey,
      source: { mode: 'ranked', view: viewKey, fresh: false },
      pageCount: page - Number(firstPage),
      answers: [],
      anchor: anchorIn(island as HTMLElement, link),
      scrollY: window.scrollY,
    });
  };

  const stopSearch = wakeForSearch(root.dataset.type ?? '', island);
  window.addEventListener('scroll', throttled.run, { passive: true });
  window.addEventListener('resize', throttled.run, { passive: true });
  document.addEventListener('click', keep, true);
  island.addEventListener(
    BEFORE_HYDRATE_EVENT,
    () => {
      stopped = true;
      const pending = loading !== undefined || status !== undefined;
      throttled.cancel();
      window.removeEventListener('scroll', throttled.run);
      window.removeEventListener('resize', throttled.run);
      stopSearch();
      loading?.abort();
      showStatus(undefined);
      announce('');
      const scrolled = { items: appended, pages: page - Number(firstPage), ended, pending };
      island.setAttribute('props', handOverProps(island.getAttribute('props'), scrolled));
    },
    { once: true },
  );
}
