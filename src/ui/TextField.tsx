import type { HTMLInputAutoCompleteAttribute, Ref } from 'react';
import styles from './TextField.module.css';

interface TextFieldProps {
  id: string;
  /** The form field name; forms read their values from FormData on submit. */
  name: string;
  label: string;
  defaultValue?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  /** A short rule shown under the field and read with it. */
  hint?: string;
  /** This field's own error, shown next to it. */
  error?: string;
  /** Marks the field invalid when the form-level message is about it. */
  invalid?: boolean;
  /** The id of that form-level message: an invalid field is described by it, so it is read with the field. */
  messageId?: string;
  inputRef?: Ref<HTMLInputElement>;
  maxLength?: number;
  /** Focused when shown: for the only field of a dialog. */
  autoFocus?: boolean;
  /** Called as the field is left: a check whose message shows as `error`. */
  onBlur?: () => void;
  /** Called as the value changes (the field stays uncontrolled). */
  onInput?: () => void;
}

/**
 * A labelled input whose hint and error are tied to it for screen readers. Uncontrolled on purpose: what a
 * visitor types before the island hydrates is kept (a controlled input would be reset to its state).
 */
export default function TextField({
  id,
  name,
  label,
  defaultValue,
  type = 'text',
  autoComplete,
  hint,
  error,
  invalid = false,
  messageId,
  inputRef,
  maxLength,
  autoFocus,
  onBlur,
  onInput,
}: TextFieldProps) {
  // An error says more than the hint, so it takes the hint's place.
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const formMessageId = invalid && !error ? messageId : undefined;
  const describedBy = [errorId, formMessageId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        className={styles.input}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        autoCapitalize={type === 'text' ? 'none' : undefined}
        spellCheck={false}
        maxLength={maxLength}
        autoFocus={autoFocus}
        onBlur={onBlur}
        onInput={onInput}
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
