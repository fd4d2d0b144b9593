import { Fragment } from 'react';
import { DISCOVERY_TEXT } from '../../../contract/catalogue-values';
import type { SeriesDetail } from '../catalogue/catalogue-types';
import SeriesGenreLinks from './SeriesGenreLinks';
import { externalLinks } from './external-links';
import { VOTE_PANEL_ID } from './series-page';
import { seriesCounts } from './series-values';
import { goToVotePanel } from './vote-panel-link';
import styles from './SeriesDetailView.module.css';

/**
 * The series page's facts under its title: other names, "Rate this series" (phones and tablets), type,
 * genres, author and artist, the chapter and volume counts and the same work on other sites. The lists
 * are there, hidden, when empty, so the pre-rendered page's script can fill in what an admin set after the
 * build (live-series-facts.ts, at the places marked `data-live`).
 */
export default function SeriesFacts({ detail }: { detail: SeriesDetail }) {
  const elsewhere = externalLinks(detail);
  const counts = seriesCounts(detail);
  return (
    <>
      <div className={styles.altTitles} data-live="alt-titles" hidden={detail.alt_titles.length === 0}>
        <h2 id="alt-titles-heading" className={styles.alsoOnHeading}>
          {DISCOVERY_TEXT.alsoKnownAs}
        </h2>
        <ul role="list" aria-labelledby="alt-titles-heading">
          {detail.alt_titles.map((title) => (
            <li key={title}>{title}</li>
          ))}
        </ul>
      </div>
      {/* Phones and tablets: the voting panel is further down (on wide screens it is beside). */}
      <a
        className={`button ${styles.rateLink}`}
        href={`#${VOTE_PANEL_ID}`}
        onClick={goToVotePanel}
        data-rate-link
      >
        Rate this series
      </a>
      <dl className={styles.facts}>
        <div>
          <dt>Type</dt>
          <dd data-live="type">{detail.type}</dd>
        </div>
        <div>
          <dt>Genre</dt>
          <dd data-live="genre">
            <SeriesGenreLinks genre={detail.genre} />
          </dd>
        </div>
        <div>
          <dt>Author</dt>
          <dd data-live="author">{detail.author || '–'}</dd>
        </div>
        <div>
          <dt>Artist</dt>
          <dd data-live="artist">{detail.artist || '–'}</dd>
        </div>
      </dl>
      <p className={styles.counts} data-live="counts" hidden={counts.length === 0}>
        {counts.map(({ label, value }, index) => (
          <Fragment key={label}>
            {index > 0 && ' · '}
            <span>
              {label} <b>{value}</b>
            </span>
          </Fragment>
        ))}
      </p>
      <div className={styles.alsoOn} data-live="also-on" hidden={elsewhere.length === 0}>
        <h2 id="also-on-heading" className={styles.alsoOnHeading}>
          Also on
        </h2>
        <ul role="list" aria-labelledby="also-on-heading">
          {elsewhere.map(({ site, url }) => (
            <li key={site}>
              <a href={url} target="_blank" rel="noopener">
                {site}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
