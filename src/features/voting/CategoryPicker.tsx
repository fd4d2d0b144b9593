import type { CategoryLabel } from '../series/series-categories';
import { VOTE_SCORES } from './vote-state';
import styles from './VotePanel.module.css';

export interface CategoryPickerProps {
  label: CategoryLabel;
  /** The radio group's name, unique on the page. */
  name: string;
  /** The reader's vote in this category: the category is locked and shows it. */
  locked: number | undefined;
  picked: number | undefined;
  disabled: boolean;
  /** Before hydration: a skeleton of the scale's size stands in for its ten choices. */
  pending?: boolean;
  onPick(score: number): void;
}

/** One category's 1-10 choice: a radio group named by its legend (arrow keys move and pick). */
export default function CategoryPicker({
  label,
  name,
  locked,
  picked,
  disabled,
  pending = false,
  onPick,
}: CategoryPickerProps) {
  const selected = locked ?? picked;
  return (
    <li className={styles.category} data-locked={locked !== undefined}>
      <fieldset className={styles.fieldset} disabled={disabled || locked !== undefined}>
        <legend className={styles.legend}>{label}</legend>
        {locked !== undefined && (
          <p className={styles.yourScore}>
            Your score: <strong>{locked}</strong>/10
          </p>
        )}
        {pending ? (
          <div className={`${styles.scale} ${styles.scalePending}`} aria-hidden="true" />
        ) : (
          <div className={styles.scale}>
            {VOTE_SCORES.map((score) => (
              <label key={score} className={styles.choice}>
                <input
                  className={styles.choiceInput}
                  type="radio"
                  name={name}
                  value={score}
                  checked={selected === score}
                  onChange={() => onPick(score)}
                />
                <span className={styles.choiceFace}>{score}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </li>
  );
}
