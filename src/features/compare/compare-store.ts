import { atom } from 'nanostores';
import {
  COMPARE_LIMIT_MESSAGE,
  COMPARE_LIMIT_MESSAGE_MS,
  parseCompareIds,
  toggleCompare,
  type CompareToggleResult,
} from './compare-selection';

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

/** The limit warning shown after a refused fifth selection, for 3 seconds; empty otherwise. */
export const $compareNotice = atom<string>('');
let noticeTimer: ReturnType<typeof setTimeout> | undefined;

function showNotice(message: string): void {
  clearTimeout(noticeTimer);
  $compareNotice.set(message);
  noticeTimer = setTimeout(() => $compareNotice.set(''), COMPARE_LIMIT_MESSAGE_MS);
}

/** Toggles a series in the selection; a refused fifth one raises the limit warning. */
export function toggleCompareSeries(id: number): CompareToggleResult {
  const result = toggleCompare($compareSelection.get(), id);
  if (result.kind === 'refused') showNotice(COMPARE_LIMIT_MESSAGE);
  else $compareSelection.set(result.selection);
  return result;
}

export function clearCompareSelection(): void {
  $compareSelection.set([]);
}
