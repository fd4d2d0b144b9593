import { useEffect, useRef, type RefObject } from 'react';
import type { ListPhase } from './ranking-list-flow';

export interface ListFocus {
  /** Where the focus goes once the next render is on screen (its control went away). */
  after(focus: () => void): void;
  /** "Try again": once loaded, the focus goes to the series at `index` (or back to the button). */
  afterRetry(index: number): void;
  /** The chosen genre's button: the list's first control. */
  selectedGenre(): void;
  /** A series' title link (a deleted card's neighbour), else the chosen genre's button. */
  seriesOrGenre(id: number | undefined): void;
}

/**
 * Keyboard focus in a list whose controls come and go ("Clear search", a deleted card, "Try again"): it
 * moves to the nearest sensible control, never falling back to the top of the document.
 */
export function useListFocus(root: RefObject<HTMLElement | null>, phase: ListPhase): ListFocus {
  const pendingFocus = useRef<(() => void) | null>(null);
  useEffect(() => {
    const focus = pendingFocus.current;
    pendingFocus.current = null;
    focus?.();
  });

  const selectedGenre = () =>
    root.current?.querySelector<HTMLElement>('[role="group"] [aria-pressed="true"]')?.focus();

  // "Try again" goes away while it loads: the focus then moves to the first series it brought (or back to
  // the button if it failed again).
  const focusAfterRetry = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRetry.current;
    if (index === null || phase === 'loading') return;
    focusAfterRetry.current = null;
    if (phase === 'error') {
      root.current?.querySelector<HTMLElement>('[data-retry]')?.focus();
      return;
    }
    const links = root.current?.querySelectorAll<HTMLElement>('ol > li article a[href^="/series/"]');
    const link = links?.[Math.min(index, links.length - 1)];
    if (link) link.focus();
    else selectedGenre();
  }, [phase]);

  return {
    after: (focus) => {
      pendingFocus.current = focus;
    },
    afterRetry: (index) => {
      focusAfterRetry.current = index;
    },
    selectedGenre,
    seriesOrGenre: (id) => {
      const link = id !== undefined && root.current?.querySelector<HTMLElement>(`a[href="/series/${id}"]`);
      if (link) link.focus();
      else selectedGenre();
    },
  };
}
