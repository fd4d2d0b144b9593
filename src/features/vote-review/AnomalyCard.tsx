import { useEffect, useId, useRef, useState } from 'react';
import type { VoteAnomaly } from '../../../contract/vote-review';
import { VOTE_REVIEW_TEXTS as TEXTS, VOTE_ANOMALY_WINDOW_HOURS } from '../../../contract/vote-review-values';
import {
  accountAge,
  accountsProblem,
  allChosenState,
  chooseAll,
  chosenOn,
  toggleAccount,
  type Selection,
} from './vote-review-state';
import styles from './VoteReview.module.css';
import { profileHref } from '../profiles/profile-format';

interface AnomalyCardProps {
  anomaly: VoteAnomaly;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  /** "Void votes" with the chosen accounts. */
  onVoid: (userIds: number[]) => void;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One series with unusual voting: its figures, its new accounts with a box each, and "Void votes". */
export default function AnomalyCard({ anomaly, selection, onSelect, onVoid }: AnomalyCardProps) {
  const id = useId();
  const allBox = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');
  const chosen = chosenOn(selection, anomaly);
  const all = allChosenState(selection, anomaly);
  // Rendered once per card: ages read "2 days" whatever re-renders follow.
  const [now] = useState(() => Date.now());

  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = all === 'mixed';
  }, [all]);

  function voidChosen() {
    const refused = accountsProblem(chosen);
    setProblem(refused ?? '');
    if (!refused) onVoid(chosen);
  }

  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <header className={styles.cardHeader}>
        <h3 id={`${id}-title`} className={styles.cardTitle}>
          <a href={`/series/${anomaly.series_id}`}>{anomaly.title}</a>
        </h3>
        <p className={styles.muted}>
          {plural(anomaly.new_account_voters, 'new account', 'new accounts')} among the voters;{' '}
          {plural(anomaly.window_votes, 'vote', 'votes')} in the last {VOTE_ANOMALY_WINDOW_HOURS} hours
        </p>
      </header>
      <div className={styles.selectAll}>
        <input
          ref={allBox}
          id={`${id}-all`}
          type="checkbox"
          checked={all === true}
          aria-checked={all === 'mixed' ? 'mixed' : all}
          onChange={(event) => onSelect(chooseAll(selection, anomaly, event.target.checked))}
        />
        <label htmlFor={`${id}-all`}>{TEXTS.selectAll}</label>
      </div>
      <ul className={styles.accounts} role="list" aria-label={`New accounts that voted on ${anomaly.title}`}>
        {anomaly.accounts.map((account) => (
          <li key={account.user_id} className={styles.account}>
            <input
              id={`${id}-${account.user_id}`}
              type="checkbox"
              checked={chosen.includes(account.user_id)}
              aria-describedby={`${id}-${account.user_id}-about`}
              onChange={() => onSelect(toggleAccount(selection, anomaly.series_id, account.user_id))}
            />
            <label htmlFor={`${id}-${account.user_id}`} className={styles.username}>
              {account.username}
            </label>
            <span id={`${id}-${account.user_id}-about`} className={styles.accountFacts}>
              <time dateTime={account.created_at} title={account.created_at}>
                created {accountAge(account.created_at, now)} ago
              </time>
              <span>{plural(account.window_votes, 'vote', 'votes')}</span>
              <span>{plural(account.posts, 'post', 'posts')}</span>
              <span>{plural(account.list_items, 'list item', 'list items')}</span>
            </span>
            <a href={profileHref(account.username)} aria-label={`Profile of ${account.username}`}>
              Profile
            </a>
          </li>
        ))}
      </ul>
      <div className={styles.cardActions}>
        <button
          type="button"
          className="button button-primary"
          aria-describedby={problem ? `${id}-problem` : undefined}
          onClick={voidChosen}
        >
          {TEXTS.voidVotes}
          {chosen.length > 0 ? ` (${chosen.length})` : ''}
        </button>
        <p id={`${id}-problem`} className={styles.fieldError} role="alert">
          {problem}
        </p>
      </div>
    </article>
  );
}
