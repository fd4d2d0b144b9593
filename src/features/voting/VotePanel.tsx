import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorStatus } from '../../lib/api-client';
import { useQuery } from '../../lib/use-query';
import { $session } from '../accounts/session-store';
import { useHydrated } from '../../ui/use-hydrated';
import { publishSeriesDetail, seriesDetailStore } from '../series/series-detail-query';
import { seriesIdFromPath } from '../series/series-page';
import type { CategoryLabel } from '../series/series-categories';
import {
  ownScoresOf,
  VOTE_CATEGORY_LABELS,
  VOTE_LOGIN_PROMPT,
  VOTE_SCORES,
  voteFailureMessage,
  type OwnScores,
} from './vote-state';
import { castVote } from './voting-api';
import styles from './VotePanel.module.css';

export interface VotePanelProps {
  /** The series voted on; the fallback page leaves it out and the id comes from the address. */
  seriesId?: number;
}

interface Message {
  text: string;
  tone: 'error' | 'success';
  /** A new id per message, so the same text twice is announced twice. */
  id: number;
}

let nextMessageId = 1;

/**
 * The "Determine Series Rank" voting island: a 1-10 choice per category for signed-in users. A vote is
 * final: its category locks (controls disabled, the user's score shown), also after a reload, since the
 * user's own scores are read from the API (the series detail the page reads, as this user sees it). The
 * vote's answer goes into that detail in the cache, so the category tiles and the average update at once.
 */
export default function VotePanel({ seriesId: givenId }: VotePanelProps) {
  const hydrated = useHydrated();
  const session = useStore($session, { ssr: 'initial' });
  // The fallback page has no id at build time: it comes from the address once running in the browser.
  const seriesId = givenId ?? (hydrated ? seriesIdFromPath(window.location.pathname) : null);
  const [chosen, setChosen] = useState<Partial<Record<CategoryLabel, number>>>({});
  const [sending, setSending] = useState<CategoryLabel | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const idPrefix = useId();
  // The category whose vote just ended: focus goes to its score once locked, else back to its button (a
  // locked category's button is gone, and a disabled control drops the focus).
  const refocus = useRef<CategoryLabel | null>(null);
  const controlId = (label: CategoryLabel, part: 'vote' | 'score') =>
    `${idPrefix}-${VOTE_CATEGORY_LABELS.indexOf(label)}-${part}`;

  // The user's own scores, from the detail as this user sees it: another user (signed in in another tab)
  // reads another entry, so scores loaded for someone else are never shown.
  const user = session.user;
  const own = useQuery(hydrated && user && seriesId !== null ? seriesDetailStore(seriesId, user) : null);
  const ownScores: OwnScores = own.data ? ownScoresOf(own.data) : {};

  useEffect(() => {
    const label = refocus.current;
    // After a refused vote the scores are read again: the focus waits for them (the category may lock).
    if (label === null || sending !== null || own.loading) return;
    refocus.current = null;
    const locked = ownScores[label] !== undefined;
    document.getElementById(controlId(label, locked ? 'score' : 'vote'))?.focus();
  });

  const loginHref = seriesId ? `/login?next=${encodeURIComponent(`/series/${seriesId}`)}` : '/login';
  const prompt = (
    <div className={`${styles.prompt} ${hydrated ? '' : styles.signedOutOnly}`}>
      <p>{VOTE_LOGIN_PROMPT}</p>
      <div className={styles.promptActions}>
        <a className="button button-primary" href={loginHref}>
          Log in
        </a>
        <a className="button" href="/signup">
          Sign up
        </a>
      </div>
    </div>
  );
  if (hydrated && !session.user) return prompt;

  // A failed read still lets the user vote: the API refuses a second vote on its own.
  const ready = hydrated && user !== null && seriesId !== null && !(own.data === undefined && own.loading);

  async function submit(event: FormEvent<HTMLFormElement>, label: CategoryLabel) {
    event.preventDefault();
    const score = chosen[label];
    if (user === null || seriesId === null || score === undefined) return;
    if (ownScores[label] !== undefined || sending) return;
    setSending(label);
    setMessage(null);
    try {
      const detail = await castVote(seriesId, label, score);
      publishSeriesDetail({
        ...detail,
        vote_scores: { ...ownScores, ...ownScoresOf(detail), [label]: score },
      });
      setMessage({
        text: `Your ${label} vote of ${score} was counted.`,
        tone: 'success',
        id: nextMessageId++,
      });
    } catch (error) {
      const status = errorStatus(error);
      setMessage({ text: voteFailureMessage(status), tone: 'error', id: nextMessageId++ });
      // Refused because a vote already exists (another tab or device): show it and lock the category.
      if (status === 403) own.refresh();
    } finally {
      refocus.current = label;
      setSending(null);
    }
  }

  return (
    <>
      {/* Before hydration, the signed-in state set before first paint picks one (no jump when it hydrates). */}
      {!hydrated && prompt}
      <div className={`${styles.panel} ${hydrated ? '' : styles.signedInOnly}`} aria-busy={!ready}>
        <p className={styles.intro}>Rate each category from 1 to 10. A vote is final.</p>
        <ul className={styles.categories} role="list">
          {VOTE_CATEGORY_LABELS.map((label) => {
            const myScore = ownScores[label];
            const locked = myScore !== undefined;
            const selected = myScore ?? chosen[label];
            const groupName = `${idPrefix}-${label}`;
            return (
              <li key={label}>
                <form
                  className={styles.category}
                  data-locked={locked}
                  onSubmit={(event) => submit(event, label)}
                >
                  <fieldset
                    className={styles.fieldset}
                    // The category being sent stays enabled so its button keeps the focus.
                    disabled={!ready || locked || (sending !== null && sending !== label)}
                  >
                    <legend className={styles.legend}>{label}</legend>
                    <div className={styles.scale}>
                      {VOTE_SCORES.map((score) => (
                        <label key={score} className={styles.choice}>
                          <input
                            className={styles.choiceInput}
                            type="radio"
                            name={groupName}
                            value={score}
                            checked={selected === score}
                            onChange={() => setChosen({ ...chosen, [label]: score })}
                          />
                          <span className={styles.choiceFace}>{score}</span>
                        </label>
                      ))}
                    </div>
                    {locked ? (
                      <p className={styles.yourScore} id={controlId(label, 'score')} tabIndex={-1}>
                        Your score: <strong>{myScore}</strong>/10
                      </p>
                    ) : (
                      <button
                        type="submit"
                        id={controlId(label, 'vote')}
                        className={`button button-primary ${styles.vote}`}
                        disabled={chosen[label] === undefined}
                        aria-disabled={sending === label || undefined}
                      >
                        {sending === label ? 'Voting…' : 'Vote'}
                        <span className="visually-hidden"> on {label}</span>
                      </button>
                    )}
                  </fieldset>
                </form>
              </li>
            );
          })}
        </ul>
        <div className={styles.messages}>
          <div role="alert">
            {message?.tone === 'error' && (
              <p key={message.id} className={`${styles.message} ${styles.error}`}>
                {message.text}
              </p>
            )}
          </div>
          <div role="status">
            {message?.tone === 'success' && (
              <p key={message.id} className={`${styles.message} ${styles.success}`}>
                {message.text}
              </p>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
