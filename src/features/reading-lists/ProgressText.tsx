import { Fragment } from 'react';
import {
  PROGRESS_TEXT,
  progressText,
  READING_STATUS_LABELS,
  READING_STATUSES,
  type ReadingStatus,
} from '../../../contract/reading-progress-values';
import type { ListItem } from '../../../contract/reading-lists';
import styles from './ItemProgress.module.css';

/** "Reading 3 · Completed 10 · …": the counts per status as one line that wraps between statuses, never inside one. */
export function StatusCounts({ counts }: { counts: Record<ReadingStatus, number> }) {
  return (
    <p className={styles.counts} data-testid="status-counts">
      {READING_STATUSES.map((status, index) => (
        <Fragment key={status}>
          {index > 0 && '\u00a0· '}
          <span className={styles.count}>
            {READING_STATUS_LABELS[status]} {counts[status] ?? 0}
          </span>
        </Fragment>
      ))}
    </p>
  );
}

/** "12 / 150 chapters", or "12 chapters" while the series' count is unknown. */
function chaptersText(read: number, chapters: number | null): string {
  return `${progressText(read, chapters)} ${(chapters ?? read) === 1 ? 'chapter' : 'chapters'}`;
}

/** A row's progress as the shared page shows it: status, chapters and the owner's score, read only. */
export function ItemProgressText({ item }: { item: ListItem }) {
  return (
    <p className={styles.text}>
      <span className={styles.status} data-reading-status={item.reading_status}>
        <span className="visually-hidden">Reading status: </span>
        {READING_STATUS_LABELS[item.reading_status]}
      </span>
      <span>{chaptersText(item.chapters_read, item.chapters)}</span>
      <span className={styles.myScore} data-testid="my-score">
        {PROGRESS_TEXT.myScore}{' '}
        {item.score === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{PROGRESS_TEXT.noScore}</span>
          </>
        ) : (
          <strong className={styles.scoreValue}>{item.score}</strong>
        )}
      </span>
    </p>
  );
}
