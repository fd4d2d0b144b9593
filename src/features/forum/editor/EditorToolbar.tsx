import { FORUM_TEXT } from '../../../../contract/forum-values';
import type { EditorMode } from './editor-state';
import ImageUpload from './ImageUpload';
import { ListPickerButton, type ListPicker } from './ListPicker';
import styles from './PostEditor.module.css';

export interface EditorToolbarProps {
  mode: EditorMode;
  /** The reading-list picker's button (signed-in writers). */
  picker: ListPicker | null;
  /** "Add image" (signed-in writers). */
  canUpload: boolean;
  threadId: number | undefined;
  postId: number | undefined;
  busy: boolean;
  /** The thread form has its own buttons. */
  hideActions: boolean;
  onInsert: (snippet: string) => void;
  onRemove: (snippet: string) => void;
  onCancel: (() => void) | undefined;
  onSubmit: () => void;
}

/** The editor's row under the text: its tools on one side, Cancel and Post Reply (or Save) on the other. */
export default function EditorToolbar({
  mode,
  picker,
  canUpload,
  threadId,
  postId,
  busy,
  hideActions,
  onInsert,
  onRemove,
  onCancel,
  onSubmit,
}: EditorToolbarProps) {
  return (
    <div className={styles.toolbar}>
      <div className={styles.tools}>
        {picker && <ListPickerButton picker={picker} />}
        {canUpload && (
          <ImageUpload
            threadId={threadId}
            postId={postId}
            disabled={busy}
            onInsert={onInsert}
            onRemove={onRemove}
          />
        )}
      </div>
      {!hideActions && (
        <div className={styles.actions}>
          {(mode === 'edit' || onCancel) && (
            <button type="button" className="button" onClick={onCancel} disabled={busy}>
              {FORUM_TEXT.cancel}
            </button>
          )}
          <button
            type="button"
            className="button button-primary"
            onClick={onSubmit}
            aria-disabled={busy || undefined}
          >
            {mode === 'edit' ? FORUM_TEXT.save : FORUM_TEXT.postReply}
          </button>
        </div>
      )}
    </div>
  );
}
