import { atom } from 'nanostores';
import { parseCompareIds, toggleCompare, type CompareToggleResult } from './compare-selection';

/** Session-storage key of the selection: it travels by navigation within the tab, as the spec says. */
export const COMPARE_STORAGE_KEY = 'panelrank:compare';

/**
 * The series ids selected for comparison. It starts empty everywhere so server-rendered markup and the
 * first client render agree (read it with `useStore($compareSelection, { ssr: 'initial' })`); the stored
 * selection is applied right after.
 */
export const $compareSelection = atom<number[]>([]);

function readStoredSelection(): number[] {
  try {
    const raw = sessionStorage.getItem(COMPARE_STORAGE_KEY);
    return raw ? parseCompareIds(JSON.parse(raw)) : [];
  } catch {
    // Blocked storage or a corrupt entry: start with no selection.
    return [];
  }
}

if (typeof window !== 'undefined') {
  $compareSelection.set(readStoredSelection());
  $compareSelection.listen((selection) => {
    try {
      sessionStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(selection));
    } catch {
      // Storage full or blocked: the selection still works for this page.
    }
  });
}

export function toggleCompareSeries(id: number): CompareToggleResult {
  const result = toggleCompare($compareSelection.get(), id);
  if (result.kind !== 'refused') $compareSelection.set(result.selection);
  return result;
}

export function clearCompareSelection(): void {
  $compareSelection.set([]);
}
