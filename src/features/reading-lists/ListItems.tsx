import { useEffect, useEffectEvent, useId, useMemo, useState } from 'react';
import { SERIES_STATUSES, SERIES_TYPES } from '../../../contract/catalogue-values';
import {
  DEFAULT_LIST_SORT,
  LIST_SORTS,
  LIST_TEXT,
  type ListSort,
} from '../../../contract/reading-lists-values';
import type { ListItem, ListItemsPage, ReadingListSummary } from '../../../contract/reading-lists';
import { usePagedQuery, type PagedRead } from '../../lib/paged-query';
import { queryCache } from '../../lib/query';
import {
  PROGRESS_TEXT,
  READING_STATUS_LABELS,
  READING_STATUSES,
  type ReadingStatus,
} from '../../../contract/reading-progress-values';
import { statusLabel } from '../catalogue/series-format';
import { fetchListItems, removeSeriesFromList, updateListItem, type ItemFilters } from './lists-api';
import { ItemProgressEditor, StatusCounts } from './ItemProgress';
import progressStyles from './ItemProgress.module.css';
import { listFailureMessage, SORT_LABELS } from './list-messages';
import ListItemRow, { ListItemRowSkeleton } from './ListItemRow';
import { useSentinel } from '../../ui/use-sentinel';
import fieldStyles from '../../ui/TextField.module.css';
import styles from './MyListsPage.module.css';
import pageStyles from './ListPages.module.css';

/** Drops every cached page of a list's items (any filters): after a write the pages do not show, an import. */
export function forgetListItems(listId: number): void {
  const prefix = /^reading-lists\/items\?page=\d+\|/;
  queryCache.invalidateKeys((key) => prefix.test(key) && key.replace(prefix, '').startsWith(`${listId}|`));
}

/** An open list's items under some filters (`{list id}|{filters as JSON}`), 25 a page. */
const listItemsPages: PagedRead<ListItemsPage> = {
  key: (query, page) => `reading-lists/items?page=${page}|${query}`,
  fetchPage: (query, page) => {
    const separator = query.indexOf('|');
    return fetchListItems(Number(query.slice(0, separator)), page, JSON.parse(query.slice(separator + 1)));
  },
  hasMore: (page) => page.has_more,
};

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

/** A number field's value as the API may take it, or null while it is not one (the field says why). */
function validNumber(value: string, min: number, max: number, whole: boolean): boolean {
  if (value.trim() === '') return true;
  const number = Number(value);
  return Number.isFinite(number) && number >= min && number <= max && (!whole || Number.isInteger(number));
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
  const id = useId();

  const scoreValid = validNumber(filters.minScore, 0, 10, false);
  const votesValid = validNumber(filters.minVotes, 0, Number.MAX_SAFE_INTEGER, true);

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
      const changed = await removeSeriesFromList(list.id, item.series_id);
      paged.update((page) => ({
        ...page,
        items: page.items.filter((entry) => entry.series_id !== item.series_id),
        total: Math.max(0, page.total - 1),
        item_count: changed.item_count,
      }));
      onCountChanged(changed.item_count);
      onAnnounce(`Removed “${item.title}” from “${list.name}”.`);
    } catch (failure) {
      setRowError(`${listFailureMessage(failure, LIST_TEXT.removeFailed)}: “${item.title}”`);
    } finally {
      setRemoving(null);
    }
  }

  /**
   * A progress change shows at once (the row, and the counts for a status); a failed save puts back the
   * row as it was and says so.
   */
  async function changeProgress(
    item: ListItem,
    change: { reading_status?: ReadingStatus; chapters_read?: number },
  ) {
    const apply = (values: Partial<ListItem>, from?: ReadingStatus, to?: ReadingStatus) =>
      paged.update((page) => ({
        ...page,
        items: page.items.map((row) => (row.series_id === item.series_id ? { ...row, ...values } : row)),
        status_counts:
          from && to && from !== to
            ? {
                ...page.status_counts,
                [from]: page.status_counts[from] - 1,
                [to]: page.status_counts[to] + 1,
              }
            : page.status_counts,
      }));
    const before = { reading_status: item.reading_status, chapters_read: item.chapters_read };
    setRowError('');
    apply(change, before.reading_status, change.reading_status);
    try {
      await updateListItem(list.id, item.series_id, change);
      if (change.reading_status) {
        onAnnounce(`“${item.title}”: ${READING_STATUS_LABELS[change.reading_status]}.`);
      }
    } catch {
      apply(before, change.reading_status, before.reading_status);
      setRowError(LIST_TEXT.cardUpdateFailed);
    }
  }

  const set = (field: keyof ItemFilters) => (value: string) => setFilters({ ...filters, [field]: value });
  const filtered =
    applied.type !== '' ||
    applied.status !== '' ||
    applied.minScore.trim() !== '' ||
    applied.minVotes.trim() !== '' ||
    applied.readingStatus !== '';
  const firstLoad = phase === 'loading' && shownPages.length === 0;

  return (
    <div className={styles.items}>
      <form
        className={styles.filters}
        onSubmit={(event) => event.preventDefault()}
        aria-label={`Filter ${list.name}`}
      >
        <label className={pageStyles.field}>
          <span>Type</span>
          <select
            className={fieldStyles.input}
            value={filters.type}
            onChange={(event) => set('type')(event.target.value)}
          >
            <option value="">All</option>
            {SERIES_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label className={pageStyles.field}>
          <span>Status</span>
          <select
            className={fieldStyles.input}
            value={filters.status}
            onChange={(event) => set('status')(event.target.value)}
          >
            <option value="">All</option>
            {SERIES_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </label>
        <label className={pageStyles.field}>
          <span>{PROGRESS_TEXT.readingStatus}</span>
          <select
            className={fieldStyles.input}
            value={filters.readingStatus}
            onChange={(event) => set('readingStatus')(event.target.value)}
          >
            <option value="">All</option>
            {READING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {READING_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className={`${pageStyles.field} ${styles.sortFilter}`}>
          <span>Sort</span>
          <select
            className={fieldStyles.input}
            value={filters.sort}
            onChange={(event) => set('sort')(event.target.value as ListSort)}
          >
            {(Object.keys(SORT_LABELS) as ListSort[])
              .filter((sort) => LIST_SORTS.includes(sort))
              .map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
          </select>
        </label>
        <label className={pageStyles.field}>
          <span>Stars ≥</span>
          <input
            className={fieldStyles.input}
            type="number"
            inputMode="decimal"
            step={0.1}
            min={0}
            max={10}
            value={filters.minScore}
            placeholder="Any"
            onChange={(event) => set('minScore')(event.target.value)}
            aria-invalid={!scoreValid || undefined}
            aria-describedby={scoreValid ? undefined : `${id}-score-error`}
          />
        </label>
        <label className={pageStyles.field}>
          <span>Votes ≥</span>
          <input
            className={fieldStyles.input}
            type="number"
            inputMode="numeric"
            step={1}
            min={0}
            value={filters.minVotes}
            placeholder="Any"
            onChange={(event) => set('minVotes')(event.target.value)}
            aria-invalid={!votesValid || undefined}
            aria-describedby={votesValid ? undefined : `${id}-votes-error`}
          />
        </label>
        <button type="button" className="button" onClick={() => setFilters(NO_FILTERS)}>
          {LIST_TEXT.reset}
        </button>
        {!scoreValid && (
          <p id={`${id}-score-error`} className={styles.fieldError}>
            Stars: a number from 0 to 10.
          </p>
        )}
        {!votesValid && (
          <p id={`${id}-votes-error`} className={styles.fieldError}>
            Votes: a whole number from 0.
          </p>
        )}
      </form>

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
              footer={<ItemProgressEditor item={item} onChange={(change) => changeProgress(item, change)} />}
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
