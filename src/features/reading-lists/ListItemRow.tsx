import type { ReactNode } from 'react';
import type { ListItem } from '../../../contract/reading-lists';
import { coverSources } from '../catalogue/cover-image';
import { rankDescription, rankLabel, statusLabel } from '../catalogue/series-format';
import { formatStars, formatVoteCount, listScoreBand } from './list-format';
import styles from './ListItemRow.module.css';

export interface ListItemRowProps {
  item: ListItem;
  /** The first rows' covers load eagerly. */
  eager?: boolean;
  /** A control at the row's end (Remove on /my-lists). */
  action?: ReactNode;
  /** A line under the row across its width: the reading progress. */
  footer?: ReactNode;
}

/** One series of a reading list: cover, rank, status, title link, type, stars and votes. */
export default function ListItemRow({ item, eager = false, action, footer }: ListItemRowProps) {
  const cover = coverSources(item.cover_url, item.cover_variants);
  const status = statusLabel(item.status);
  return (
    <li className={styles.row} data-footer={footer ? '' : undefined}>
      <div className={styles.cover}>
        {cover ? (
          <img
            src={cover.src}
            srcSet={cover.srcSet}
            sizes={cover.srcSet ? '64px' : undefined}
            width={64}
            height={96}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span aria-hidden="true">—</span>
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.badges}>
          <span className={styles.rank} data-ranked={item.rank != null}>
            <span aria-hidden="true">{rankLabel(item.rank)}</span>
            <span className="visually-hidden">{rankDescription(item.rank)}</span>
          </span>
          {status && (
            <span className={styles.ribbon} data-status={item.status}>
              <span className="visually-hidden">Status: </span>
              {status}
            </span>
          )}
        </div>
        <a className={styles.title} href={`/series/${item.series_id}`} title={item.title}>
          {item.title}
        </a>
        <p className={styles.meta}>
          <span className={styles.type}>{item.type}</span>
          <span className={styles.score} data-band={listScoreBand(item)}>
            <span className="visually-hidden">Stars </span>
            {formatStars(item)}
          </span>
          <span className={styles.votes}>{formatVoteCount(item.vote_count)}</span>
        </p>
      </div>
      {action && <div className={styles.action}>{action}</div>}
      {footer && <div className={styles.footer}>{footer}</div>}
    </li>
  );
}

/** A placeholder of exactly a row's size. */
export function ListItemRowSkeleton({
  withAction = false,
  withFooter = false,
}: {
  withAction?: boolean;
  withFooter?: boolean;
}) {
  return (
    <li
      className={`${styles.row} ${styles.skeleton}`}
      data-footer={withFooter ? '' : undefined}
      aria-hidden="true"
    >
      <div className={styles.cover} />
      <div className={styles.body}>
        <div className={styles.badges}>
          <span className={styles.bar} style={{ width: '2.5rem' }} />
        </div>
        <span className={styles.title}>
          <span className={styles.bar} style={{ width: '70%' }} />
        </span>
        <p className={styles.meta}>
          <span className={styles.bar} style={{ width: '55%' }} />
        </p>
      </div>
      {withAction && (
        <div className={styles.action}>
          <span className={styles.bar} style={{ width: '5rem', height: 'var(--touch-target)' }} />
        </div>
      )}
      {withFooter && (
        <div className={styles.footer}>
          <span className={styles.bar} style={{ width: '14rem', height: 'var(--touch-target)' }} />
        </div>
      )}
    </li>
  );
}
