import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { isPossibleSerialId } from '../../../contract/http-values';
import {
  REVIEW_SORTS,
  REVIEW_TEXTS,
  REVIEWS_PAGE_SIZE,
  type ReviewSort,
} from '../../../contract/reviews-values';
import { errorDetail } from '../../lib/api-client';
import { useQuery } from '../../lib/use-query';
import { FormNotice, useNotice } from '../../ui/FormNotice';
import { useHydrated } from '../../ui/use-hydrated';
import { $session } from '../accounts/session-store';
import { seriesDetailStore } from '../series/series-detail-query';
import ReviewItem from './ReviewItem';
import { reviewsPageStore } from './reviews-queries';
import styles from './ReviewList.module.css';

const SORT_LABEL: Record<ReviewSort, string> = {
  helpful: REVIEW_TEXTS.sortHelpful,
  newest: REVIEW_TEXTS.sortNewest,
};

/** Where the list is: the series from the path (/series/{id}/reviews), the sort and page from the query. */
function readAddress(): { seriesId: number | null; sort: ReviewSort; page: number } {
  const match = /^\/series\/(\d+)\/reviews\/?$/.exec(window.location.pathname);
  const id = match ? Number(match[1]) : NaN;
  const query = new URLSearchParams(window.location.search);
  const sort = query.get('sort') === 'newest' ? 'newest' : 'helpful';
  const page = Math.max(1, Math.floor(Number(query.get('page')) || 1));
  return { seriesId: isPossibleSerialId(id) ? id : null, sort, page };
}

/**
 * A series' reviews, live (docs/features/reviews.md): sorted by most helpful or newest, 20 a page, with the
 * reader's helpful marks and the author's and admins' actions. The sort and page live in the address, so a
 * reload or a shared link shows the same page.
 */
export default function ReviewList() {
  const hydrated = useHydrated();
  const { user } = useStore($session, { ssr: 'initial' });
  // The address is read once hydrated (the page is the same for every series); moves set it here.
  const [moved, setWhere] = useState<ReturnType<typeof readAddress> | null>(null);
  const where = moved ?? (hydrated ? readAddress() : null);
  const [notice, show] = useNotice();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const key =
    hydrated && where?.seriesId ? { ...where, seriesId: where.seriesId, userId: user?.id ?? null } : null;
  const list = useQuery(key ? reviewsPageStore(key) : null);
  const series = useQuery(key ? seriesDetailStore(key.seriesId, user) : null);
  const title = series.data?.title;
  const heading = title ? `${REVIEW_TEXTS.heading}: ${title}` : REVIEW_TEXTS.heading;
  useEffect(() => {
    if (title) document.title = `${heading} | PanelRank`;
  }, [title, heading]);

  function go(sort: ReviewSort, page: number) {
    const url = new URL(window.location.href);
    url.searchParams.set('sort', sort);
    url.searchParams.set('page', String(page));
    window.history.replaceState(null, '', url);
    setWhere(readAddress());
  }

  if (!where || where.seriesId === null) {
    return (
      <div className={styles.root}>
        <h1>{REVIEW_TEXTS.heading}</h1>
        <p className={styles.state}>{where ? "This is not a series' review list." : 'Loading reviews…'}</p>
      </div>
    );
  }
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / REVIEWS_PAGE_SIZE)) : 1;
  return (
    <div className={styles.root}>
      <h1 ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      <p>
        <a href={`/series/${where.seriesId}`}>{title ? `Back to ${title}` : 'Back to the series'}</a>
      </p>
      <div className={styles.controls} role="group" aria-label="Sort reviews">
        {REVIEW_SORTS.map((sort) => (
          <button
            key={sort}
            type="button"
            className="button"
            aria-pressed={where.sort === sort}
            onClick={() => go(sort, 1)}
          >
            {SORT_LABEL[sort]}
          </button>
        ))}
      </div>
      <FormNotice notice={notice} />
      <div aria-busy={list.loading}>
        {list.error && !list.data ? (
          <div className={styles.state} role="alert">
            <p>{errorDetail(list.error, 'The reviews could not be loaded.')}</p>
            <button type="button" className="button" onClick={list.retry}>
              Try again
            </button>
          </div>
        ) : !list.data ? (
          <p className={styles.state}>Loading reviews…</p>
        ) : list.data.items.length === 0 ? (
          <p className={styles.state}>{where.page > 1 ? 'No reviews on this page.' : 'No reviews yet.'}</p>
        ) : (
          <>
            <p className={styles.count} role="status">
              {list.data.total.toLocaleString('en-US')} {list.data.total === 1 ? 'review' : 'reviews'}
            </p>
            <ol className={styles.list}>
              {list.data.items.map((review) => (
                <li key={`${review.id}@${review.updated_at}`}>
                  <ReviewItem
                    review={review}
                    user={user}
                    announce={show}
                    onDeleted={() => headingRef.current?.focus()}
                  />
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Review pages">
          <button
            type="button"
            className="button"
            disabled={where.page <= 1}
            onClick={() => go(where.sort, where.page - 1)}
          >
            Previous
          </button>
          <span>
            Page {where.page} of {pages}
          </span>
          <button
            type="button"
            className="button"
            disabled={where.page >= pages}
            onClick={() => go(where.sort, where.page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
