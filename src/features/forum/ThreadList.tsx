import { useStore } from '@nanostores/react';
import { atom, computed } from 'nanostores';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Thread } from '../../../contract/forum';
import { FORUM_PAGE_SIZE, FORUM_TEXT } from '../../../contract/forum-values';
import { createFetcherStore, queryCache, storeFamily } from '../../lib/query';
import { useQuery } from '../../lib/use-query';
import Toaster from '../../ui/Toaster';
import { showToast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';
import { $session } from '../accounts/session-store';
import { isAdmin } from '../accounts/stored-session';
import ConfirmDelete from './ConfirmDelete';
import { deleteThread, fetchThreads, forumErrorMessage, hasThreadsLeft, type ThreadPage } from './forum-api';
import { formatForumTime, postCountText } from './forum-format';
import SeriesRefs from './SeriesRefs';
import { authorName } from './thread-tree';
import UserLink from '../profiles/UserLink';
import styles from './ThreadList.module.css';
import type { ThreadFormTarget } from './ThreadFormDialog';

/** The create and edit modal carries the editor: loaded when a reader opens it. */
const ThreadFormDialog = lazy(() => import('./ThreadFormDialog'));

interface ListQuery {
  q: string;
  page: number;
}

const FIRST_PAGE: ListQuery = { q: '', page: 1 };
const $listQuery = atom<ListQuery>(FIRST_PAGE);
const LIST_KEY = 'forum-threads?';
const $listKey = computed($listQuery, ({ q, page }) =>
  new URLSearchParams({ q, page: String(page) }).toString(),
);
const $threadPage = createFetcherStore<ThreadPage>([LIST_KEY, $listKey], {
  fetcher: (_prefix, key) => {
    const params = new URLSearchParams(String(key));
    return fetchThreads(params.get('q') ?? '', Number(params.get('page') ?? 1));
  },
});

function queryFromAddress(): ListQuery {
  const params = new URLSearchParams(window.location.search);
  const page = Number(params.get('page'));
  return { q: params.get('q')?.trim() ?? '', page: Number.isInteger(page) && page > 1 ? page : 1 };
}

function addressOf({ q, page }: ListQuery): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return `/forum${search ? `?${search}` : ''}`;
}

/** Whether the user may start another thread: asked again before each new thread. */
const threadsLeft = storeFamily((username: string) =>
  createFetcherStore<boolean>(['forum/threads-left|', username], {
    fetcher: () => hasThreadsLeft(username),
    revalidateOnFocus: false,
  }),
);

async function mayStartThread(username: string): Promise<boolean> {
  const store = threadsLeft(username);
  // A thread deleted a moment ago (here or in another tab) counts.
  store.invalidate();
  const answer = await store.fetch();
  if ('error' in answer) throw answer.error;
  return answer.data;
}

function reloadThreads(): void {
  void queryCache.invalidateKeys((key) => key.startsWith(LIST_KEY));
}

const SEARCH_DELAY_MS = 300;

/**
 * The thread list: the build's first page, then the live list with search and pages
 * of 20 (both in the address), "+ New Thread", and Edit and Delete for the author or an admin.
 */
export default function ThreadList({ initial }: { initial: ThreadPage | null }) {
  const session = useStore($session, { ssr: 'initial' });
  const hydrated = useHydrated();
  const query = useStore($listQuery);
  // Read once hydrated: the build renders its own first page, and must not ask the API for it again.
  const live = useQuery(hydrated ? $threadPage : null);
  const [typed, setTyped] = useState('');
  const [form, setForm] = useState<ThreadFormTarget | null>(null);
  const [opening, setOpening] = useState(false);
  const [confirming, setConfirming] = useState<Thread | null>(null);
  const [deleting, setDeleting] = useState(false);
  const searchId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const user = session.user;
  const admin = isAdmin(user);

  // The address holds the search and the page; back and forward restore them.
  useEffect(() => {
    const apply = () => {
      const fromAddress = queryFromAddress();
      $listQuery.set(fromAddress);
      setTyped(fromAddress.q);
    };
    apply();
    window.addEventListener('popstate', apply);
    return () => window.removeEventListener('popstate', apply);
  }, []);

  const go = (next: ListQuery, scroll = false) => {
    if (next.q === query.q && next.page === query.page) return;
    window.history.pushState(null, '', addressOf(next));
    $listQuery.set(next);
    if (scroll) listRef.current?.scrollIntoView({ block: 'start' });
  };

  // Typing searches after a pause.
  useEffect(() => {
    if (!hydrated) return;
    const q = typed.trim();
    if (q === $listQuery.get().q) return;
    const timer = window.setTimeout(() => go({ q, page: 1 }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `go` reads the current query itself
  }, [typed, hydrated]);

  const onFirstPage = query.q === '' && query.page === 1;
  const data: ThreadPage | null = live.data ?? (onFirstPage || !hydrated ? initial : null);
  const threads = data?.threads ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / FORUM_PAGE_SIZE)) : 1;

  const startThread = async () => {
    if (!user) {
      showToast(FORUM_TEXT.signInRequired, 'Log in to start a thread.', 'warning');
      return;
    }
    if (opening) return;
    setOpening(true);
    try {
      if (!(await mayStartThread(user.username))) {
        showToast(FORUM_TEXT.threadLimitTitle, FORUM_TEXT.threadLimitBody, 'warning');
        return;
      }
      setForm({ kind: 'create' });
    } catch (error) {
      showToast(FORUM_TEXT.createFailedTitle, forumErrorMessage(error, FORUM_TEXT.createFailed), 'error');
    } finally {
      setOpening(false);
    }
  };

  const confirmDelete = async () => {
    if (!confirming || deleting) return;
    setDeleting(true);
    try {
      await deleteThread(confirming.id);
      setConfirming(null);
      showToast(FORUM_TEXT.threadDeleted, undefined, 'success');
      reloadThreads();
    } catch (error) {
      setConfirming(null);
      showToast(
        FORUM_TEXT.deleteFailedTitle,
        forumErrorMessage(error, FORUM_TEXT.deleteThreadFailed),
        'error',
      );
    } finally {
      setDeleting(false);
    }
  };

  const mayChange = (thread: Thread) =>
    user !== null && (admin || (thread.author_username !== null && thread.author_username === user.username));

  return (
    <div className={styles.forum}>
      <Toaster />
      <div className={styles.toolbar}>
        <form
          className={styles.search}
          role="search"
          action="/forum"
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            go({ q: typed.trim(), page: 1 });
          }}
        >
          <label className="visually-hidden" htmlFor={searchId}>
            Search threads
          </label>
          <input
            id={searchId}
            className={styles.searchInput}
            type="search"
            name="q"
            placeholder="Search threads…"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </form>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void startThread()}
          aria-disabled={opening || undefined}
          data-new-thread
        >
          {FORUM_TEXT.newThread}
        </button>
      </div>

      <p className={styles.status} role="status">
        {live.error && !live.data
          ? 'The threads could not be loaded. Check your connection and try again.'
          : hydrated && data && query.q
            ? `${data.total} ${data.total === 1 ? 'thread matches' : 'threads match'} “${query.q}”.`
            : ''}
      </p>

      {data === null ? (
        <div className={styles.skeleton} aria-busy="true" />
      ) : threads.length === 0 ? (
        <p className={styles.empty}>
          {query.q ? 'No thread matches this search.' : 'No threads yet. Start one!'}
        </p>
      ) : (
        <ol ref={listRef} className={styles.list} aria-busy={live.loading || undefined}>
          {threads.map((thread) => (
            <li key={thread.id} className={styles.row} data-thread-id={thread.id}>
              <div className={styles.main}>
                {(thread.pinned || thread.locked) && (
                  <span className={styles.badges}>
                    {thread.pinned && <span className={styles.badge}>{FORUM_TEXT.pinned}</span>}
                    {thread.locked && (
                      <span className={`${styles.badge} ${styles.lockedBadge}`}>{FORUM_TEXT.locked}</span>
                    )}
                  </span>
                )}
                <a className={styles.title} href={`/forum/${thread.id}`}>
                  {thread.title}
                </a>
                <SeriesRefs refs={thread.series_refs} variant="chips" label="Series" />
              </div>
              <p className={styles.meta}>
                <span>{postCountText(thread.post_count)}</span>
                <span>
                  Updated{' '}
                  <time dateTime={thread.updated_at}>{formatForumTime(thread.updated_at, hydrated)}</time>
                </span>
                <span>
                  by <UserLink username={thread.author_username ?? null} anonymous={authorName(null)} />
                </span>
              </p>
              {mayChange(thread) && (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className="button"
                    onClick={() => setForm({ kind: 'edit', thread })}
                    aria-label={`${FORUM_TEXT.edit}: ${thread.title}`}
                  >
                    {FORUM_TEXT.edit}
                  </button>
                  {!thread.locked && (
                    <button
                      type="button"
                      className={`button ${styles.deleteButton}`}
                      onClick={() => setConfirming(thread)}
                      aria-label={`${FORUM_TEXT.delete}: ${thread.title}`}
                    >
                      {FORUM_TEXT.delete}
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}

      {pages > 1 && (
        <nav className={styles.pager} aria-label="Thread pages">
          {query.page > 1 ? (
            <a
              className="button"
              href={addressOf({ ...query, page: query.page - 1 })}
              onClick={(event) => {
                event.preventDefault();
                go({ ...query, page: query.page - 1 }, true);
              }}
              rel="prev"
            >
              Previous
            </a>
          ) : (
            <span />
          )}
          <span className={styles.pageOf}>
            Page {query.page} of {pages}
          </span>
          {query.page < pages ? (
            <a
              className="button"
              href={addressOf({ ...query, page: query.page + 1 })}
              onClick={(event) => {
                event.preventDefault();
                go({ ...query, page: query.page + 1 }, true);
              }}
              rel="next"
            >
              Next
            </a>
          ) : (
            <span />
          )}
        </nav>
      )}

      {form && (
        <Suspense fallback={null}>
          <ThreadFormDialog
            target={form}
            onClose={() => setForm(null)}
            onSaved={() => {
              setForm(null);
              if (form.kind === 'create') go(FIRST_PAGE);
              reloadThreads();
            }}
          />
        </Suspense>
      )}

      {confirming && (
        <ConfirmDelete
          title="Delete this thread?"
          preview={confirming.title}
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
