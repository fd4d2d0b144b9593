import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '../../lib/use-query';
import { $session } from '../accounts/session-store';
import { useHydrated } from '../../ui/use-hydrated';
import { seriesDetailStore } from '../series/series-detail-query';
import { seriesIdFromPath } from '../series/series-page';
import type { CategoryLabel } from '../series/series-categories';
import CategoryPicker from './CategoryPicker';
import { VoteLoginPrompt, VoteMessages } from './VoteNotices';
import {
  ballotMessage,
  isVoided,
  openPicks,
  ownScoresOf,
  VOTE_CATEGORY_LABELS,
  VOTE_DONE_MESSAGE,
  VOTE_LOGIN_PROMPT,
  voteFailureMessage,
  type PanelMessage,
  type Picks,
} from './vote-state';
import { voteFailureOf } from './voting-api';
import { $ballot, loadDraft, saveDraft } from './voting-queries';
import styles from './VotePanel.module.css';

export interface VotePanelProps {
  /** The series voted on; the fallback page leaves it out and the id comes from the address. */
  seriesId?: number;
}

let nextMessageId = 1;

/**
 * The "Determine Series Rank" voting island: a 1-10 choice per category and one "Vote" button that records
 * every pick in one request. A vote is final: a voted category stays locked (disabled, showing the user's
 * score), also after a reload, since the user's own scores come with the series detail as this user sees
 * it. The ballot updates that detail in the cache at once (voting-queries.ts), so the page's score block
 * and tiles follow; a failure puts it back and keeps every pick.
 */
export default function VotePanel({ seriesId: givenId }: VotePanelProps) {
  const hydrated = useHydrated();
  const { user } = useStore($session, { ssr: 'initial' });
  // The fallback page has no id at build time: it comes from the address once running in the browser.
  const seriesId = givenId ?? (hydrated ? seriesIdFromPath(window.location.pathname) : null);
  // The reader's picks once changed here; until then those kept for the tab before a reload or a login
  // (read once hydrated: the build knows none).
  const [changed, setPicks] = useState<Picks | null>(null);
  const picks = changed ?? (hydrated && seriesId !== null ? loadDraft(seriesId) : {});
  const [message, setMessage] = useState<(PanelMessage & { id: number }) | null>(null);
  const [voided, setVoided] = useState(false);
  const { loading: sending = false } = useStore($ballot);
  const idPrefix = useId();
  const doneRef = useRef<HTMLParagraphElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const focusDone = useRef(false);

  const own = useQuery(hydrated && user && seriesId !== null ? seriesDetailStore(seriesId, user) : null);
  const locked = own.data ? ownScoresOf(own.data) : {};
  const allLocked = VOTE_CATEGORY_LABELS.every((label) => locked[label] !== undefined);

  // The button goes once every category is voted: the focus moves to the line that replaces it.
  useEffect(() => {
    if (focusDone.current && allLocked) doneRef.current?.focus();
    focusDone.current = false;
  });

  const loginHref = seriesId ? `/login?next=${encodeURIComponent(`/series/${seriesId}`)}` : '/login';
  const prompt = <VoteLoginPrompt prompt={VOTE_LOGIN_PROMPT} href={loginHref} beforeHydration={!hydrated} />;
  if (hydrated && !user) return prompt;

  // A failed read still lets the user vote: the API keeps a category voted before as it was.
  const ready = hydrated && user !== null && seriesId !== null && !(own.data === undefined && own.loading);
  const toSend = openPicks(picks, locked);
  const sendable = Object.keys(toSend) as CategoryLabel[];
  const say = (said: PanelMessage) => setMessage({ ...said, id: nextMessageId++ });

  function pick(label: CategoryLabel, score: number) {
    const next = { ...picks, [label]: score };
    setPicks(next);
    if (seriesId !== null) saveDraft(seriesId, next);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (user === null || seriesId === null || sendable.length === 0 || sending || voided) return;
    // Enter on a radio sends too: the focus leaves the pickers, which are disabled while sending.
    buttonRef.current?.focus();
    setMessage(null);
    const result = await $ballot.mutate({ seriesId, user, picks: toSend });
    if (result) {
      setPicks({});
      saveDraft(seriesId, {});
      focusDone.current = true;
      say(ballotMessage(result, toSend));
    } else {
      const failure = voteFailureOf($ballot.get().error);
      setVoided(isVoided(failure));
      say({ text: voteFailureMessage(failure), tone: 'error' });
    }
  }

  return (
    <>
      {/* Before hydration, the signed-in state set before first paint picks one (no jump when it hydrates). */}
      {!hydrated && prompt}
      <form
        className={`${styles.panel} ${hydrated ? '' : styles.signedInOnly}`}
        aria-busy={!ready || sending}
        onSubmit={submit}
      >
        <p className={styles.intro}>
          Pick a score from 1 to 10 in each category you want to rate, then press Vote. A vote is final.
        </p>
        <ul className={styles.categories} role="list">
          {VOTE_CATEGORY_LABELS.map((label) => (
            <CategoryPicker
              key={label}
              label={label}
              name={`${idPrefix}-${label}`}
              locked={locked[label]}
              picked={picks[label]}
              disabled={!ready || sending || voided}
              pending={!hydrated}
              onPick={(score) => pick(label, score)}
            />
          ))}
        </ul>
        {allLocked ? (
          <p className={styles.done} ref={doneRef} tabIndex={-1}>
            {VOTE_DONE_MESSAGE}
          </p>
        ) : (
          !voided && (
            <div className={styles.actions}>
              <button
                type="submit"
                ref={buttonRef}
                className="button button-primary"
                aria-disabled={!ready || sendable.length === 0 || sending || undefined}
                aria-describedby={`${idPrefix}-ready`}
              >
                {sending ? 'Voting…' : 'Vote'}
              </button>
              <p className={styles.ready} id={`${idPrefix}-ready`}>
                {sendable.length === 0
                  ? 'Pick a score in at least one category.'
                  : `Ready to vote: ${sendable.map((label) => `${label} ${toSend[label]}`).join(', ')}.`}
              </p>
            </div>
          )
        )}
        <VoteMessages message={message} />
      </form>
    </>
  );
}
