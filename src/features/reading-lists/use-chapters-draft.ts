import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { MAX_CHAPTERS_READ, MIN_CHAPTERS_READ } from '../../../contract/reading-progress-values';
import { parseChaptersRead } from './list-state';

/**
 * A chapters-read field as typed, for /my-lists and the Track panel alike: saved when left or on Enter,
 * once a whole number in range (until then `typed` is null: the field says so and nothing is sent); a count
 * changed from outside (+1, or put back after a failed save) replaces what was typed.
 */
export function useChaptersDraft(chaptersRead: number, save: (chaptersRead: number) => void) {
  const [draft, setDraft] = useState(String(chaptersRead));
  const [shown, setShown] = useState(chaptersRead);
  if (shown !== chaptersRead) {
    setShown(chaptersRead);
    setDraft(String(chaptersRead));
  }
  const typed = parseChaptersRead(draft);

  function commit() {
    if (typed !== null && typed !== chaptersRead) save(typed);
  }

  const inputProps = {
    type: 'number',
    inputMode: 'numeric',
    min: MIN_CHAPTERS_READ,
    max: MAX_CHAPTERS_READ,
    step: 1,
    value: draft,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setDraft(event.target.value),
    onBlur: commit,
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') commit();
    },
    'aria-invalid': typed === null || undefined,
  } as const;
  return { typed, inputProps };
}
