import { searchResultsHeading } from './list-copy';
import styles from './RankingList.module.css';

interface ListHeadingProps {
  heading: string;
  /** The search term whose results the list shows, if any. */
  search: string | undefined;
  /** How many results are shown, once they are there. */
  count: number | undefined;
  onClearSearch(): void;
}

/** The page's heading: the list's own, or "Results for “{term}”" with the count and "Clear search". */
export default function ListHeading({ heading, search, count, onClearSearch }: ListHeadingProps) {
  if (search === undefined) return <h1 className={styles.heading}>{heading}</h1>;
  const results = searchResultsHeading(search, count);
  return (
    <div className={styles.searchHeading}>
      <h1 className={styles.heading}>
        {results.title}
        {results.count && (
          <>
            {' '}
            <span className={styles.count}>{results.count}</span>
          </>
        )}
      </h1>
      <button type="button" className={styles.secondaryButton} onClick={onClearSearch}>
        Clear search
      </button>
    </div>
  );
}
