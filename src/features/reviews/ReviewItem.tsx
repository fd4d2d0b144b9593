import { useState } from 'react';
import type { Review } from '../../../contract/reviews';
import { REVIEW_TEXTS } from '../../../contract/reviews-values';
import { errorDetail } from '../../lib/api-client';
import type { SessionUser } from '../accounts/session-store';
import ConfirmDelete from '../forum/ConfirmDelete';
import ReviewEditForm from './ReviewEditForm';
import { helpfulCountText, reviewDate, reviewScoreText } from './review-format';
import { markHelpful, removeReview } from './reviews-queries';
import { useReviewHtml } from './use-review-html';
import styles from './ReviewList.module.css';

interface ReviewItemProps {
  review: Review;
  user: SessionUser | null;
  /** Announces an outcome (deleted, a failed mark) in the list's live region. */
  announce: (text: string, tone?: 'error' | 'success') => void;
  /** Called once the review is deleted: its buttons are gone, so the list takes the focus. */
  onDeleted: () => void;
}

/**
 * One review in the live list: its body rendered by the forum's renderer (the source text until then), a
 * spoiler body behind "Show spoilers", "Helpful" for signed-in readers other than the author, edit for the
 * author and delete for the author or an admin.
 */
export default function ReviewItem({ review, user, announce, onDeleted }: ReviewItemProps) {
  const [revealed, setRevealed] = useState(!review.spoiler);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const html = useReviewHtml(review.body_markdown, revealed);
  const own = user?.username === review.author_username;
  const score = reviewScoreText(review);
  const bodyId = `review-${review.id}-body`;

  async function run(action: () => Promise<unknown>, done?: string) {
    setBusy(true);
    try {
      await action();
      if (done) announce(done, 'success');
    } catch (error) {
      announce(errorDetail(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className={styles.review} aria-labelledby={`review-${review.id}-by`}>
      <p className={styles.meta}>
        <span id={`review-${review.id}-by`} className={styles.author}>
          <span className="visually-hidden">Review by </span>
          {review.author_username}
        </span>
        {score && <span>{score}</span>}
        <time dateTime={review.created_at}>{reviewDate(review.created_at)}</time>
        {review.spoiler && <span className={styles.spoilerLabel}>{REVIEW_TEXTS.spoilerLabel}</span>}
      </p>
      {review.spoiler && !editing && (
        <button
          type="button"
          className={`button ${styles.spoilerToggle}`}
          aria-expanded={revealed}
          aria-controls={revealed ? bodyId : undefined}
          onClick={() => setRevealed(!revealed)}
        >
          {revealed ? 'Hide spoilers' : REVIEW_TEXTS.showSpoilers}
        </button>
      )}
      {editing ? (
        <ReviewEditForm review={review} onDone={() => setEditing(false)} />
      ) : (
        revealed &&
        (html === null ? (
          <p id={bodyId} className={styles.source}>
            {review.body_markdown}
          </p>
        ) : (
          <div id={bodyId} className="prose" data-review-body dangerouslySetInnerHTML={{ __html: html }} />
        ))
      )}
      <div className={styles.actions}>
        <span className={styles.helpfulCount}>
          {review.helpful_count > 0 && helpfulCountText(review.helpful_count)}
        </span>
        {user && !own && (
          <button
            type="button"
            className="button"
            aria-pressed={review.viewer_found_helpful}
            aria-disabled={busy || undefined}
            onClick={() =>
              !busy && run(() => markHelpful(review.series_id, review.id, !review.viewer_found_helpful))
            }
          >
            {REVIEW_TEXTS.helpful}
          </button>
        )}
        {own && !editing && (
          <button type="button" className="button" onClick={() => setEditing(true)}>
            Edit
          </button>
        )}
        {(own || user?.role === 'ADMIN') && (
          <button type="button" className="button" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmDelete
          title="Delete this review?"
          preview={Array.from(review.body_markdown).slice(0, 140).join('')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            !busy &&
            run(async () => {
              await removeReview(review.series_id, review.id);
              onDeleted();
            }, 'The review is deleted.')
          }
        />
      )}
    </article>
  );
}
