import { useId, useState } from 'react';
import { LIST_TEXT } from '../../../contract/reading-lists-values';
import { PROGRESS_TEXT } from '../../../contract/reading-progress-values';
import type { ReadingList, ReadingListSummary } from '../../../contract/reading-lists';
import { $session } from '../accounts/session-store';
import { deleteReadingList, fetchListCsv, fetchListMalExport, setListShared } from './lists-api';
import { formatItemCount } from './list-format';
import { listFailureMessage } from './list-messages';
import ListItems, { forgetListItems } from './ListItems';
import MalImport from './MalImport';
import styles from './MyListsPage.module.css';
import pageStyles from './ListPages.module.css';

export interface ListPanelProps {
  list: ReadingListSummary;
  open: boolean;
  onToggle: () => void;
  onChanged: (list: ReadingList | ReadingListSummary) => void;
  onDeleted: () => void;
  onAnnounce: (text: string) => void;
}

/** Copies text; false when the browser refuses (no permission, insecure page). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Saves a blob as a file through a temporary link. */
function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** One list on /my-lists: its heading (the expand button), badge, count, actions and, open, its items. */
export default function ListPanel({
  list,
  open,
  onToggle,
  onChanged,
  onDeleted,
  onAnnounce,
}: ListPanelProps) {
  const [busy, setBusy] = useState<'share' | 'delete' | 'export' | null>(null);
  const [importing, setImporting] = useState(false);
  // Bumped after an import, so the open items load again with what it added.
  const [itemsVersion, setItemsVersion] = useState(0);
  const [notice, setNotice] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const id = useId();
  const itemsId = `${id}-items`;

  function show(text: string, tone: 'error' | 'success' = 'success') {
    setNotice({ text, tone });
    if (tone === 'success') onAnnounce(text);
  }

  async function toggleShare() {
    if (busy) return;
    if (!$session.get().token) {
      window.alert(LIST_TEXT.logInToShare);
      return;
    }
    setBusy('share');
    setNotice(null);
    try {
      const changed = await setListShared(list.id, !list.is_public);
      onChanged(changed);
      onAnnounce(changed.is_public ? `“${list.name}” is public now.` : `“${list.name}” is private now.`);
    } catch (failure) {
      show(listFailureMessage(failure, LIST_TEXT.shareFailed), 'error');
    } finally {
      setBusy(null);
    }
  }

  async function copy(path: string) {
    const copied = await copyText(new URL(path, window.location.origin).href);
    show(
      copied ? LIST_TEXT.linkCopied : 'Copying is blocked here; copy the address instead.',
      copied ? 'success' : 'error',
    );
  }

  async function exportFile(format: 'csv' | 'xml') {
    if (busy) return;
    setBusy('export');
    try {
      const blob = format === 'csv' ? await fetchListCsv(list.id) : await fetchListMalExport(list.id);
      download(blob, `${list.name}.${format}`);
    } catch (failure) {
      show(listFailureMessage(failure, 'Failed to export the list.'), 'error');
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (busy || !window.confirm(LIST_TEXT.deleteConfirm)) return;
    setBusy('delete');
    setNotice(null);
    try {
      await deleteReadingList(list.id);
      onDeleted();
    } catch (failure) {
      show(listFailureMessage(failure, LIST_TEXT.deleteFailed), 'error');
      setBusy(null);
    }
  }

  return (
    <li id={`list-${list.id}`} className={styles.panel}>
      <div className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>
          <button
            type="button"
            className={styles.expand}
            aria-expanded={open}
            aria-controls={itemsId}
            onClick={onToggle}
          >
            <span className={styles.chevron} aria-hidden="true" />
            <span className={styles.listName}>{list.name}</span>
          </button>
        </h2>
        <span className={pageStyles.badge} data-public={list.is_public}>
          {list.is_public ? LIST_TEXT.public : LIST_TEXT.private}
        </span>
        <span className={pageStyles.count}>{formatItemCount(list.item_count)}</span>
      </div>

      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          onClick={toggleShare}
          aria-disabled={busy === 'share' || undefined}
          aria-describedby={`${id}-share-help`}
        >
          {list.is_public ? LIST_TEXT.unshare : LIST_TEXT.share}
          <span className="visually-hidden"> {list.name}</span>
        </button>
        {list.is_public && list.share_token && (
          <button type="button" className="button" onClick={() => copy(`/lists/${list.share_token}`)}>
            {LIST_TEXT.copyPublicUrl}
          </button>
        )}
        <button type="button" className="button" onClick={() => copy(`/my-lists#list-${list.id}`)}>
          {LIST_TEXT.copyPrivateLink}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => exportFile('csv')}
          aria-disabled={busy === 'export' || undefined}
        >
          Export CSV
        </button>
        <button
          type="button"
          className="button"
          onClick={() => exportFile('xml')}
          aria-disabled={busy === 'export' || undefined}
        >
          {PROGRESS_TEXT.exportMal}
        </button>
        <button type="button" className="button" onClick={() => setImporting(true)} aria-expanded={importing}>
          {PROGRESS_TEXT.importButton}
          <span className="visually-hidden"> into {list.name}</span>
        </button>
        <button
          type="button"
          className={`button ${styles.danger}`}
          onClick={remove}
          aria-disabled={busy === 'delete' || undefined}
        >
          {LIST_TEXT.deleteList}
          <span className="visually-hidden"> {list.name}</span>
        </button>
      </div>
      <p id={`${id}-share-help`} className={styles.help}>
        {PROGRESS_TEXT.shareHelp}
      </p>
      {importing && (
        <MalImport
          list={list}
          onImported={(added) => {
            onChanged({ ...list, item_count: list.item_count + added });
            forgetListItems(list.id);
            setItemsVersion((version) => version + 1);
          }}
          onClose={() => setImporting(false)}
        />
      )}
      <div className={styles.noticeSlot} role={notice?.tone === 'error' ? 'alert' : undefined}>
        {notice && (
          <p className={styles.notice} data-tone={notice.tone}>
            {notice.text}
          </p>
        )}
      </div>

      <div id={itemsId} hidden={!open}>
        {open && (
          <ListItems
            key={itemsVersion}
            list={list}
            onCountChanged={(itemCount) => onChanged({ ...list, item_count: itemCount })}
            onAnnounce={onAnnounce}
          />
        )}
      </div>
    </li>
  );
}
