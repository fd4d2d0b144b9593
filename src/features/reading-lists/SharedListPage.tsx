import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  DEFAULT_LIST_SORT,
  LIST_TEXT,
  SHARED_LIST_STEP,
  type ListSort,
} from '../../../contract/reading-lists-values';
import type { PublicReadingList } from '../../../contract/reading-lists';
import { createFetcherStore, storeFamily } from '../../lib/query';
import { useQuery } from '../../lib/use-query';
import { documentTitle } from '../../lib/seo';
import { fetchSharedList } from './lists-api';
import { ItemProgressText } from './ItemProgress';
import { formatItemCount, shareTokenFromPath } from './list-format';
import ListItemRow, { ListItemRowSkeleton } from './ListItemRow';
import SharedListTools from './SharedListTools';
import { useSentinel } from '../../ui/use-sentinel';
import styles from './SharedListPage.module.css';
import pageStyles from './ListPages.module.css';

/** One shared list in one sort, keyed `{token}|{sort}`. */
const sharedListStore = storeFamily((key: string) => {
  const [, token, sort] = /^(.*)\|([^|]*)$/s.exec(key)!;
  return createFetcherStore<PublicReadingList>(`reading-lists/public/${key}`, {
    fetcher: () => fetchSharedList(token!, sort as ListSort),
  });
});

const noSubscription = () => () => {};
const currentPath = () => window.location.pathname;

/**
 * /lists/{token}: a shared list, read without an account. One static page serves every token (a 200
 * rewrite); the island reads the token from the address. Rows appear 25 more at a time as the reader
 * scrolls.
 */
export default function SharedListPage() {
  // Null in the build-time markup and while hydrating; the address after.
  const path = useSyncExternalStore(noSubscription, currentPath, () => null);
  const token = path === null ? null : shareTokenFromPath(path);
  const [sort, setSort] = useState<ListSort>(DEFAULT_LIST_SORT);
  const key = token ? `${token}|${sort}` : null;
  const live = useQuery(key ? sharedListStore(key) : null);
  // While another sort loads, the rows of the last one stay.
  const [last, setLast] = useState<{ key: string; list: PublicReadingList } | null>(null);
  if (key && live.data && live.data !== last?.list) setLast({ key, list: live.data });
  const [shown, setShown] = useState({ key: '', count: SHARED_LIST_STEP });

  const loading = token !== '' && live.data === undefined && live.error === undefined;
  const failed = !loading && live.data === undefined;
  const list = live.data ?? (loading ? (last?.list ?? null) : null);
  const listKey = live.data ? key : last?.key;
  const items = list?.items ?? [];
  const count = shown.key === listKey ? shown.count : SHARED_LIST_STEP;
  const ended = !loading && count >= items.length;
  const sentinel = useSentinel<HTMLDivElement>(!loading && !ended, () =>
    setShown({ key: listKey ?? '', count: count + SHARED_LIST_STEP }),
  );

  const name = live.data?.name;
  useEffect(() => {
    if (name !== undefined) document.title = documentTitle(`${name} · Shared reading list`);
  }, [name]);

  if (token === '' || failed) {
    return (
      <div className={pageStyles.page}>
        <h1>Shared reading list</h1>
        <p className={pageStyles.message} role="alert">
          {token === '' ? LIST_TEXT.missingToken : LIST_TEXT.sharedUnavailable}
        </p>
      </div>
    );
  }

  return (
    <div className={pageStyles.page}>
      <header className={styles.header}>
        {list ? (
          <h1 className={styles.title}>{list.name}</h1>
        ) : (
          <h1 className={styles.title}>
            <span className="visually-hidden">Loading the shared list</span>
            <span className={styles.titleBar} aria-hidden="true" />
          </h1>
        )}
        <div className={styles.facts}>
          <span className={pageStyles.badge} data-public="true">
            {LIST_TEXT.public}
          </span>
          <span className={pageStyles.count}>{list ? formatItemCount(list.item_count) : '\u00a0'}</span>
        </div>
        <SharedListTools token={token} sort={sort} onSort={setSort} />
      </header>

      {list && items.length > 0 && (
        <ol className={pageStyles.rows} aria-busy={loading}>
          {items.slice(0, count).map((item, index) => (
            <ListItemRow
              key={item.series_id}
              item={item}
              eager={index < 6}
              footer={<ItemProgressText item={item} />}
            />
          ))}
        </ol>
      )}
      {!list && (
        <ol className={pageStyles.rows} aria-hidden="true" data-testid="shared-list-skeleton">
          {Array.from({ length: 6 }, (_, index) => (
            <ListItemRowSkeleton key={index} withFooter />
          ))}
        </ol>
      )}
      {!loading && items.length === 0 && <p className={pageStyles.message}>{LIST_TEXT.sharedEmpty}</p>}
      {!loading && items.length > 0 && ended && <p className={pageStyles.end}>{LIST_TEXT.sharedEnd}</p>}
      <div ref={sentinel} />
    </div>
  );
}
