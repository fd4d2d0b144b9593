import { useCallback, useState } from 'react';
import {
  REVIEW_MAX_LENGTH,
  REVIEW_MIN_LENGTH,
  REVIEW_TEXTS,
  reviewLength,
} from '../../../contract/reviews-values';
import styles from './ReviewForm.module.css';

interface ReviewFieldsProps {
  /** Prefix of the fields' ids (several forms may share a page). */
  id: string;
  defaultBody?: string;
  defaultSpoiler?: boolean;
  /** The form-level error's id, when it is about the body. */
  errorId?: string;
  /** Focused when shown (the edit form, which replaces the button that opened it). */
  autoFocus?: boolean;
}

const MAX = REVIEW_MAX_LENGTH.toLocaleString('en-US');

/**
 * A review's fields: the markdown body with its live character count (counted as the API counts, after
 * trimming) and "Contains spoilers". Uncontrolled, so what was typed before the island hydrated stays; the
 * form reads them from FormData (`body_markdown`, `spoiler`).
 */
export default function ReviewFields({
  id,
  defaultBody = '',
  defaultSpoiler = false,
  errorId,
  autoFocus,
}: ReviewFieldsProps) {
  const [length, setLength] = useState(() => reviewLength(defaultBody));
  const countId = `${id}-count`;
  // Text typed before the island hydrated is in the field but was never counted: count it on attach.
  const countTyped = useCallback((field: HTMLTextAreaElement | null) => {
    if (field) setLength(reviewLength(field.value));
  }, []);
  const outside = length > 0 && (length < REVIEW_MIN_LENGTH || length > REVIEW_MAX_LENGTH);
  return (
    <>
      <label className={styles.label} htmlFor={`${id}-body`}>
        Your review <span className={styles.hint}>(markdown)</span>
      </label>
      <textarea
        id={`${id}-body`}
        ref={countTyped}
        name="body_markdown"
        className={styles.body}
        rows={8}
        defaultValue={defaultBody}
        autoFocus={autoFocus}
        aria-describedby={[countId, errorId].filter(Boolean).join(' ')}
        aria-invalid={errorId ? true : undefined}
        onInput={(event) => setLength(reviewLength(event.currentTarget.value))}
      />
      <p id={countId} className={outside ? `${styles.count} ${styles.outside}` : styles.count}>
        {length.toLocaleString('en-US')} / {MAX} characters (at least {REVIEW_MIN_LENGTH})
      </p>
      <label className={styles.check}>
        <input type="checkbox" name="spoiler" defaultChecked={defaultSpoiler} /> {REVIEW_TEXTS.spoilerLabel}
      </label>
    </>
  );
}

/** The fields' values as the API takes them. */
export function reviewFieldsOf(form: HTMLFormElement): { body_markdown: string; spoiler: boolean } {
  const data = new FormData(form);
  return { body_markdown: String(data.get('body_markdown') ?? ''), spoiler: data.get('spoiler') !== null };
}
