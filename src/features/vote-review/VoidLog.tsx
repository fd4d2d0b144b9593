import { Fragment } from 'react';
import type { VoteVoid } from '../../../contract/vote-review';
import { VOTE_REVIEW_TEXTS as TEXTS } from '../../../contract/vote-review-values';
import { usePagedQuery } from '../../lib/paged-query';
import { formatForumTime } from '../forum/forum-format';
import { voteVoidPages } from './vote-review-queries';
import styles from './VoteReview.module.css';
import UserLink from '../profiles/UserLink';

/** Usernames shown per entry; the rest are counted. */
const NAMES_SHOWN = 12;

/** The voided accounts, linked to their profiles: the first names, then how many others. */
function AccountNames({ entry }: { entry: VoteVoid }) {
  const names = entry.usernames.slice(0, NAMES_SHOWN);
  const others = entry.user_ids.length - Math.min(entry.usernames.length, NAMES_SHOWN);
  const more =
    others > 0 ? `${names.length > 0 ? ' and ' : ''}${others} ${others === 1 ? 'other' : 'others'}` : '';
  return (
    <>
      {names.map((name, index) => (
        <Fragment key={name}>
          {index > 0 && ', '}
          <UserLink username={name} anonymous={name} />
        </Fragment>
      ))}
      {more}
    </>
  );
}

function LogEntry({ entry }: { entry: VoteVoid }) {
  const where =
    entry.series_id === null ? (
      TEXTS.everySeries
    ) : entry.series_title === null ? (
      `series ${entry.series_id}`
    ) : (
      <a href={`/series/${entry.series_id}`}>{entry.series_title}</a>
    );
  return (
    <li className={styles.logEntry}>
      <p>
        <strong>
          <UserLink username={entry.admin_username} anonymous={entry.admin_username} />
        </strong>{' '}
        voided {entry.voided_votes} {entry.voided_votes === 1 ? 'vote' : 'votes'} of {entry.user_ids.length}{' '}
        {entry.user_ids.length === 1 ? 'account' : 'accounts'} on {where}
      </p>
      <p className={styles.logReason}>“{entry.reason}”</p>
      <p className={styles.logFacts}>
        <time dateTime={entry.created_at}>{formatForumTime(entry.created_at, true)}</time>
        <span className={styles.logAccounts}>
          <AccountNames entry={entry} />
        </span>
      </p>
    </li>
  );
}

/** The "Voided votes" log, newest first, a page at a time ("Show older"). */
export default function VoidLog({ query }: { query: string }) {
  const paged = usePagedQuery(voteVoidPages, query);
  const entries = paged.pages.flatMap((page) => page.items);
  const failed = paged.error !== undefined;
  return (
    <section className={styles.section} aria-labelledby="void-log-title" aria-busy={paged.loading}>
      <h2 id="void-log-title" className={styles.sectionTitle}>
        {TEXTS.logTitle}
      </h2>
      {entries.length > 0 ? (
        <ol className={styles.log} role="list">
          {entries.map((entry) => (
            <LogEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      ) : null}
      {entries.length === 0 && !paged.loading && !failed ? (
        <p className={styles.muted}>{TEXTS.logEmpty}</p>
      ) : null}
      {paged.loading && entries.length === 0 ? (
        <div className={styles.logSkeleton} aria-hidden="true" />
      ) : null}
      {failed ? (
        <p className={styles.error} role="alert">
          {TEXTS.logFailed}{' '}
          <button type="button" className="button" onClick={paged.retry}>
            {TEXTS.tryAgain}
          </button>
        </p>
      ) : null}
      {!failed && paged.hasMore && entries.length > 0 ? (
        // Kept while the next page loads, so the focus stays on it.
        <button
          type="button"
          className={`button ${styles.more}`}
          aria-disabled={paged.loading || undefined}
          onClick={paged.more}
        >
          {paged.loading ? TEXTS.loading : TEXTS.logMore}
        </button>
      ) : null}
    </section>
  );
}
