import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import {
  anchorIn,
  keepListReturn,
  keptListReturn,
  placeAnchor,
  restoreAnswers,
  type ListReturn,
} from './list-return';

/** A pause in scrolling this long keeps the list's place (a history update per pause, not per frame). */
const SCROLL_PAUSE_MS = 300;

export interface ListReturnOptions {
  /** Which list this is: its type and pre-rendered page. */
  list: string;
  /** The list's element, holding its cards. */
  root: RefObject<HTMLElement | null>;
  /** What the list shows now, to keep. */
  current(): Pick<ListReturn, 'source' | 'pageCount' | 'answers'>;
  /** Shows a kept list again (its answers are restored for the fetchers already). */
  restore(kept: ListReturn): void;
  /** The list shows everything it was asked for: a restored list is then laid out in full. */
  settled: boolean;
}

/**
 * Back to a ranked list lands where the reader left it (see list-return.ts). The list is kept in its
 * history entry when a link is followed and when scrolling pauses; on mount, a kept list is restored,
 * and when its pages are on screen the card goes back to its place, with the focus if it was opened.
 */
export function useListReturn({ list, root, current, restore, settled }: ListReturnOptions): void {
  /** A kept list being restored: its card is placed once the list, re-rendered with it, has settled. */
  const [restoring, setRestoring] = useState<ListReturn | null>(null);

  const keep = useEffectEvent((opened: Element | null) => {
    if (restoring) return;
    keepListReturn({
      href: window.location.href,
      list,
      ...current(),
      anchor: anchorIn(root.current, opened),
      scrollY: window.scrollY,
    });
  });

  const restoreKept = useEffectEvent(() => {
    const kept = keptListReturn(list);
    if (!kept) return;
    setRestoring(kept);
    restoreAnswers(kept.answers);
    restore(kept);
  });

  // On mount (in the browser, once hydrated), in the same commit as the list's other first effects: the
  // kept answers are in place before the list's first reads.
  useEffect(() => {
    restoreKept();
    // Capture: the list's state is kept before any handler (or the navigation) runs.
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link) keep(link);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => keep(null), SCROLL_PAUSE_MS);
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  useEffect(() => {
    if (!restoring || !settled) return;
    setRestoring(null);
    placeAnchor(root.current, restoring);
  }, [restoring, settled, root]);
}
