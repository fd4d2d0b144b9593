import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { REVIEW_MIN_LENGTH, REVIEW_TEXTS, reviewLength } from '../../../contract/reviews-values';
import { errorDetail } from '../../lib/api-client';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import HydratingForm from '../../ui/HydratingForm';
import { $session } from '../accounts/session-store';
import ReviewFields, { reviewFieldsOf } from './ReviewFields';
import { postReview } from './reviews-queries';
import styles from './ReviewForm.module.css';

/**
 * "Write a review" on a series page, for a signed-in reader (visitors get a login link and never load
 * this). The API's errors are shown as it words them ("You have already reviewed this series.") and the
 * text stays in the form; once posted the form is emptied and the reader is pointed to the list.
 */
export default function ReviewForm({ seriesId }: { seriesId: number }) {
  const { user } = useStore($session, { ssr: 'initial' });
  const [busy, setBusy] = useState(false);
  const [notice, show] = useNotice();
  const [formKey, setFormKey] = useState(0);
  const id = useId();
  const errorId = `${id}-error`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !user) return;
    const form = event.currentTarget;
    const fields = reviewFieldsOf(form);
    if (reviewLength(fields.body_markdown) < REVIEW_MIN_LENGTH) {
      show(REVIEW_TEXTS.tooShort);
      form.querySelector('textarea')?.focus();
      return;
    }
    setBusy(true);
    show('');
    try {
      await postReview(seriesId, fields);
      setFormKey((key) => key + 1);
      show('Your review is posted.', 'success');
    } catch (error) {
      show(errorDetail(error, 'Your review could not be posted. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <HydratingForm className={styles.form} onSubmit={submit} busy={busy}>
      <ReviewFields key={formKey} id={id} errorId={notice?.tone === 'error' ? errorId : undefined} />
      <FormNotice notice={notice} errorId={errorId} />
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
          {busy ? 'Posting…' : 'Post review'}
        </button>
        {notice?.tone === 'success' && (
          <a href={`/series/${seriesId}/reviews?sort=newest`}>See it with all reviews</a>
        )}
      </div>
    </HydratingForm>
  );
}
