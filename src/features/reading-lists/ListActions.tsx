import { useState } from 'react';
import { LIST_TEXT } from '../../../contract/reading-lists-values';
import { PROGRESS_TEXT } from '../../../contract/reading-progress-values';
import type { ReadingList, ReadingListSummary } from '../../../contract/reading-lists';
import MenuButton, { type MenuItem } from '../../ui/MenuButton';
import { $session } from '../accounts/session-store';
import { deleteReadingList, fetchListCsv, fetchListMalExport, setListShared } from './lists-api';
import { listFailureMessage } from './list-messages';
import { dropList } from './lists-store';

export interface ListActionsProps {
  list: ReadingListSummary;
  /** The id of the list's name, which the menu button is about. */
  nameId: string;
  onChanged: (list: ReadingList | ReadingListSummary) => void;
  onDeleted: () => void;
  onImport: () => void;
  /** Shows an outcome under the list's header (a success is announced too). */
  onNotice: (text: string, tone?: 'error' | 'success') => void;
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

/**
 * A list's "List actions" menu on /my-lists: Share or Unshare, Copy Public URL (while shared), Copy
 * Private Link, Export CSV, Export MyAnimeList XML, Import from MyAnimeList and Delete List.
 */
export default function ListActions(props: ListActionsProps) {
  const { list, nameId, onChanged, onDeleted, onImport, onNotice, onAnnounce } = props;
  const [busy, setBusy] = useState<'share' | 'delete' | 'export' | null>(null);

  async function toggleShare() {
    if (busy) return;
    if (!$session.get().token) {
      window.alert(LIST_TEXT.logInToShare);
      return;
    }
    setBusy('share');
    try {
      const changed = await setListShared(list.id, !list.is_public);
      onChanged(changed);
      onAnnounce(changed.is_public ? `“${list.name}” is public now.` : `“${list.name}” is private now.`);
    } catch (failure) {
      onNotice(listFailureMessage(failure, LIST_TEXT.shareFailed), 'error');
    } finally {
      setBusy(null);
    }
  }

  async function copy(path: string) {
    const copied = await copyText(new URL(path, window.location.origin).href);
    if (copied) onNotice(LIST_TEXT.linkCopied);
    else onNotice('Copying is blocked here; copy the address instead.', 'error');
  }

  async function exportFile(format: 'csv' | 'xml') {
    if (busy) return;
    setBusy('export');
    try {
      const blob = format === 'csv' ? await fetchListCsv(list.id) : await fetchListMalExport(list.id);
      download(blob, `${list.name}.${format}`);
    } catch (failure) {
      onNotice(listFailureMessage(failure, 'Failed to export the list.'), 'error');
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (busy || !window.confirm(LIST_TEXT.deleteConfirm)) return;
    setBusy('delete');
    try {
      await deleteReadingList(list.id);
      dropList(list.id);
      onDeleted();
    } catch (failure) {
      onNotice(listFailureMessage(failure, LIST_TEXT.deleteFailed), 'error');
      setBusy(null);
    }
  }

  const items: MenuItem[] = [
    {
      key: 'share',
      label: list.is_public ? LIST_TEXT.unshare : LIST_TEXT.share,
      description: list.is_public ? undefined : PROGRESS_TEXT.shareHelp,
      onSelect: () => void toggleShare(),
      disabled: busy === 'share',
    },
    ...(list.is_public && list.share_token
      ? [
          {
            key: 'public-url',
            label: LIST_TEXT.copyPublicUrl,
            onSelect: () => void copy(`/lists/${list.share_token}`),
          },
        ]
      : []),
    {
      key: 'private-link',
      label: LIST_TEXT.copyPrivateLink,
      onSelect: () => void copy(`/my-lists#list-${list.id}`),
    },
    { key: 'csv', label: 'Export CSV', onSelect: () => void exportFile('csv'), disabled: busy === 'export' },
    {
      key: 'xml',
      label: PROGRESS_TEXT.exportMal,
      onSelect: () => void exportFile('xml'),
      disabled: busy === 'export',
    },
    { key: 'import', label: PROGRESS_TEXT.importButton, onSelect: onImport },
    {
      key: 'delete',
      label: LIST_TEXT.deleteList,
      onSelect: () => void remove(),
      disabled: busy === 'delete',
      danger: true,
    },
  ];

  return <MenuButton label={LIST_TEXT.listActions} items={items} describedBy={nameId} />;
}
