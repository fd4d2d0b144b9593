import { useStore } from '@nanostores/react';
import { $isSignedIn } from '../accounts/session-flags';
import { useHydrated } from '../../ui/use-hydrated';
import { $seriesInLists, openAddToList } from './lists-store';
import styles from './ListToggle.module.css';

export interface ListToggleProps {
  series: { id: number; title: string };
}

/**
 * The reading-list toggle on a series card, beside its vote count (never on the cover, where the rank, the
 * ribbon and the cover's own type tag are): filled while the series is in one of the user's lists; a click
 * opens the quick controls ("Add to Reading List": which list, and the reading status). Only for signed-in
 * users; their cards keep its room from the first paint (SeriesCard's `withListToggle`), so it never
 * shifts the card.
 */
export default function ListToggle({ series }: ListToggleProps) {
  const hydrated = useHydrated();
  const signedIn = useStore($isSignedIn, { ssr: 'initial' });
  const inLists = useStore($seriesInLists, { ssr: 'initial' });
  if (hydrated && !signedIn) return null;
  // Undefined in the build-time markup and while hydrating (the lists are not known there).
  const inList = inLists?.has(series.id) ?? false;
  const label = inList
    ? `“${series.title}” is in your reading lists`
    : `Add “${series.title}” to a reading list`;
  return (
    <button
      type="button"
      className={styles.toggle}
      data-in-list={inList}
      aria-haspopup="dialog"
      aria-label={label}
      title={inList ? 'In your reading lists' : 'Add to a reading list'}
      onClick={() => openAddToList(series)}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M6.5 3.5h11a1 1 0 0 1 1 1v16l-6.5-4.2-6.5 4.2v-16a1 1 0 0 1 1-1z" />
      </svg>
    </button>
  );
}
