import { useId, useRef, useState, type SubmitEvent } from 'react';
import { LIST_NAME_MAX_LENGTH, LIST_TEXT, MAX_LISTS_PER_USER } from '../../../contract/reading-lists-values';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import TextField from '../../ui/TextField';
import styles from './ListDialogs.module.css';

export interface NewListFormProps {
  heading?: string;
  submitLabel: string;
  /** Resolves with the problem to show, or '' when done. */
  onSubmit: (name: string) => Promise<string>;
  autoFocus?: boolean;
}

/** A list name (required, at most 50 characters) and its submit button. */
export default function NewListForm({ heading, submitLabel, onSubmit, autoFocus = false }: NewListFormProps) {
  const [notice, show] = useNotice();
  const [fieldError, setFieldError] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const noticeId = `${id}-notice`;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const name = input.current?.value.trim() ?? '';
    if (!name) {
      setFieldError(LIST_TEXT.nameRequired);
      show(LIST_TEXT.nameRequired, 'error', { announceOnly: true });
      input.current?.focus();
      return;
    }
    setBusy(true);
    setFieldError('');
    show('');
    const problem = await onSubmit(name);
    // Still mounted only when the dialog stayed open (a failure).
    setBusy(false);
    show(problem);
    if (problem) input.current?.focus();
  }

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby={heading ? `${id}-heading` : undefined}
    >
      {heading && (
        <h3 id={`${id}-heading`} className={styles.formHeading}>
          {heading}
        </h3>
      )}
      <TextField
        id={`${id}-name`}
        name="name"
        label="List name"
        autoComplete="off"
        maxLength={LIST_NAME_MAX_LENGTH}
        autoFocus={autoFocus}
        hint={`Up to ${LIST_NAME_MAX_LENGTH} characters. You can keep ${MAX_LISTS_PER_USER} lists.`}
        error={fieldError}
        invalid={notice?.tone === 'error'}
        messageId={noticeId}
        inputRef={input}
      />
      <FormNotice notice={notice} errorId={noticeId} />
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
