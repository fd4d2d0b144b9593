import type { QueryState } from '../../lib/use-query';
import { APPS_PAGE_TEXT as TEXT } from './apps-texts';
import styles from './AppsPage.module.css';

/** A list's loading skeleton, its load error with Try again, or its empty line; nothing once it has items. */
export default function ListState({
  query,
  empty,
  loadFailed,
}: {
  query: QueryState<unknown[]>;
  empty: string;
  loadFailed: string;
}) {
  if (query.data === undefined && query.error !== undefined) {
    return (
      <p className={styles.error} role="alert">
        {loadFailed}{' '}
        <button type="button" className="button" onClick={query.retry}>
          {TEXT.tryAgain}
        </button>
      </p>
    );
  }
  if (query.data === undefined) {
    return (
      <p className={styles.skeleton} role="status">
        <span className="visually-hidden">{TEXT.loading}</span>
      </p>
    );
  }
  return query.data.length === 0 ? <p className={styles.empty}>{empty}</p> : null;
}
