import { useState } from 'react';
import { LIST_TEXT, type ListSort } from '../../../contract/reading-lists-values';
import { PROGRESS_TEXT } from '../../../contract/reading-progress-values';
import fieldStyles from '../../ui/TextField.module.css';
import { sharedListCsvUrl, sharedListMalExportUrl } from './lists-api';
import { SORT_LABELS } from './list-messages';
import styles from './SharedListPage.module.css';
import pageStyles from './ListPages.module.css';

/** The shared page's sorts: list order, rank both ways, stars, votes, title A–Z and Z–A. */
const SHARED_SORTS: ListSort[] = [
  'default_asc',
  'rank_asc',
  'rank_desc',
  'stars_desc',
  'stars_asc',
  'votes_desc',
  'votes_asc',
  'title_asc',
  'title_desc',
];

export interface SharedListToolsProps {
  /** The list's token; null in the build's markup and while hydrating. */
  token: string | null;
  sort: ListSort;
  onSort: (sort: ListSort) => void;
}

/** A shared list's sort, "Copy Link" and its two downloads. */
export default function SharedListTools({ token, sort, onSort }: SharedListToolsProps) {
  const [copied, setCopied] = useState<{ text: string; id: number } | null>(null);

  async function copyLink() {
    let text: string = LIST_TEXT.linkCopied;
    try {
      await navigator.clipboard.writeText(window.location.href);
    } catch {
      text = 'Copying is blocked here; copy the address instead.';
    }
    setCopied({ text, id: Date.now() });
  }

  return (
    <div className={styles.tools}>
      <label className={`${pageStyles.field} ${styles.sort}`}>
        <span>Sort</span>
        <select
          className={fieldStyles.input}
          value={sort}
          onChange={(event) => onSort(event.target.value as ListSort)}
        >
          {SHARED_SORTS.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button" onClick={copyLink}>
        {LIST_TEXT.copyLink}
      </button>
      {/* In the build's markup too (its address once the token is read), so it takes its place before
          hydration and the rows below do not move. */}
      <a className="button" href={token ? sharedListCsvUrl(token) : undefined} download>
        Download CSV
      </a>
      <a className="button" href={token ? sharedListMalExportUrl(token) : undefined} download>
        {PROGRESS_TEXT.downloadMal}
      </a>
      <p className={styles.copied} role="status">
        {copied && <span key={copied.id}>{copied.text}</span>}
      </p>
    </div>
  );
}
