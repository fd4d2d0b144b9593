import { memo, useId, type CSSProperties } from 'react';
import { FORUM_API_TEXTS, FORUM_TEXT } from '../../../contract/forum-values';
import { formatForumTime } from './forum-format';
import LazyEditor from './LazyEditor';
import SeriesRefs from './SeriesRefs';
import type { ShownLike, ShownPost } from './thread-state';
import { authorName, depthColour, indentPx } from './thread-tree';
import UserLink from '../profiles/UserLink';
import styles from './ThreadView.module.css';

export interface PostCardProps {
  post: ShownPost;
  /** "Original post", "Reply # IV", "Reply to @ana # 2", ... */
  label: string;
  /** Null for the original post. */
  depth: number | null;
  /** Safe HTML of the body, or null while the renderer loads (the text shows meanwhile). */
  html: string | null;
  threadId: number;
  inReaderZone: boolean;
  like: ShownLike;
  canReply: boolean;
  canModify: boolean;
  /** The post's author or an admin: may open its edit history (locked thread or not). */
  canSeeHistory: boolean;
  /** Another post is being edited: only one edit at a time. */
  editBlocked: boolean;
  editing: boolean;
  replyOpen: boolean;
  onLike: (post: ShownPost) => void;
  onToggleReply: (postId: number) => void;
  onReply: (parentId: number, content: string, seriesIds: number[]) => Promise<void>;
  onEdit: (postId: number | null) => void;
  onSave: (postId: number, content: string, seriesIds: number[]) => Promise<void>;
  onDelete: (post: ShownPost) => void;
  onShowHistory: (post: ShownPost, label: string) => void;
}

/** One post of a thread page. */
function PostCard({
  post,
  label,
  depth,
  html,
  threadId,
  inReaderZone,
  like,
  canReply,
  canModify,
  canSeeHistory,
  editBlocked,
  editing,
  replyOpen,
  onLike,
  onToggleReply,
  onReply,
  onEdit,
  onSave,
  onDelete,
  onShowHistory,
}: PostCardProps) {
  const id = useId();
  const original = depth === null;
  const replyFormId = `${id}-reply`;
  const style = original ? undefined : ({ '--indent': `${indentPx(depth)}px` } as CSSProperties);
  return (
    <article
      id={`post-${post.id}`}
      className={`${styles.post} ${original ? styles.original : ''}`}
      style={style}
      data-depth={original ? undefined : depthColour(depth)}
      aria-labelledby={`${id}-label`}
      data-post-id={post.id}
    >
      <header className={styles.postHeader}>
        <span id={`${id}-label`} className={styles.postLabel}>
          {label}
        </span>
        <span className={styles.postMeta} data-was-edited={post.edited_at !== null || undefined}>
          <UserLink
            className={styles.author}
            username={post.author_username ?? null}
            anonymous={authorName(null)}
          />
          {/* The page script may have put the local time in already (thread-page-live.ts). */}
          <time dateTime={post.created_at} data-forum-time suppressHydrationWarning>
            {formatForumTime(post.created_at, inReaderZone)}
          </time>
          {post.edited_at !== null && (
            <span className={styles.edited} data-edited>
              {FORUM_TEXT.edited}{' '}
              <time dateTime={post.edited_at} data-forum-time suppressHydrationWarning>
                {formatForumTime(post.edited_at, inReaderZone)}
              </time>
            </span>
          )}
        </span>
      </header>

      {editing && post.content_markdown !== null ? (
        <LazyEditor
          mode="edit"
          label={`Edit ${label}`}
          initialValue={post.content_markdown}
          threadId={threadId}
          postId={post.id}
          autoFocus
          onCancel={() => onEdit(null)}
          onSubmit={(content, seriesIds) => onSave(post.id, content, seriesIds)}
          failure={{ toastTitle: FORUM_TEXT.saveFailedTitle, fallback: FORUM_TEXT.saveFailed }}
          mentionLimitText={original ? FORUM_API_TEXTS.tooManyMentions : FORUM_API_TEXTS.tooManyReplyMentions}
        />
      ) : html !== null ? (
        <div className={styles.body} data-post-body dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <div className={styles.body} data-post-body data-post-source>
          <p className={styles.plain}>{post.content_markdown}</p>
        </div>
      )}

      <SeriesRefs refs={post.series_refs} variant="cards" label="Series mentioned" />

      <div className={styles.postActions}>
        <button
          type="button"
          className={`button ${styles.like}`}
          aria-pressed={like.liked}
          disabled={like.pending}
          onClick={() => onLike(post)}
        >
          <span aria-hidden="true">{like.liked ? '♥' : '♡'}</span>
          {like.count}
          <span className="visually-hidden">{like.count === 1 ? ' like' : ' likes'}</span>
        </button>
        {canReply && !original && (
          <button
            type="button"
            className="button"
            aria-expanded={replyOpen}
            aria-controls={replyFormId}
            onClick={() => onToggleReply(post.id)}
          >
            {FORUM_TEXT.replyToThisReply}
          </button>
        )}
        {canModify && !editing && (
          <button
            type="button"
            className="button"
            onClick={() => onEdit(post.id)}
            disabled={editBlocked || post.content_markdown === null}
          >
            {FORUM_TEXT.edit}
          </button>
        )}
        {canSeeHistory && post.edited_at !== null && (
          <button type="button" className="button" onClick={() => onShowHistory(post, label)}>
            {FORUM_TEXT.editHistory}
          </button>
        )}
        {canModify && !original && (
          <button type="button" className={`button ${styles.deleteButton}`} onClick={() => onDelete(post)}>
            {FORUM_TEXT.delete}
          </button>
        )}
      </div>

      <div id={replyFormId} className={styles.nestedForm} hidden={!replyOpen}>
        {replyOpen && (
          <LazyEditor
            compact
            label={`${FORUM_TEXT.replyToThisReply}: ${label}`}
            threadId={threadId}
            autoFocus
            onCancel={() => onToggleReply(post.id)}
            onSubmit={(content, seriesIds) => onReply(post.id, content, seriesIds)}
          />
        )}
      </div>
    </article>
  );
}

export default memo(PostCard);
