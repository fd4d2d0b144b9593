import { useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ReadingList } from '../../../../contract/reading-lists';
import { FORUM_TEXT } from '../../../../contract/forum-values';
import { LIST_TEXT } from '../../../../contract/reading-lists-values';
import { fetchMyLists } from '../../reading-lists/lists-api';
import { listLink } from './mentions';
import { isPublicList } from './public-list';
import styles from './PostEditor.module.css';

export interface ListPickerProps {
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  onInsert: (markdown: string) => void;
  /** Where the open panel goes: a place of its own under the editor's toolbar, in the flow (never clipped). */
  panelHost: HTMLElement | null;
}

/** Part2 §2 describes the tooltip (open My Reading Lists and click Share) without giving its words. */
const PRIVATE_LIST_TOOLTIP = 'Open My Reading Lists and click Share to create a public link.';

type State = { status: 'loading' } | { status: 'ready'; lists: ReadingList[] } | { status: 'error' };

/**
 * The editor's reading-list picker (spec §2): public lists insert `[name](/lists/{token})`; private ones
 * are greyed with a 'Private' badge and explain how to share them.
 */
export default function ListPicker({ open, onToggle, onClose, onInsert, panelHost }: ListPickerProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const request = useRef(0);

  // Fetched on every opening, so a list shared a moment ago in another tab shows as public.
  const load = () => {
    const current = ++request.current;
    setState({ status: 'loading' });
    fetchMyLists().then(
      (lists) => current === request.current && setState({ status: 'ready', lists }),
      () => current === request.current && setState({ status: 'error' }),
    );
  };

  const close = () => {
    onClose();
    buttonRef.current?.focus();
  };

  const panel = (
    <div
      id={panelId}
      className={styles.pickerPanel}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
      }}
    >
      {state.status === 'loading' && <p className={styles.pickerNote}>{FORUM_TEXT.listPickerLoading}</p>}
      {state.status === 'error' && <p className={styles.pickerNote}>{LIST_TEXT.loadListsFailed}</p>}
      {state.status === 'ready' && state.lists.length === 0 && (
        <p className={styles.pickerNote}>{FORUM_TEXT.listPickerEmpty}</p>
      )}
      {state.status === 'ready' && state.lists.length > 0 && (
        <ul role="list" className={styles.pickerList}>
          {state.lists.map((list) => {
            const shared = isPublicList(list);
            return (
              <li key={list.id}>
                <button
                  type="button"
                  className={`${styles.pickerItem} ${shared ? '' : styles.pickerPrivate}`}
                  aria-disabled={shared ? undefined : true}
                  title={shared ? undefined : PRIVATE_LIST_TOOLTIP}
                  onClick={() => {
                    if (shared) onInsert(listLink(list.name, list.share_token));
                    else window.alert(FORUM_TEXT.privateListAlert);
                  }}
                >
                  <span className={styles.pickerName}>{list.name}</span>
                  {!shared && <span className={styles.privateBadge}>{FORUM_TEXT.privateBadge}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`button ${styles.tool}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (!open) load();
          onToggle();
        }}
      >
        Insert list
      </button>
      {open && panelHost && createPortal(panel, panelHost)}
    </>
  );
}
