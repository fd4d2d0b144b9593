import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import styles from './CatalogueAdmin.module.css';

export interface CoverFileFieldProps {
  name: string;
  label: string;
  hint: string;
  required: boolean;
  /** What is wrong with a chosen file (checked at once; the API checks again), or undefined. */
  problemOf: (file: File) => Promise<string | undefined>;
  /** The accepted file, or null when none is chosen or the chosen one was refused. */
  onChoose: (file: File | null) => void;
  /** Shows the accepted image beside the field. */
  preview?: boolean;
}

/**
 * An image field of the catalogue's admin forms: a refused file is cleared from the input and its problem
 * announced under it (tied to the input with aria-describedby), so the form never sends it.
 */
export default function CoverFileField({
  name,
  label,
  hint,
  required,
  problemOf,
  onChoose,
  preview = false,
}: CoverFileFieldProps) {
  const id = useId();
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState('');

  const previewUrl = useMemo(
    () => (preview && chosen ? URL.createObjectURL(chosen) : null),
    [preview, chosen],
  );
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0] ?? null;
    const accept = (accepted: File | null, message = '') => {
      setChosen(accepted);
      setProblem(message);
      onChoose(accepted);
    };
    accept(null);
    if (!file) return;
    const refused = await problemOf(file);
    if (!refused) return accept(file);
    input.value = '';
    accept(null, refused);
  }

  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-file`}>{label}</label>
      <input
        id={`${id}-file`}
        name={name}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={choose}
        aria-required={required}
        aria-invalid={problem !== ''}
        aria-describedby={`${id}-hint ${id}-error`}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <p id={`${id}-error`} className={styles.fieldError} role="alert">
        {problem}
      </p>
      {previewUrl && (
        <img className={styles.coverPreview} src={previewUrl} alt="Chosen cover" width={80} height={120} />
      )}
    </div>
  );
}
