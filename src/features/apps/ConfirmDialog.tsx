import { useState } from 'react';
import Dialog from '../../ui/Dialog';
import { APPS_PAGE_TEXT as TEXT } from './apps-texts';
import styles from './AppsPage.module.css';

interface ConfirmDialogProps {
  title: string;
  warning: string;
  /** The confirm button's text: "Delete", "Revoke". */
  action: string;
  /** Does the deed; a thrown error keeps the dialog open with the error in it. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** The message of a failure. */
  describeError: (error: unknown) => string;
}

/** "Revoke X's access?" with the consequence, Cancel and the action; focus starts on Cancel. */
export default function ConfirmDialog({
  title,
  warning,
  action,
  onConfirm,
  onClose,
  describeError,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm();
    } catch (error) {
      setProblem(describeError(error));
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={() => !busy && onClose()}>
      <div className={styles.confirm} aria-busy={busy}>
        <p>{warning}</p>
        <p role="alert" className={styles.fieldError}>
          {problem}
        </p>
        <div className={styles.actions}>
          <button type="button" className="button" disabled={busy} onClick={onClose} autoFocus>
            {TEXT.cancel}
          </button>
          <button type="button" className={`button ${styles.danger}`} disabled={busy} onClick={confirm}>
            {action}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
