import { lazy, Suspense, useId, useState } from 'react';
import { LIST_TEXT } from '../../../contract/reading-lists-values';
import { PROGRESS_TEXT } from '../../../contract/reading-progress-values';
import type { ReadingList, ReadingListSummary } from '../../../contract/reading-lists';
import { formatItemCount } from './list-format';
import { forgetListItems } from './list-queries';
import ListActions from './ListActions';
import ListItems from './ListItems';
import styles from './MyListsPage.module.css';
import pageStyles from './ListPages.module.css';

/** The import's code (its file control and report) loads when a list's import is first opened. */
const MalImport = lazy(() => import('./MalImport'));

export interface ListPanelProps {
  list: ReadingListSummary;
  open: boolean;
  onToggle: () => void;
  onChanged: (list: ReadingList | ReadingListSummary) => void;
  onDeleted: () => void;
  onAnnounce: (text: string) => void;
}

/**
 * One list on /my-lists: one header line (the expand button with the name, the badge, the count and the
 * "List actions" menu), what an action said, the import when asked for and, open, the items.
 */
export default function ListPanel({
  list,
  open,
  onToggle,
  onChanged,
  onDeleted,
  onAnnounce,
}: ListPanelProps) {
  const [importing, setImporting] = useState(false);
  // Bumped after an import, so the open items load again with what it added.
  const [itemsVersion, setItemsVersion] = useState(0);
  const [notice, setNotice] = useState<{ text: string; tone: 'error' | 'success'; id: number } | null>(null);
  const id = useId();
  const itemsId = `${id}-items`;
  const nameId = `${id}-name`;

  function show(text: string, tone: 'error' | 'success' = 'success') {
    setNotice({ text, tone, id: Date.now() });
    if (tone === 'success') onAnnounce(text);
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
            <span id={nameId} className={styles.listName}>
              {list.name}
            </span>
          </button>
        </h2>
        <div className={styles.panelFacts}>
          <span className={pageStyles.badge} data-public={list.is_public}>
            {list.is_public ? LIST_TEXT.public : LIST_TEXT.private}
          </span>
          <span className={pageStyles.count}>{formatItemCount(list.item_count)}</span>
          <ListActions
            list={list}
            nameId={nameId}
            onChanged={(changed) => {
              setNotice(null);
              onChanged(changed);
            }}
            onDeleted={onDeleted}
            onImport={() => setImporting(true)}
            onNotice={show}
            onAnnounce={onAnnounce}
          />
        </div>
      </div>

      <div className={styles.noticeSlot} role={notice?.tone === 'error' ? 'alert' : undefined}>
        {notice && (
          <p key={notice.id} className={styles.notice} data-tone={notice.tone}>
            {notice.text}
          </p>
        )}
      </div>
      {importing && (
        <Suspense fallback={<p className={styles.notice}>{PROGRESS_TEXT.importOpening}</p>}>
          <MalImport
            list={list}
            onImported={(added) => {
              onChanged({ ...list, item_count: list.item_count + added });
              forgetListItems(list.id);
              setItemsVersion((version) => version + 1);
            }}
            onClose={() => setImporting(false)}
          />
        </Suspense>
      )}

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
