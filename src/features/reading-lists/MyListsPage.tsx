import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LIST_TEXT } from '../../../contract/reading-lists-values';
import type { ReadingList, ReadingListSummary } from '../../../contract/reading-lists';
import { usePagedQuery } from '../../lib/paged-query';
import { $session, LOGIN_PATH } from '../accounts/session-store';
import { useHydrated } from '../../ui/use-hydrated';
import CreateListButton from './CreateListButton';
import { myListsPages } from './list-queries';
import { isListOpen } from './list-state';
import { useAnchoredList, useCreatedLists } from './my-lists-hooks';
import ListPanel from './ListPanel';
import ReadingListsHost from './ReadingListsHost';
import { useSentinel } from '../../ui/use-sentinel';
import styles from './MyListsPage.module.css';
import pageStyles from './ListPages.module.css';

/**
 * /my-lists: the signed-in user's lists, 10 a page with infinite scroll, each collapsible with its items;
 * the first is open on load, or the one `#list-{id}` names (scrolled to). "+ Create Reading List" while
 * the user may create one. Visitors are sent to log in.
 */
export default function MyListsPage() {
  const hydrated = useHydrated();
  const session = useStore($session, { ssr: 'initial' });
  const signedIn = session.user !== null;
  // Once hydrated, and per user: a new user means a new page load anyway.
  const paged = usePagedQuery(myListsPages, hydrated && session.user ? `user-${session.user.id}` : null);
  const lists = useMemo(() => paged.pages.flatMap((page) => page.items), [paged.pages]);
  const { hasMore } = paged;
  const phase = paged.loading ? 'loading' : paged.error !== undefined ? 'error' : 'idle';
  /** Lists the user opened or closed; the others as the page opens them (isListOpen). */
  const [toggled, setToggled] = useState<Map<number, boolean>>(() => new Map());
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  // Visitors log in first, then come back here.
  useEffect(() => {
    if (hydrated && !signedIn) {
      window.location.assign(`${LOGIN_PATH}?next=${encodeURIComponent('/my-lists')}`);
    }
  }, [hydrated, signedIn]);

  // Each failed load is announced once.
  const [announcedFailure, setAnnouncedFailure] = useState<unknown>();
  if (paged.error !== undefined && paged.error !== announcedFailure) {
    setAnnouncedFailure(paged.error);
    setAnnouncement(LIST_TEXT.loadListsFailed);
  }

  const anchored = useAnchoredList(paged, lists, phase);
  const isOpen = (id: number) => isListOpen(id, { firstId: lists[0]?.id, anchored, toggled });

  useCreatedLists(paged);

  const sentinel = useSentinel<HTMLDivElement>(phase === 'idle' && hasMore && lists.length > 0, paged.more);

  function toggle(id: number) {
    setToggled((current) => new Map(current).set(id, !isOpen(id)));
  }

  /** A list the API changed (shared, items removed): its entry in the cached pages follows. */
  function updated(list: ReadingList | ReadingListSummary) {
    const summary: ReadingListSummary = {
      id: list.id,
      name: list.name,
      is_public: list.is_public,
      share_token: list.share_token,
      item_count: list.item_count,
    };
    paged.update((page) => ({
      ...page,
      items: page.items.map((existing) => (existing.id === list.id ? summary : existing)),
    }));
  }

  function deleted(id: number) {
    const index = lists.findIndex((list) => list.id === id);
    const name = lists[index]?.name ?? '';
    const neighbour = lists[index + 1] ?? lists[index - 1];
    paged.update((page) => ({ ...page, items: page.items.filter((list) => list.id !== id) }));
    setAnnouncement(`Deleted “${name}”.`);
    // The deleted list's buttons are gone: focus its neighbour's heading button, else the page heading.
    requestAnimationFrame(() => {
      const next = neighbour && document.querySelector<HTMLElement>(`#list-${neighbour.id} [aria-expanded]`);
      if (next) next.focus();
      else heading.current?.focus();
    });
  }

  const showEmpty = phase === 'idle' && lists.length === 0;
  const showEnd = phase === 'idle' && !hasMore && lists.length > 0;

  return (
    <div className={pageStyles.page}>
      <div className={styles.pageHeader}>
        <h1 ref={heading} tabIndex={-1}>
          My Reading Lists
        </h1>
        <CreateListButton linkWhenFull={false} />
      </div>
      <ReadingListsHost />
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {hydrated && !signedIn && <p className={pageStyles.message}>Redirecting to log in…</p>}

      {lists.length > 0 && (
        <ul className={styles.lists} aria-busy={phase === 'loading'}>
          {lists.map((list) => (
            <ListPanel
              key={list.id}
              list={list}
              open={isOpen(list.id)}
              onToggle={() => toggle(list.id)}
              onChanged={updated}
              onDeleted={() => deleted(list.id)}
              onAnnounce={setAnnouncement}
            />
          ))}
        </ul>
      )}

      {phase === 'loading' && (!hydrated || signedIn) && (
        <ul className={styles.lists} aria-hidden="true" data-testid="lists-skeleton">
          {Array.from({ length: lists.length ? 1 : 2 }, (_, index) => (
            <li key={index} className={styles.panelSkeleton} />
          ))}
        </ul>
      )}

      {phase === 'error' && (
        <div className={pageStyles.message} role="alert">
          <p>{LIST_TEXT.loadListsFailed}</p>
          <button type="button" className="button" onClick={paged.retry}>
            {LIST_TEXT.tryAgain}
          </button>
        </div>
      )}
      {showEmpty && <p className={pageStyles.message}>{LIST_TEXT.noLists}</p>}
      {showEnd && <p className={pageStyles.end}>{LIST_TEXT.endOfLists}</p>}
      <div ref={sentinel} />
    </div>
  );
}
