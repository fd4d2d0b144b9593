import { useId, useState, type FormEvent } from 'react';
import type { Review } from '../../../contract/reviews';
import { errorDetail } from '../../lib/api-client';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import ReviewFields, { reviewFieldsOf } from './ReviewFields';
import { editReview } from './reviews-queries';
import styles from './ReviewForm.module.css';

/** The author's edit of a review, in place: the API's errors shown as worded, the text kept on failure. */
export default function ReviewEditForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [notice, show] = useNotice();
  const id = useId();
  const errorId = `${id}-error`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    show('');
    try {
      await editReview(review.series_id, review.id, reviewFieldsOf(event.currentTarget));
      onDone();
    } catch (error) {
      show(errorDetail(error, 'The review could not be saved. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <ReviewFields
        id={id}
        defaultBody={review.body_markdown}
        defaultSpoiler={review.spoiler}
        autoFocus
        errorId={notice?.tone === 'error' ? errorId : undefined}
      />
      <FormNotice notice={notice} errorId={errorId} />
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
