import { FORUM_TEXT } from '../../../contract/forum-values';
import Dialog from '../../ui/Dialog';
import styles from './ConfirmDelete.module.css';

export interface ConfirmDeleteProps {
  title: string;
  /** What is deleted, quoted (a post's first 140 characters, a thread's title). */
  preview: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Delete this post?": the warning, a preview, and Delete and Cancel. */
export default function ConfirmDelete({ title, preview, busy, onConfirm, onCancel }: ConfirmDeleteProps) {
  return (
    <Dialog title={title} onClose={onCancel}>
      <p>{FORUM_TEXT.deleteConfirmBody}</p>
      {preview && <blockquote className={styles.preview}>{preview}</blockquote>}
      <div className={styles.actions}>
        <button type="button" className="button" onClick={onCancel} autoFocus>
          {FORUM_TEXT.cancel}
        </button>
        <button
          type="button"
          className={`button ${styles.danger}`}
          onClick={onConfirm}
          aria-disabled={busy || undefined}
        >
          {FORUM_TEXT.delete}
        </button>
      </div>
    </Dialog>
  );
}
