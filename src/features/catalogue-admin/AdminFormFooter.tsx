import styles from './CatalogueAdmin.module.css';

export interface AdminFormFooterProps {
  /** The form's failure message, announced when it appears. */
  error: string;
  submitting: boolean;
  submitLabel: string;
  onCancel: () => void;
}

/** The end of an admin form dialog: its failure message, Cancel, and the submit button ("Saving…" while sent). */
export default function AdminFormFooter({ error, submitting, submitLabel, onCancel }: AdminFormFooterProps) {
  return (
    <>
      <div role="alert" className={styles.formError}>
        {error && <p>{error}</p>}
      </div>
      <div className={styles.dialogActions}>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" aria-disabled={submitting || undefined}>
          {submitting ? 'Saving…' : submitLabel}
        </button>
      </div>
    </>
  );
}
