import type { ChangeEvent } from 'react';
import { ALT_TITLES_HINT, ALT_TITLES_LABEL } from '../../../contract/catalogue-values';
import { altTitlesProblem } from './series-form-fields';
import styles from './CatalogueAdmin.module.css';

interface AltTitlesFieldProps {
  id: string;
  value: string;
  onChange(event: ChangeEvent<HTMLTextAreaElement>): void;
}

/** The series' alternative titles, one per line; what the API would refuse shows beside it as it is typed. */
export default function AltTitlesField({ id, value, onChange }: AltTitlesFieldProps) {
  const problem = altTitlesProblem(value);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{ALT_TITLES_LABEL}</label>
      <textarea
        id={id}
        name="alt_titles"
        rows={3}
        value={value}
        onChange={onChange}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        aria-invalid={problem ? true : undefined}
        autoComplete="off"
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {ALT_TITLES_HINT} (optional)
      </p>
      {problem && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {problem}
        </p>
      )}
    </div>
  );
}
