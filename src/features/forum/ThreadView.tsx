import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Post, Thread } from '../../../contract/forum';
import { FORUM_API_TEXTS, FORUM_TEXT } from '../../../contract/forum-values';
import { isPossibleSerialId } from '../../../contract/http-values';
import { errorStatus } from '../../lib/api-client';
import { useQuery } from '../../lib/use-query';
import { SITE_URL } from '../../lib/site-config';
import Toaster from '../../ui/Toaster';
import { showToast } from '../../ui/toast-store';
import { useHydrated } from '../../ui/use-hydrated';
import { NOTIFICATION_TEXTS } from '../../../contract/notifications-values';
import { $session } from '../accounts/session-store';
import { isAdmin } from '../accounts/stored-session';
import ConfirmDelete from './ConfirmDelete';
import EditHistoryDialog from './EditHistoryDialog';
import {
  createPost,
  deletePost,
  forumErrorMessage,
  postBody,
  setLatestFirst,
  setFollowing,
  setThreadLocked,
  toggleLike,
  updatePost,
} from './forum-api';
import type { InitialThread } from './forum-types';
import { DeferredEditor } from './LazyEditor';
import { checkListChips } from './list-chips';
import { renderMarkdownOffThread } from './render-markdown';
import PostCard, { type ShownPost } from './PostCard';
import SeriesRefs from './SeriesRefs';
import { threadStore, type ShownThread } from './thread-query';
import { arrangeThread, deletePreview } from './thread-tree';
import styles from './ThreadView.module.css';

function fromInitial(initial: InitialThread): ShownThread {
  return {
    thread: initial.thread,
    posts: initial.posts.map(({ html: _html, ...post }) => ({
      ...post,
      content_markdown: null,
      viewer_has_hearted: false,
    })),
  };
}

function versionKey(post: ShownPost): string {
  return `${post.id}@${post.updated_at}`;
}

function threadIdFromAddress(): number | null {
  const match = /^\/forum\/(\d{1,10})\/?$/.exec(window.location.pathname);
  const id = match ? Number(match[1]) : NaN;
  return isPossibleSerialId(id) ? id : null;
}

/** The ids of a post and every reply under it (deleting a post deletes its replies). */
function subtreeIds(posts: ShownPost[], rootId: number): Set<number> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const post of posts) {
      if (post.parent_id !== null && ids.has(post.parent_id) && !ids.has(post.id)) {
        ids.add(post.id);
        grew = true;
      }
    }
  }
  return ids;
}

/**
 * The thread page. Starts from the build's thread (readable without JavaScript),
 * then shows the live one and asks for changes every 15 s while the tab is visible (thread-query.ts). The
 * page's own changes go into the cached thread.
 */
export default function ThreadView({ initial }: { initial: InitialThread | null }) {
  const session = useStore($session, { ssr: 'initial' });
  const hydrated = useHydrated();
  const user = session.user;
  const admin = isAdmin(user);

  // The fallback page (threads newer than the build) finds its thread in the address.
  const [threadId] = useState<number | null>(
    () => initial?.thread.id ?? (typeof window === 'undefined' ? null : threadIdFromAddress()),
  );
  const built = useMemo(() => (initial ? fromInitial(initial) : null), [initial]);
  const $thread = hydrated && threadId !== null ? threadStore(threadId, user) : null;
  const live = useQuery($thread);
  const shown: ShownThread | null = live.data ?? built;
  const missing = errorStatus(live.error) === 404;
  /** Bodies rendered here, by `{post id}@{updated_at}`. */
  const [rendered, setRendered] = useState<ReadonlyMap<string, string>>(new Map());
  const [likes, setLikes] = useState<ReadonlyMap<number, { count: number; liked: boolean }>>(new Map());
  const [editingId, setEditingId] = useState<number | null>(null);
  const [openReplies, setOpenReplies] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<{ post: ShownPost; preview: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [historyOf, setHistoryOf] = useState<{ post: ShownPost; label: string } | null>(null);
  const [adminBusy, setAdminBusy] = useState(false);
  const postsRef = useRef<HTMLDivElement>(null);
  /** The build's HTML of each post, valid while the post's updated_at is unchanged. */
  const builtBodies = useMemo(() => new Map(initial?.posts.map((post) => [post.id, post]) ?? []), [initial]);

  // Each post's HTML: the build's while the post is unchanged, else rendered here by the one renderer (in
  // a worker started only when such a post shows up: a new or edited post, a thread newer than the build).
  const bodies = useMemo(() => {
    const html = new Map<number, string | null>();
    for (const post of shown?.posts ?? []) {
      const built = builtBodies.get(post.id);
      if (built && built.updated_at === post.updated_at) html.set(post.id, built.html);
      else html.set(post.id, rendered.get(versionKey(post)) ?? built?.html ?? null);
    }
    return html;
  }, [shown, rendered, builtBodies]);

  useEffect(() => {
    const unrendered = (shown?.posts ?? []).filter(
      (post): post is ShownPost & { content_markdown: string } =>
        post.content_markdown !== null &&
        builtBodies.get(post.id)?.updated_at !== post.updated_at &&
        !rendered.has(versionKey(post)),
    );
    if (unrendered.length === 0) return;
    // Bodies are kept by post version, so one rendered for a version no longer shown is merely unused.
    Promise.all(
      unrendered.map(
        async (post) => [versionKey(post), await renderMarkdownOffThread(post.content_markdown)] as const,
      ),
    ).then(
      (done) => setRendered((current) => new Map([...current, ...done])),
      // The source text stays shown.
      () => undefined,
    );
  }, [shown, rendered, builtBodies]);

  const arranged = useMemo(
    () => (shown ? arrangeThread(shown.posts, shown.thread.latest_first) : null),
    [shown],
  );
  const bodyKey = shown?.posts.map((post) => `${post.id}:${post.updated_at}`).join(',') ?? '';

  // List chips whose list is private again say so.
  useEffect(() => {
    if (postsRef.current) void checkListChips(postsRef.current);
  }, [bodyKey, bodies]);

  // The fallback page names its thread once known.
  useEffect(() => {
    if (!initial && shown) document.title = `${shown.thread.title} · Forum | PanelRank`;
  }, [initial, shown]);

  /** A change the API confirmed, put into the cached thread (the next poll brings the API's own). */
  const patchThread = useCallback(
    (change: (current: ShownThread) => ShownThread) => {
      const current = $thread?.get().data ?? built;
      if ($thread && current) $thread.mutate(change(current));
    },
    [$thread, built],
  );

  const patchPosts = useCallback(
    (change: (posts: ShownPost[]) => ShownPost[], postCountDelta = 0) =>
      patchThread((current) => ({
        thread: { ...current.thread, post_count: Math.max(0, current.thread.post_count + postCountDelta) },
        posts: change(current.posts),
      })),
    [patchThread],
  );

  const addPost = useCallback(
    (post: Post) => patchPosts((posts) => [...posts.filter((p) => p.id !== post.id), post], 1),
    [patchPosts],
  );

  const likesInFlight = useRef(new Set<number>());
  const onLike = useCallback(
    (post: ShownPost) => {
      if (!session.user) {
        showToast(FORUM_TEXT.signInRequired, 'Log in to like posts.', 'warning');
        return;
      }
      if (threadId === null || likesInFlight.current.has(post.id)) return;
      likesInFlight.current.add(post.id);
      const liked = !post.viewer_has_hearted;
      // Optimistic, never below 0; the button stays disabled until the answer.
      setLikes((current) =>
        new Map(current).set(post.id, { liked, count: Math.max(0, post.heart_count + (liked ? 1 : -1)) }),
      );
      toggleLike(threadId, post.id)
        .then((result) =>
          patchPosts((posts) =>
            posts.map((p) =>
              p.id === post.id ? { ...p, heart_count: result.count, viewer_has_hearted: result.hearted } : p,
            ),
          ),
        )
        .catch(() => showToast(FORUM_TEXT.actionFailedTitle, FORUM_TEXT.likeFailed, 'error'))
        .finally(() => {
          likesInFlight.current.delete(post.id);
          setLikes((current) => {
            const next = new Map(current);
            next.delete(post.id);
            return next;
          });
        });
    },
    [session.user, threadId, patchPosts],
  );

  const onToggleReply = useCallback(
    (postId: number) =>
      setOpenReplies((current) => {
        const next = new Set(current);
        if (!next.delete(postId)) next.add(postId);
        return next;
      }),
    [],
  );

  const onReply = useCallback(
    async (parentId: number, content: string, seriesIds: number[]) => {
      if (threadId === null) return;
      const post = await createPost(threadId, postBody(content, parentId, seriesIds));
      addPost(post);
      onToggleReply(parentId);
    },
    [threadId, onToggleReply, addPost],
  );

  const onSave = useCallback(
    async (postId: number, content: string, seriesIds: number[]) => {
      if (threadId === null) return;
      const saved = await updatePost(threadId, postId, content, seriesIds);
      patchPosts((posts) => posts.map((p) => (p.id === postId ? saved : p)));
      setEditingId(null);
    },
    [threadId, patchPosts],
  );

  const onDelete = useCallback(
    (post: ShownPost) => {
      // The preview quotes what the reader sees: the rendered text, else the markdown.
      const body = document.querySelector(`#post-${post.id} [data-post-body]`)?.textContent;
      setConfirming({ post, preview: deletePreview(body?.trim() ? body : (post.content_markdown ?? '')) });
    },
    [setConfirming],
  );

  const onShowHistory = useCallback(
    (post: ShownPost, label: string) => setHistoryOf({ post, label }),
    [setHistoryOf],
  );

  const confirmDelete = async () => {
    if (!confirming || threadId === null || deleting) return;
    setDeleting(true);
    try {
      await deletePost(threadId, confirming.post.id, admin);
      const gone = subtreeIds(shown?.posts ?? [], confirming.post.id);
      patchPosts((posts) => posts.filter((post) => !gone.has(post.id)), -gone.size);
      if (editingId !== null && gone.has(editingId)) setEditingId(null);
      setConfirming(null);
    } catch (error) {
      setConfirming(null);
      showToast(FORUM_TEXT.deleteFailedTitle, forumErrorMessage(error, FORUM_TEXT.deletePostFailed), 'error');
    } finally {
      setDeleting(false);
    }
  };

  const adminAction = async (action: () => Promise<Partial<Thread>>, failure: string) => {
    if (adminBusy) return;
    setAdminBusy(true);
    try {
      const change = await action();
      patchThread((current) => ({ ...current, thread: { ...current.thread, ...change } }));
    } catch (error) {
      showToast(FORUM_TEXT.actionFailedTitle, forumErrorMessage(error, failure), 'error');
    } finally {
      setAdminBusy(false);
    }
  };

  if (!shown || !arranged) {
    const failed = live.error !== undefined && !missing;
    return (
      <div className={styles.thread}>
        <Toaster />
        <p className={styles.crumbs}>
          <a href="/forum">Forum</a>
        </p>
        {missing || (hydrated && threadId === null) ? (
          <div className={styles.notice}>
            <h1>{FORUM_API_TEXTS.threadNotFound}</h1>
            <p>
              It may have been deleted. <a href="/forum">Back to the forum</a>
            </p>
          </div>
        ) : failed ? (
          <div className={styles.notice} role="alert">
            <h1>Forum thread</h1>
            <p>The thread could not be loaded. Check your connection and reload the page.</p>
          </div>
        ) : (
          <div className={styles.loading} aria-busy="true">
            <span className="visually-hidden">Loading the thread…</span>
          </div>
        )}
      </div>
    );
  }

  const { thread } = shown;
  const locked = thread.locked;
  const mayWrite = !locked || admin;
  const threadUrl = `${SITE_URL}/forum/${thread.id}`;
  const authorOrAdmin = (post: ShownPost) =>
    user !== null && (admin || (post.author_username !== null && post.author_username === user.username));
  const ownsOrAdmin = (post: ShownPost) => mayWrite && authorOrAdmin(post);
  const likeOf = (post: ShownPost) => {
    const pending = likes.get(post.id);
    return pending
      ? { ...pending, pending: true }
      : { count: post.heart_count, liked: post.viewer_has_hearted, pending: false };
  };
  const card = (post: ShownPost, label: string, depth: number | null) => (
    <PostCard
      key={post.id}
      post={post}
      label={label}
      depth={depth}
      html={bodies.get(post.id) ?? null}
      threadId={thread.id}
      inReaderZone={hydrated}
      like={likeOf(post)}
      canReply={mayWrite}
      canModify={ownsOrAdmin(post)}
      canSeeHistory={authorOrAdmin(post)}
      editBlocked={editingId !== null && editingId !== post.id}
      editing={editingId === post.id}
      replyOpen={openReplies.has(post.id)}
      onLike={onLike}
      onToggleReply={onToggleReply}
      onReply={onReply}
      onEdit={setEditingId}
      onSave={onSave}
      onDelete={onDelete}
      onShowHistory={onShowHistory}
    />
  );

  return (
    <div className={styles.thread}>
      <Toaster />
      <p className={styles.crumbs}>
        <a href="/forum">Forum</a>
      </p>
      <header className={styles.header}>
        <h1 className={styles.title}>{thread.title}</h1>
        <div className={styles.headerRow}>
          {(thread.pinned || locked || thread.latest_first) && (
            <ul className={styles.badges} aria-label="Thread status">
              {thread.pinned && <li className={styles.badge}>{FORUM_TEXT.pinned}</li>}
              {locked && <li className={`${styles.badge} ${styles.lockedBadge}`}>{FORUM_TEXT.locked}</li>}
              {thread.latest_first && <li className={styles.badge}>{FORUM_TEXT.latestFirst}</li>}
            </ul>
          )}
          <div className={styles.headerActions}>
            <a className={styles.report} href={`/report-issue?page_url=${encodeURIComponent(threadUrl)}`}>
              {FORUM_TEXT.reportIssue}
            </a>
            {user && (
              <button
                type="button"
                className="button"
                aria-pressed={thread.viewer_following}
                aria-disabled={adminBusy || undefined}
                onClick={() =>
                  void adminAction(
                    async () => ({
                      viewer_following: await setFollowing(thread.id, !thread.viewer_following),
                    }),
                    NOTIFICATION_TEXTS.followFailed,
                  )
                }
              >
                {thread.viewer_following ? NOTIFICATION_TEXTS.following : NOTIFICATION_TEXTS.follow}
              </button>
            )}
            {admin && (
              <>
                <button
                  type="button"
                  className="button"
                  aria-disabled={adminBusy || undefined}
                  onClick={() =>
                    void adminAction(() => setThreadLocked(thread.id, !locked), FORUM_TEXT.toggleLockFailed)
                  }
                >
                  {locked ? FORUM_TEXT.unlock : FORUM_TEXT.lock}
                </button>
                <button
                  type="button"
                  className="button"
                  aria-disabled={adminBusy || undefined}
                  onClick={() =>
                    void adminAction(async () => {
                      const { latest_first } = await setLatestFirst(thread.id, !thread.latest_first);
                      return { latest_first, settings: { latest_first } };
                    }, FORUM_TEXT.orderingFailed)
                  }
                >
                  {thread.latest_first ? FORUM_TEXT.oldestFirstButton : FORUM_TEXT.latestFirstButton}
                </button>
              </>
            )}
          </div>
        </div>
        <SeriesRefs refs={thread.series_refs} variant="cards" label="Series in this thread" />
      </header>

      <div ref={postsRef} className={styles.posts}>
        {arranged.original && card(arranged.original, FORUM_TEXT.originalPost, null)}
        {arranged.replies.length > 0 && (
          <section className={styles.replies} aria-label="Replies">
            {arranged.replies.map((reply) => card(reply.post, reply.label, reply.depth))}
          </section>
        )}
      </div>

      <section className={styles.replyForm} aria-labelledby="forum-reply-heading">
        <h2 id="forum-reply-heading" className={styles.replyHeading}>
          {thread.latest_first ? FORUM_TEXT.addUpdateHeading : FORUM_TEXT.replyHeading}
        </h2>
        {mayWrite ? (
          <DeferredEditor
            label={thread.latest_first ? FORUM_TEXT.addUpdateHeading : FORUM_TEXT.replyHeading}
            threadId={thread.id}
            failure={{ toastTitle: FORUM_TEXT.postFailedTitle, fallback: FORUM_TEXT.postFailed }}
            onSubmit={async (content, seriesIds) => {
              addPost(await createPost(thread.id, postBody(content, null, seriesIds)));
            }}
          />
        ) : (
          <p className={styles.lockedMessage} role="status">
            {FORUM_TEXT.lockedMessage}
          </p>
        )}
      </section>

      {confirming && (
        <ConfirmDelete
          title={FORUM_TEXT.deleteConfirmTitle}
          preview={confirming.preview}
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(null)}
        />
      )}
      {historyOf && historyOf.post.edited_at !== null && (
        <EditHistoryDialog
          threadId={thread.id}
          postId={historyOf.post.id}
          editedAt={historyOf.post.edited_at}
          label={historyOf.label}
          onClose={() => setHistoryOf(null)}
        />
      )}
    </div>
  );
}
