import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useRef, useSyncExternalStore } from 'react';
import type { ReadingListSummary, ReadingListsPage } from '../../../contract/reading-lists';
import type { PagedState } from '../../lib/paged-query';
import { listIdFromHash } from './list-format';
import { listsToAdd, withListsAdded } from './list-state';
import { $myLists } from './lists-store';

/* What /my-lists does around its pages of lists: the anchored list, and lists created on the page. */

function subscribeToHash(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const currentHash = () => window.location.hash;

/**
 * The list a `#list-{id}` address names, or null. Once loaded it scrolls into view and its heading button
 * takes focus; more pages load until it is there, or none remain.
 */
export function useAnchoredList(
  paged: PagedState<ReadingListsPage>,
  lists: readonly ReadingListSummary[],
  phase: 'loading' | 'error' | 'idle',
): number | null {
  const hash = useSyncExternalStore(subscribeToHash, currentHash, () => '');
  const anchored = listIdFromHash(hash);
  const revealedHash = useRef('');
  const { hasMore } = paged;
  const loadNextPage = useEffectEvent(() => paged.more());
  useEffect(() => {
    if (anchored === null || phase !== 'idle' || revealedHash.current === hash) return;
    if (!lists.some((list) => list.id === anchored)) {
      if (hasMore) loadNextPage();
      return;
    }
    revealedHash.current = hash;
    requestAnimationFrame(() => {
      const target = document.getElementById(`list-${anchored}`);
      target?.scrollIntoView({ block: 'start' });
      target?.querySelector<HTMLElement>('[aria-expanded]')?.focus({ preventScroll: true });
    });
  }, [anchored, hash, phase, lists, hasMore]);
  return anchored;
}

/**
 * A list created in the dialog ("+ Create Reading List") joins the pages once they are all loaded, and
 * takes focus from the create button if that went (the user is at the cap now).
 */
export function useCreatedLists(paged: PagedState<ReadingListsPage>): void {
  const known = useStore($myLists, { ssr: 'initial' }).data;
  const added = listsToAdd(paged.pages, known);
  const addedKey = added.map((list) => list.id).join();
  const addLists = useEffectEvent(() => {
    paged.update((page) => withListsAdded(page, added));
    const id = added.at(-1)!.id;
    requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      document.querySelector<HTMLElement>(`#list-${id} [aria-expanded]`)?.focus();
    });
  });
  useEffect(() => {
    if (addedKey) addLists();
  }, [addedKey]);
}
