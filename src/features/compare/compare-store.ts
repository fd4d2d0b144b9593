import { atom } from 'nanostores';
import type { RankedSeries } from '../catalogue/catalogue-types';
import {
  COMPARE_LIMIT_MESSAGE,
  COMPARE_LIMIT_MESSAGE_MS,
  parseCompareIds,
  toggleCompare,
  type CompareToggleResult,
} from './compare-selection';

/** Session-storage key of the selection: it travels by navigation within the tab. */
export const COMPARE_STORAGE_KEY = 'panelrank:compare';
/** What the list knew about each selected series (title, cover, rank...), so compare shows it at once. */
export const COMPARE_KNOWN_KEY = 'panelrank:compare-known';

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

/**
 * The list entries of selected series as the lists showed them. Only a preview: the compare page shows
 * them while it loads the live details, which replace them.
 */
export const $compareKnown = atom<Record<number, RankedSeries>>({});

function readKnown(): Record<number, RankedSeries> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(COMPARE_KNOWN_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    const known: Record<number, RankedSeries> = {};
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      const entry = value as Partial<RankedSeries> | null;
      if (entry && entry.id === Number(key) && typeof entry.title === 'string')
        known[entry.id] = entry as RankedSeries;
    }
    return known;
  } catch {
    return {};
  }
}

function store(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the selection still works for this page.
  }
}

if (typeof window !== 'undefined') {
  $compareSelection.set(readStoredSelection());
  $compareKnown.set(readKnown());
  $compareSelection.listen((selection) => {
    store(COMPARE_STORAGE_KEY, selection);
    // Keep only what is still selected.
    const known = $compareKnown.get();
    const kept = Object.fromEntries(selection.filter((id) => known[id]).map((id) => [id, known[id]!]));
    $compareKnown.set(kept);
    store(COMPARE_KNOWN_KEY, kept);
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

/**
 * Toggles a series in the selection; a refused fifth one raises the limit warning. `series`, what the
 * caller shows of it, lets the compare page show it before its details arrive.
 */
export function toggleCompareSeries(id: number, series?: RankedSeries): CompareToggleResult {
  const result = toggleCompare($compareSelection.get(), id);
  if (result.kind === 'refused') {
    showNotice(COMPARE_LIMIT_MESSAGE);
    return result;
  }
  if (result.kind === 'added' && series?.id === id)
    $compareKnown.set({ ...$compareKnown.get(), [id]: series });
  $compareSelection.set(result.selection);
  return result;
}

export function clearCompareSelection(): void {
  $compareSelection.set([]);
}
