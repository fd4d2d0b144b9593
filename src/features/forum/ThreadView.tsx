import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FORUM_TEXT } from '../../../contract/forum-values';
import { errorStatus } from '../../lib/api-client';
import { useQuery } from '../../lib/use-query';
import Toaster from '../../ui/Toaster';
import { useHydrated } from '../../ui/use-hydrated';
import { $session } from '../accounts/session-store';
import { isAdmin } from '../accounts/stored-session';
import ConfirmDelete from './ConfirmDelete';
import EditHistoryDialog from './EditHistoryDialog';
import { threadStore } from './forum-queries';
import { $pendingLikes, addPost, type ThreadTarget } from './thread-queries';
import type { InitialThread } from './forum-types';
import { DeferredEditor } from './LazyEditor';
import { checkListChips } from './list-chips';
import PostCard from './PostCard';
import ThreadHeader from './ThreadHeader';
import ThreadNotice from './ThreadNotice';
import { fromInitial, postRights, shownLike, threadIdFromPath } from './thread-state';
import type { ShownPost, ShownThread } from './thread-state';
import { arrangeThread } from './thread-tree';
import { usePostBodies } from './use-post-bodies';
import { useThreadActions } from './use-thread-actions';
import styles from './ThreadView.module.css';

/**
 * The thread page. Starts from the build's thread (readable without JavaScript), then shows the live one
 * and asks for changes every 15 s while the tab is visible; the page's own writes go into the cached
 * thread (thread-queries.ts). What the reader has open is thread-state.ts's.
 */
export default function ThreadView({ initial }: { initial: InitialThread | null }) {
  const session = useStore($session, { ssr: 'initial' });
  const hydrated = useHydrated();
  const user = session.user;
  const admin = isAdmin(user);

  // The fallback page (threads newer than the build) finds its thread in the address.
  const [threadId] = useState<number | null>(
    () => initial?.thread.id ?? (typeof window === 'undefined' ? null : threadIdFromPath(location.pathname)),
  );
  const built = useMemo(() => (initial ? fromInitial(initial) : null), [initial]);
  const live = useQuery(hydrated && threadId !== null ? threadStore(threadId, user) : null);
  const shown: ShownThread | null = live.data ?? built;
  const missing = errorStatus(live.error) === 404;
  const target = useMemo<ThreadTarget | null>(
    () => (threadId === null ? null : { id: threadId, user, built }),
    [threadId, user, built],
  );
  const actions = useThreadActions(target, user !== null, admin);
  const { ui } = actions;
  const pendingLikes = useStore($pendingLikes);
  const postsRef = useRef<HTMLDivElement>(null);
  const bodies = usePostBodies(shown, initial);

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

  if (!shown || !arranged || !target) {
    const failed = live.error !== undefined && !missing;
    const kind = missing || (hydrated && threadId === null) ? 'missing' : failed ? 'failed' : 'loading';
    return (
      <div className={styles.thread}>
        <Toaster />
        <p className={styles.crumbs}>
          <a href="/forum">Forum</a>
        </p>
        <ThreadNotice kind={kind} />
      </div>
    );
  }

  const { thread } = shown;
  const mayWrite = !thread.locked || admin;
  const card = (post: ShownPost, label: string, depth: number | null) => (
    <PostCard
      key={post.id}
      post={post}
      label={label}
      depth={depth}
      html={bodies.get(post.id) ?? null}
      threadId={thread.id}
      inReaderZone={hydrated}
      like={shownLike(post, pendingLikes.get(post.id))}
      {...postRights(post, user, admin, mayWrite)}
      editBlocked={ui.editingId !== null && ui.editingId !== post.id}
      editing={ui.editingId === post.id}
      replyOpen={ui.openReplies.has(post.id)}
      onLike={actions.onLike}
      onToggleReply={actions.onToggleReply}
      onReply={actions.onReply}
      onEdit={actions.onEdit}
      onSave={actions.onSave}
      onDelete={actions.onDelete}
      onShowHistory={actions.onShowHistory}
    />
  );
  const replyHeading = thread.latest_first ? FORUM_TEXT.addUpdateHeading : FORUM_TEXT.replyHeading;

  return (
    // Marked until hydrated: client:interaction replays a click made before then only once React runs it.
    <div className={styles.thread} data-hydrating={hydrated ? undefined : ''}>
      <Toaster />
      <p className={styles.crumbs}>
        <a href="/forum">Forum</a>
      </p>
      <ThreadHeader thread={thread} target={target} signedIn={user !== null} admin={admin} />

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
          {replyHeading}
        </h2>
        {mayWrite ? (
          <DeferredEditor
            label={replyHeading}
            threadId={thread.id}
            failure={{ toastTitle: FORUM_TEXT.postFailedTitle, fallback: FORUM_TEXT.postFailed }}
            onSubmit={async (content, seriesIds) => {
              await addPost({ target, parentId: null, content, seriesIds });
            }}
          />
        ) : (
          <p className={styles.lockedMessage} role="status">
            {FORUM_TEXT.lockedMessage}
          </p>
        )}
      </section>

      {ui.confirming && (
        <ConfirmDelete
          title={FORUM_TEXT.deleteConfirmTitle}
          preview={ui.confirming.preview}
          busy={actions.deleting}
          onConfirm={() => void actions.confirmDelete()}
          onCancel={actions.cancelDelete}
        />
      )}
      {ui.historyOf && ui.historyOf.post.edited_at !== null && (
        <EditHistoryDialog
          threadId={thread.id}
          postId={ui.historyOf.post.id}
          editedAt={ui.historyOf.post.edited_at}
          label={ui.historyOf.label}
          onClose={actions.closeHistory}
        />
      )}
    </div>
  );
}
