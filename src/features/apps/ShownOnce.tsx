import { useEffect, useRef, useState, type ReactNode } from 'react';
import { APPS_TEXT } from '../../../contract/apps-values';
import { APPS_PAGE_TEXT as TEXT } from './apps-texts';
import styles from './AppsPage.module.css';

interface ShownOnceProps {
  /** What just happened: "Tachi is registered." Names the box, which takes the focus. */
  title: string;
  /** "Client secret", "Your new token". */
  label: string;
  value: string;
  /** False for a value that stays visible later (a public app's client ID): no "shown only once" warning. */
  once?: boolean;
  /** Lines shown above the value (the client ID, say). */
  children?: ReactNode;
  onDone: () => void;
}

/**
 * A secret the API gives only once (a confidential app's client secret, a new personal token): the value
 * in a read-only field, a Copy button, the "shown only once" warning, and Done to put it away. Focus moves
 * here when it appears, so a screen reader reads it next; "Copied" is announced.
 */
export default function ShownOnce({ title, label, value, once = true, children, onDone }: ShownOnceProps) {
  const box = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [told, setTold] = useState<{ text: string; id: number } | null>(null);

  useEffect(() => box.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setTold({ text: TEXT.copied, id: Date.now() });
    } catch {
      field.current?.select();
      setTold({ text: TEXT.copyFailed, id: Date.now() });
    }
  }

  const id = `shown-once-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className={styles.shownOnce} ref={box} tabIndex={-1} role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className={styles.createdTitle}>
        {title}
      </p>
      {children}
      <label id={`${id}-label`} htmlFor={id} className={styles.secretLabel}>
        {label}
      </label>
      <div className={styles.secretRow}>
        <input
          ref={field}
          id={id}
          className={styles.secret}
          value={value}
          readOnly
          spellCheck={false}
          aria-describedby={once ? `${id}-once` : undefined}
          onFocus={(event) => event.currentTarget.select()}
          data-secret
        />
        <button type="button" className="button" onClick={copy}>
          {TEXT.copy}
        </button>
      </div>
      {once && (
        <p id={`${id}-once`} className={styles.warning}>
          {APPS_TEXT.shownOnce}
        </p>
      )}
      <p role="status" className={styles.copied}>
        {told && <span key={told.id}>{told.text}</span>}
      </p>
      <button type="button" className={`button ${styles.done}`} onClick={onDone}>
        {TEXT.done}
      </button>
    </div>
  );
}
