import { useId, type KeyboardEvent } from 'react';
import { DISCOVERY_TEXT, RANKING_SORTS, RANKING_SORT_LABELS } from '../../../contract/catalogue-values';
import { SERIES_STATUSES, type SeriesStatus } from './catalogue-types';
import { type RankingView } from './ranking-view';
import { statusLabel } from './series-format';
import fieldStyles from '../../ui/TextField.module.css';
import styles from './BrowseControls.module.css';

export interface BrowseControlsProps {
  view: RankingView;
  /** Every genre of the catalogue, by name. */
  genres: readonly string[];
  onChange: (view: RankingView) => void;
}

type GenreChoice = 'any' | 'include' | 'exclude';

function choiceOf(view: RankingView, genre: string): GenreChoice {
  const key = genre.toLowerCase();
  if (view.genres.some((chosen) => chosen.toLowerCase() === key)) return 'include';
  return view.not.some((chosen) => chosen.toLowerCase() === key) ? 'exclude' : 'any';
}

/** The view with `genre` included, excluded or neither. */
function withGenre(view: RankingView, genre: string, choice: GenreChoice): RankingView {
  const others = (list: string[]) => list.filter((chosen) => chosen.toLowerCase() !== genre.toLowerCase());
  return {
    ...view,
    genres: choice === 'include' ? [...others(view.genres), genre] : others(view.genres),
    not: choice === 'exclude' ? [...others(view.not), genre] : others(view.not),
  };
}

/** Escape closes the genre chooser and gives the focus back to its button. */
function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  if (event.key !== 'Escape' || !details.open) return;
  details.open = false;
  details.querySelector('summary')?.focus();
}

/**
 * The order and filters of a ranked list: labelled selects for the order and the status, and a genre
 * chooser (a disclosure with one labelled select per genre: any, include, exclude) that works by keyboard.
 * Enabled from the first paint: the island hydrates when they are reached for, and a choice made before
 * it is ready is made again then (`client:interaction`).
 */
export default function BrowseControls({ view, genres, onChange }: BrowseControlsProps) {
  const id = useId();
  const chosen = view.genres.length + view.not.length;
  return (
    <div
      className={styles.controls}
      role="group"
      aria-label={DISCOVERY_TEXT.browseLabel}
      data-genres={genres.length > 0 ? '' : undefined}
    >
      <label className={styles.field} htmlFor={`${id}-sort`}>
        <span>{DISCOVERY_TEXT.sortLabel}</span>
        <select
          className={fieldStyles.input}
          id={`${id}-sort`}
          value={view.sort}
          onChange={(event) => onChange({ ...view, sort: event.target.value as RankingView['sort'] })}
        >
          {RANKING_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {RANKING_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field} htmlFor={`${id}-status`}>
        <span>{DISCOVERY_TEXT.statusLabel}</span>
        <select
          className={fieldStyles.input}
          id={`${id}-status`}
          value={view.status ?? ''}
          onChange={(event) =>
            onChange({ ...view, status: (event.target.value || undefined) as SeriesStatus | undefined })
          }
        >
          <option value="">{DISCOVERY_TEXT.anyStatus}</option>
          {SERIES_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </label>
      {genres.length > 0 && (
        <details className={styles.genres} onKeyDown={closeOnEscape}>
          <summary>
            {DISCOVERY_TEXT.genresLabel}
            {chosen > 0 && <span className={styles.count}>({chosen})</span>}
          </summary>
          <fieldset className={styles.genreList}>
            <legend className="visually-hidden">{DISCOVERY_TEXT.genresLabel}</legend>
            {genres.map((genre) => (
              <label key={genre} className={styles.genre}>
                <span>{genre}</span>
                <select
                  className={fieldStyles.input}
                  value={choiceOf(view, genre)}
                  onChange={(event) => onChange(withGenre(view, genre, event.target.value as GenreChoice))}
                >
                  <option value="any">{DISCOVERY_TEXT.genreAny}</option>
                  <option value="include">{DISCOVERY_TEXT.genreInclude}</option>
                  <option value="exclude">{DISCOVERY_TEXT.genreExclude}</option>
                </select>
              </label>
            ))}
          </fieldset>
        </details>
      )}
    </div>
  );
}
