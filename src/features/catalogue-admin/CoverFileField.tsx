import { useEffect, useMemo, useState } from 'react';
import FileField from '../../ui/FileField';
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
 * An image field of the catalogue's admin forms, on the site's file control: a refused file is cleared
 * from the input and its problem shown under it (tied to the input with aria-describedby), so the form
 * never sends it.
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

  async function choose(file: File | null) {
    const accept = (accepted: File | null, message = '') => {
      setChosen(accepted);
      setProblem(message);
      onChoose(accepted);
    };
    accept(null);
    if (!file) return;
    const refused = await problemOf(file);
    accept(refused ? null : file, refused);
  }

  return (
    <FileField
      name={name}
      label={label}
      labelClassName={styles.fileLabel}
      hint={hint}
      error={problem || undefined}
      required={required}
      accept="image/png,image/jpeg,image/webp"
      file={chosen}
      onChange={(file) => void choose(file)}
    >
      {previewUrl && (
        <img className={styles.coverPreview} src={previewUrl} alt="Chosen cover" width={80} height={120} />
      )}
    </FileField>
  );
}
