import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FILE_FIELD_TEXT, formatFileSize } from './file-field';
import styles from './FileField.module.css';

export interface FileFieldProps {
  label: string;
  /** The chosen file, shown by name and size; null for none. The field follows it (null clears the input). */
  file: File | null;
  /** A file was picked (null: removed). */
  onChange: (file: File | null) => void;
  /** The form field name, for forms that post the input itself. */
  name?: string;
  accept?: string;
  /** A short rule shown under the control and read with it. */
  hint?: string;
  /** What is wrong with the choice, shown under the control and read with it. */
  error?: string;
  disabled?: boolean;
  required?: boolean;
  /** The visible button's text while nothing is chosen, and once something is. */
  chooseText?: string;
  replaceText?: string;
  /** Shown after the file's size while something happens to it ("Uploading…"). */
  status?: string;
  /** Without the box and the visible label: a toolbar's button (the label still names it). */
  compact?: boolean;
  /** The label's look where a form's labels differ from the site's usual small bold ones. */
  labelClassName?: string;
  /** Beside the control, e.g. a preview. */
  children?: ReactNode;
}

/**
 * The site's file control (FileField.astro is the same for static forms): a button-like "Choose file",
 * the chosen file's name and size, and Remove. The browser's input stays focusable and labelled, out of
 * sight, so Tab reaches it, Enter or Space opens the picker, and screen readers announce it with the
 * chosen file; its focus ring is drawn on the visible button.
 */
export default function FileField({
  label,
  file,
  onChange,
  name,
  accept,
  hint,
  error,
  disabled = false,
  required = false,
  chooseText = FILE_FIELD_TEXT.choose,
  replaceText = FILE_FIELD_TEXT.replace,
  status,
  compact = false,
  labelClassName = styles.label,
  children,
}: FileFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { input: `${id}-file`, label: `${id}-label`, chosen: `${id}-chosen` };
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  // A file taken away by the form (refused, sent, removed) leaves the input too, so picking it again is a change.
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);

  const remove = () => {
    onChange(null);
    inputRef.current?.focus();
  };

  const className = [
    styles.field,
    compact && styles.compact,
    error && styles.invalid,
    disabled && styles.disabled,
  ].filter(Boolean);
  return (
    <div
      className={className.join(' ')}
      data-enhanced=""
      data-chosen={file ? '' : undefined}
      data-file-field=""
    >
      <label id={ids.label} htmlFor={ids.input} className={compact ? 'visually-hidden' : labelClassName}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          ref={inputRef}
          id={ids.input}
          className={styles.input}
          type="file"
          name={name}
          accept={accept}
          disabled={disabled}
          aria-labelledby={ids.label}
          aria-describedby={[ids.chosen, errorId, hintId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        <label htmlFor={ids.input} className={`button ${styles.pick}`} aria-hidden="true">
          {file ? replaceText : chooseText}
        </label>
        <span id={ids.chosen} className={styles.chosen}>
          <span className={styles.name}>{file ? file.name : FILE_FIELD_TEXT.none}</span>
          {file && <span className={styles.size}>{formatFileSize(file.size)}</span>}
          {status && <span className={styles.size}>{status}</span>}
        </span>
        {file && (
          <button
            type="button"
            className={`button ${styles.remove}`}
            aria-label={`${FILE_FIELD_TEXT.remove} ${file.name}`}
            onClick={remove}
            disabled={disabled}
          >
            {FILE_FIELD_TEXT.remove}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
    </div>
  );
}
