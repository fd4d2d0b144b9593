import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { VoteAnomaly, VoteVoidResult } from '../../../contract/vote-review';
import {
  VOTE_REVIEW_TEXTS as TEXTS,
  VOTE_VOID_REASON_MAX_LENGTH,
  voidQuestion,
} from '../../../contract/vote-review-values';
import { errorDetail, errorStatus } from '../../lib/api-client';
import Dialog from '../../ui/Dialog';
import { checkReason, voidRequest, type VoidScope } from './vote-review-state';
import { $voidVotes } from './vote-review-queries';
import styles from './VoteReview.module.css';

interface VoidDialogProps {
  anomaly: VoteAnomaly;
  userIds: number[];
  onClose: () => void;
  onVoided: (result: VoteVoidResult) => void;
}

/**
 * "Void votes": a required reason (with its counter) and where the votes go (this series or every series),
 * then a confirmation. A failed void keeps what was typed and says why; nothing was changed.
 */
export default function VoidDialog({ anomaly, userIds, onClose, onVoided }: VoidDialogProps) {
  const id = useId();
  const { mutate, loading } = useStore($voidVotes);
  const [reason, setReason] = useState('');
  const [scope, setScope] = useState<VoidScope>('series');
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [reasonError, setReasonError] = useState('');
  const [failure, setFailure] = useState('');
  const question = useRef<HTMLParagraphElement>(null);
  const check = checkReason(reason);

  useEffect(() => {
    if (step === 'confirm') question.current?.focus();
  }, [step]);

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setReasonError(check.problem ?? '');
    if (!check.problem) setStep('confirm');
  }

  async function confirm() {
    if (loading) return;
    setFailure('');
    try {
      const result = await mutate(voidRequest(userIds, anomaly.series_id, scope, reason));
      if (result) return onVoided(result);
      const error = $voidVotes.get().error;
      setFailure(errorStatus(error) === 422 ? errorDetail(error, TEXTS.voidFailed) : TEXTS.voidFailed);
    } catch {
      setFailure(TEXTS.voidFailed);
    }
  }

  return (
    <Dialog title={TEXTS.voidTitle} onClose={onClose}>
      {step === 'form' ? (
        <form className={styles.form} onSubmit={review} noValidate>
          <div className={styles.field}>
            <label htmlFor={`${id}-reason`}>{TEXTS.reason}</label>
            <textarea
              id={`${id}-reason`}
              value={reason}
              rows={4}
              maxLength={VOTE_VOID_REASON_MAX_LENGTH}
              required
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={`${id}-reason-hint ${id}-counter${reasonError ? ` ${id}-reason-error` : ''}`}
              onChange={(event) => {
                setReason(event.target.value);
                if (reasonError) setReasonError(checkReason(event.target.value).problem ?? '');
              }}
            />
            <p className={styles.fieldHint}>
              <span id={`${id}-reason-hint`}>{TEXTS.reasonHint}</span>{' '}
              <span id={`${id}-counter`} className={styles.counter}>
                {check.counter}
              </span>
            </p>
            {reasonError ? (
              <p id={`${id}-reason-error`} className={styles.fieldError}>
                {reasonError}
              </p>
            ) : null}
          </div>
          <fieldset className={styles.scope}>
            <legend>{TEXTS.scope}</legend>
            {(
              [
                ['series', `${TEXTS.scopeSeries} (${anomaly.title})`],
                ['every', TEXTS.scopeEvery],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className={styles.radio}>
                <input
                  type="radio"
                  name={`${id}-scope`}
                  value={value}
                  checked={scope === value}
                  onChange={() => setScope(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
          <div className={styles.dialogActions}>
            <button type="button" className="button" onClick={onClose}>
              {TEXTS.cancel}
            </button>
            <button type="submit" className="button button-primary">
              {TEXTS.voidVotes}
            </button>
          </div>
        </form>
      ) : (
        <div className={styles.form}>
          <p ref={question} tabIndex={-1} className={styles.question}>
            {voidQuestion(userIds.length, scope === 'series' ? anomaly.title : null)}
          </p>
          <p className={styles.muted}>“{reason.trim()}”</p>
          <div role="alert" className={styles.fieldError}>
            {failure}
          </div>
          <div className={styles.dialogActions}>
            <button type="button" className="button" onClick={() => setStep('form')} disabled={loading}>
              {TEXTS.back}
            </button>
            <button
              type="button"
              className="button button-primary"
              aria-disabled={loading || undefined}
              onClick={confirm}
            >
              {loading ? TEXTS.voiding : TEXTS.confirm}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
