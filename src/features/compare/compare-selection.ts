import { isPossibleSerialId } from '../../../contract/http-values';

/** Compare takes at most 4 series and needs at least 2. */
export const MAX_COMPARE = 4;
export const MIN_COMPARE = 2;
export const COMPARE_LIMIT_MESSAGE = 'You can only compare up to 4 series.';
/** How long the limit message stays before it hides. */
export const COMPARE_LIMIT_MESSAGE_MS = 3000;

export type CompareToggleResult =
  { kind: 'added' | 'removed'; selection: number[] } | { kind: 'refused'; selection: number[] };

/** Adds or removes a series id; a fifth addition is refused and leaves the selection unchanged. */
export function toggleCompare(selection: readonly number[], id: number): CompareToggleResult {
  if (selection.includes(id))
    return { kind: 'removed', selection: selection.filter((entry) => entry !== id) };
  if (selection.length >= MAX_COMPARE) return { kind: 'refused', selection: [...selection] };
  return { kind: 'added', selection: [...selection, id] };
}

/**
 * Series ids from untrusted text (the `ids` query parameter or session storage): ids a series can have,
 * first occurrence kept, at most 4.
 */
export function parseCompareIds(value: unknown): number[] {
  const parts: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const ids: number[] = [];
  for (const part of parts) {
    const id = typeof part === 'number' ? part : Number(String(part).trim());
    if (isPossibleSerialId(id) && !ids.includes(id)) ids.push(id);
    if (ids.length === MAX_COMPARE) break;
  }
  return ids;
}

export function compareHref(ids: readonly number[]): string {
  return ids.length ? `/compare?ids=${ids.join(',')}` : '/compare';
}
