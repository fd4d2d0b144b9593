import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { DEFAULT_LIST_SORT, LIST_TEXT } from '../../../contract/reading-lists-values';
import type { ListItem, ListItemsPage, ReadingListSummary } from '../../../contract/reading-lists';
import { usePagedQuery } from '../../lib/paged-query';
import { myScoreAnnouncement, READING_STATUS_LABELS } from '../../../contract/reading-progress-values';
import type { ItemFilters } from './lists-api';
import { ItemProgressEditor, StatusCounts } from './ItemProgress';
import progressStyles from './ItemProgress.module.css';
import { listFailureMessage } from './list-messages';
import { listItemsPages, removeItem, saveItemChange } from './list-queries';
import { activeFilterCount, isNumberText, type ItemChange } from './list-state';
import ListFilters from './ListFilters';
import ListItemRow, { ListItemRowSkeleton } from './ListItemRow';
import { useSentinel } from '../../ui/use-sentinel';
import styles from './MyListsPage.module.css';
import pageStyles from './ListPages.module.css';

const NO_FILTERS: ItemFilters = {
  type: '',
  status: '',
  sort: DEFAULT_LIST_SORT,
  minScore: '',
  minVotes: '',
  readingStatus: '',
};
/** Typing in a number field waits this long before asking the API. */
const TYPING_DELAY_MS = 350;

export interface ListItemsProps {
  list: ReadingListSummary;
  onCountChanged: (itemCount: number) => void;
  onAnnounce: (text: string) => void;
}

/** An open list's filters (applied by the API) and its items, 25 at a time with infinite scroll. */
export default function ListItems({ list, onCountChanged, onAnnounce }: ListItemsProps) {
  const [filters, setFilters] = useState<ItemFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<ItemFilters>(NO_FILTERS);
  const paged = usePagedQuery(listItemsPages, `${list.id}|${JSON.stringify(applied)}`);
  // While other filters load, the rows of the last ones stay.
  const [last, setLast] = useState<ListItemsPage[]>([]);
  if (paged.pages.length > 0 && paged.pages !== last) setLast(paged.pages);
  const shownPages = paged.pages.length > 0 || !paged.loading ? paged.pages : last;
  const items = useMemo(() => shownPages.flatMap((page) => page.items), [shownPages]);
  const total = shownPages.at(-1)?.total ?? 0;
  const itemCount = shownPages.at(-1)?.item_count;
  const statusCounts = shownPages.at(-1)?.status_counts;
  const phase = paged.loading ? 'loading' : paged.error !== undefined ? 'error' : 'idle';
  const [rowError, setRowError] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);

  const scoreValid = isNumberText(filters.minScore, 0, 10, false);
  const votesValid = isNumberText(filters.minVotes, 0, Number.MAX_SAFE_INTEGER, true);

  // The API's count of the list may differ from the one the panel shows (changed elsewhere).
  const countChanged = useEffectEvent((count: number) => {
    if (count !== list.item_count) onCountChanged(count);
  });
  useEffect(() => {
    if (itemCount !== undefined) countChanged(itemCount);
  }, [itemCount]);

  // The filters apply as they change; typed numbers after a pause, and only once they are valid.
  useEffect(() => {
    if (!scoreValid || !votesValid) return;
    const typed = filters.minScore !== applied.minScore || filters.minVotes !== applied.minVotes;
    const timer = setTimeout(() => setApplied(filters), typed ? TYPING_DELAY_MS : 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters]);

  const sentinel = useSentinel<HTMLDivElement>(phase === 'idle' && paged.hasMore, paged.more);

  async function remove(item: ListItem) {
    if (removing !== null) return;
    setRemoving(item.series_id);
    setRowError('');
    try {
      const changed = await removeItem(paged, list.id, item);
      onCountChanged(changed.item_count);
      onAnnounce(`Removed “${item.title}” from “${list.name}”.`);
    } catch (failure) {
      setRowError(`${listFailureMessage(failure, LIST_TEXT.removeFailed)}: “${item.title}”`);
    } finally {
      setRemoving(null);
    }
  }

  /** A change shows at once; a refused one is put back, and the row says so. */
  async function change(item: ListItem, values: ItemChange) {
    setRowError('');
    if (!(await saveItemChange(paged, list.id, item, values))) {
      setRowError(LIST_TEXT.cardUpdateFailed);
      return;
    }
    if (values.reading_status)
      onAnnounce(`“${item.title}”: ${READING_STATUS_LABELS[values.reading_status]}.`);
    if (values.score !== undefined) onAnnounce(myScoreAnnouncement(item.title, values.score));
  }

  const filtered = activeFilterCount(applied) > 0;
  const firstLoad = phase === 'loading' && shownPages.length === 0;

  return (
    <div className={styles.items}>
      <ListFilters
        listName={list.name}
        filters={filters}
        onChange={setFilters}
        onReset={() => setFilters(NO_FILTERS)}
        activeCount={activeFilterCount(filters)}
        scoreValid={scoreValid}
        votesValid={votesValid}
      />
      {statusCounts ? (
        <StatusCounts counts={statusCounts} />
      ) : (
        <p className={progressStyles.counts} aria-hidden="true" />
      )}
      <p className="visually-hidden" role="status">
        {phase === 'idle' ? `${total} series shown.` : ''}
      </p>

      <div role="alert">{rowError && <p className={styles.fieldError}>{rowError}</p>}</div>
      {items.length > 0 && (
        <ol className={pageStyles.rows} aria-busy={phase === 'loading'}>
          {items.map((item, index) => (
            <ListItemRow
              key={item.series_id}
              item={item}
              eager={index < 4}
              footer={<ItemProgressEditor item={item} onChange={(values) => change(item, values)} />}
              action={
                <button
                  type="button"
                  className={`button ${styles.removeButton}`}
                  onClick={() => remove(item)}
                  aria-disabled={removing === item.series_id || undefined}
                >
                  {LIST_TEXT.remove}
                  <span className="visually-hidden"> {item.title}</span>
                </button>
              }
            />
          ))}
        </ol>
      )}
      {phase === 'loading' && (
        <ol className={pageStyles.rows} aria-hidden="true">
          {Array.from({ length: firstLoad ? Math.min(Math.max(list.item_count, 1), 4) : 2 }, (_, index) => (
            <ListItemRowSkeleton key={index} withAction withFooter />
          ))}
        </ol>
      )}
      {phase === 'error' && (
        <div className={styles.inlineMessage} role="alert">
          <p>{LIST_TEXT.loadListsFailed}</p>
          <button type="button" className="button" onClick={paged.retry}>
            {LIST_TEXT.tryAgain}
          </button>
        </div>
      )}
      {phase === 'idle' && items.length === 0 && (
        <p className={styles.inlineMessage}>
          {filtered && total < list.item_count ? LIST_TEXT.noMatch : LIST_TEXT.noItems}
        </p>
      )}
      <div ref={sentinel} />
    </div>
  );
}
