import { useCallback, useId, useState } from 'react';
import type { ReadingList } from '../../../../contract/reading-lists';
import { FORUM_TEXT } from '../../../../contract/forum-values';
import { LIST_TEXT } from '../../../../contract/reading-lists-values';
import { useQuery } from '../../../lib/use-query';
import { $myLists } from '../../reading-lists/lists-store';
import { listLink } from './mentions';
import { isPublicList } from './public-list';
import styles from './PostEditor.module.css';

/*
 * The editor's reading-list picker: a button in the editor's toolbar and a panel in the flow
 * under it (so a dialog or a nested form never clips it). Public lists insert `[name](/lists/{token})`;
 * private ones are greyed with a "Private" badge and explain how to share them.
 */

/** A private list's tooltip: how to give it a public link. */
const PRIVATE_LIST_TOOLTIP = 'Open My Reading Lists and click Share to create a public link.';

type Lists = { status: 'loading' } | { status: 'ready'; lists: ReadingList[] } | { status: 'error' };

export interface ListPicker {
  open: boolean;
  lists: Lists;
  panelId: string;
  buttonId: string;
  toggle: () => void;
  /** Closes the panel; with `returnFocus`, the focus goes back to the button. */
  close: (returnFocus?: boolean) => void;
}

export function useListPicker(): ListPicker {
  const [open, setOpen] = useState(false);
  // The user's lists, the ones the series cards' list modals read (lists-store.ts).
  const mine = useQuery(open ? $myLists : null);
  const lists: Lists = mine.data
    ? { status: 'ready', lists: mine.data }
    : mine.error !== undefined
      ? { status: 'error' }
      : { status: 'loading' };
  const panelId = useId();
  const buttonId = `${panelId}-button`;

  // Stable, so the editor's outside-click listener is not added again on every render.
  const close = useCallback(
    (returnFocus = false) => {
      setOpen(false);
      if (returnFocus) document.getElementById(buttonId)?.focus();
    },
    [buttonId],
  );

  return {
    open,
    lists,
    panelId,
    buttonId,
    toggle: () => {
      // Read again on every opening, so a list shared a moment ago in another tab shows as public.
      if (!open) $myLists.invalidate();
      setOpen(!open);
    },
    close,
  };
}

export function ListPickerButton({ picker }: { picker: ListPicker }) {
  return (
    <button
      id={picker.buttonId}
      type="button"
      className={`button ${styles.tool}`}
      aria-expanded={picker.open}
      aria-controls={picker.open ? picker.panelId : undefined}
      onClick={picker.toggle}
    >
      Insert list
    </button>
  );
}

export function ListPickerPanel({
  picker,
  onInsert,
}: {
  picker: ListPicker;
  onInsert: (markdown: string) => void;
}) {
  if (!picker.open) return null;
  const { lists } = picker;
  return (
    <div
      id={picker.panelId}
      className={styles.pickerPanel}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          picker.close(true);
        }
      }}
    >
      {lists.status === 'loading' && <p className={styles.pickerNote}>{FORUM_TEXT.listPickerLoading}</p>}
      {lists.status === 'error' && <p className={styles.pickerNote}>{LIST_TEXT.loadListsFailed}</p>}
      {lists.status === 'ready' && lists.lists.length === 0 && (
        <p className={styles.pickerNote}>{FORUM_TEXT.listPickerEmpty}</p>
      )}
      {lists.status === 'ready' && lists.lists.length > 0 && (
        <ul role="list" className={styles.pickerList}>
          {lists.lists.map((list) => {
            const shared = isPublicList(list);
            return (
              <li key={list.id}>
                <button
                  type="button"
                  className={`${styles.pickerItem} ${shared ? '' : styles.pickerPrivate}`}
                  aria-disabled={shared ? undefined : true}
                  title={shared ? undefined : PRIVATE_LIST_TOOLTIP}
                  onClick={() => {
                    if (!shared) {
                      window.alert(FORUM_TEXT.privateListAlert);
                      return;
                    }
                    onInsert(listLink(list.name, list.share_token));
                    picker.close();
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
}
