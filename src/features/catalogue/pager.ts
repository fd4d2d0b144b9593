/** The numbered pager of the ranked lists: which page links to show. Pure, no DOM. */

export type PagerItem = { kind: 'page'; page: number; current: boolean } | { kind: 'gap'; key: string };

/**
 * The first and last page, the current one and `around` pages on each side of it; a run of skipped pages
 * becomes a gap, except a single skipped page, which is shown (a gap would take as much room).
 * `1 … 4 5 6 … 12`, `1 2 3 4 5 … 12`, `1 2 3`.
 */
export function pagerItems(current: number, total: number, around = 1): PagerItem[] {
  const last = Math.max(1, Math.floor(total));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const shown = new Set<number>([1, last]);
  for (let offset = -around; offset <= around; offset += 1) {
    const candidate = page + offset;
    if (candidate >= 1 && candidate <= last) shown.add(candidate);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  sorted.forEach((number, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && number - previous === 2) {
      items.push({ kind: 'page', page: number - 1, current: false });
    } else if (previous !== undefined && number - previous > 2) {
      items.push({ kind: 'gap', key: `gap-${previous}` });
    }
    items.push({ kind: 'page', page: number, current: number === page });
  });
  return items;
}
