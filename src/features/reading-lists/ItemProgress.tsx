import { useId } from 'react';
import {
  MAX_CHAPTERS_READ,
  PERSONAL_SCORES,
  PROGRESS_TEXT,
  READING_STATUS_LABELS,
  READING_STATUSES,
  type ReadingStatus,
} from '../../../contract/reading-progress-values';
import type { ListItem } from '../../../contract/reading-lists';
import fieldStyles from '../../ui/TextField.module.css';
import { oneMoreChapter, scoreChoice, scoreFromChoice, type ItemChange } from './list-state';
import { useChaptersDraft } from './use-chapters-draft';
import styles from './ItemProgress.module.css';

export { ItemProgressText, StatusCounts } from './ProgressText';

export interface ItemProgressEditorProps {
  item: ListItem;
  /** Saves a change; the row shows it at once and the caller puts it back if the save fails. */
  onChange: (change: ItemChange) => void;
}

/**
 * A row's progress on /my-lists: a status select, a chapters field (with the series' count when known)
 * and "+1", and a personal score select. A status, "+1" and a score are saved as they happen; typed
 * chapters when the field is left or Enter is pressed, once they are a whole number in range (until then
 * the field says so and nothing is sent).
 */
export function ItemProgressEditor({ item, onChange }: ItemProgressEditorProps) {
  const id = useId();
  const { typed, inputProps } = useChaptersDraft(item.chapters_read, (chaptersRead) =>
    onChange({ chapters_read: chaptersRead }),
  );
  const valid = typed !== null;

  const describedBy = [valid ? '' : `${id}-chapters-error`, item.chapters === null ? '' : `${id}-total`]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={styles.editor}>
      <label className={styles.field}>
        <select
          aria-label={`${PROGRESS_TEXT.readingStatus}: ${item.title}`}
          className={`${fieldStyles.input} ${styles.select}`}
          value={item.reading_status}
          data-reading-status={item.reading_status}
          onChange={(event) => onChange({ reading_status: event.target.value as ReadingStatus })}
        >
          {READING_STATUSES.map((status) => (
            <option key={status} value={status}>
              {READING_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.chaptersLabel} aria-hidden="true">
          {PROGRESS_TEXT.myScore}
        </span>
        <select
          aria-label={`${PROGRESS_TEXT.myScore}: ${item.title}`}
          className={`${fieldStyles.input} ${styles.score}`}
          value={scoreChoice(item.score)}
          onChange={(event) => onChange({ score: scoreFromChoice(event.target.value) })}
        >
          <option value="">{PROGRESS_TEXT.noScore}</option>
          {PERSONAL_SCORES.map((score) => (
            <option key={score} value={score}>
              {score}
            </option>
          ))}
        </select>
      </label>
      <span className={styles.chaptersGroup}>
        <label className={styles.field}>
          <span className={styles.chaptersLabel} aria-hidden="true">
            {PROGRESS_TEXT.chapters}
          </span>
          <input
            aria-label={`${PROGRESS_TEXT.chapters}: ${item.title}`}
            className={`${fieldStyles.input} ${styles.chapters}`}
            {...inputProps}
            aria-describedby={describedBy || undefined}
          />
          {item.chapters !== null && (
            <span className={styles.total}>
              <span aria-hidden="true">/ {item.chapters.toLocaleString('en-US')}</span>
              <span id={`${id}-total`} className="visually-hidden">
                of {item.chapters} chapters
              </span>
            </span>
          )}
        </label>
        <button
          type="button"
          className={`button ${styles.plusOne}`}
          onClick={() => onChange({ chapters_read: oneMoreChapter(item.chapters_read) })}
          aria-disabled={item.chapters_read >= MAX_CHAPTERS_READ || undefined}
          aria-label={`${PROGRESS_TEXT.addChapter} chapter: ${item.title}`}
        >
          {PROGRESS_TEXT.addChapter}
        </button>
      </span>
      {!valid && (
        <p id={`${id}-chapters-error`} className={styles.error}>
          {PROGRESS_TEXT.chaptersInvalid}
        </p>
      )}
    </div>
  );
}
