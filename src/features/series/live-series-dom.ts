import type { SeriesDetail } from '../catalogue/catalogue-types';
import { categoryTiles, distributionBars, finalScoreShown, rankShown } from './series-values';

/*
 * Puts a live detail's figures into a pre-rendered series page (SeriesDetailView's markup, rendered at
 * build time and never hydrated), at the places it marks `data-live`: the exact rank where the build showed
 * a band, the final score and its colour, the voters' line, each category's average, votes and bars (the
 * names and facts are live-series-facts.ts's). Texts come from series-values.ts, as the build's do.
 * Every write is skipped when the text is already there, so an unchanged page is not touched.
 */

function setText(element: Element | null, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

function setAttr(element: Element | null, name: string, value: string): void {
  if (element && element.getAttribute(name) !== value) element.setAttribute(name, value);
}

function live(root: ParentNode, name: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-live="${name}"]`);
}

function showRank(badge: HTMLElement | null, detail: SeriesDetail): void {
  if (!badge) return;
  const rank = rankShown(detail);
  setAttr(badge, 'data-ranked', String(rank.ranked));
  if (rank.label === null) return setText(badge, 'Unranked');
  const [shown, spoken] = [...badge.children];
  if (shown && spoken) {
    setText(shown, rank.label);
    setText(spoken, rank.description);
    return;
  }
  // The build said "Unranked": the badge gets the two spans the view renders for a rank.
  const label = document.createElement('span');
  label.setAttribute('aria-hidden', 'true');
  label.textContent = rank.label;
  const description = document.createElement('span');
  description.className = 'visually-hidden';
  description.textContent = rank.description;
  badge.replaceChildren(label, description);
}

function showBars(chart: Element | null, counts: readonly number[]): void {
  if (!chart) return;
  const items = chart.children;
  distributionBars(counts).forEach((bar, index) => {
    const [fill, text] = items[index]?.children ?? [];
    if (fill instanceof HTMLElement && fill.style.height !== bar.height) fill.style.height = bar.height;
    setAttr(fill ?? null, 'data-empty', String(bar.empty));
    setText(text ?? null, bar.text);
  });
}

/** Shows `detail`'s figures in the page's markup under `root`. */
export function showLiveDetail(root: ParentNode, detail: SeriesDetail): void {
  showRank(live(root, 'rank'), detail);
  const score = finalScoreShown(detail);
  const finalScore = live(root, 'final-score');
  setText(finalScore, score.text);
  setAttr(finalScore, 'data-band', score.band);
  setText(live(root, 'voters'), score.line);
  for (const tile of categoryTiles(detail)) {
    const element = root.querySelector(`[data-category="${tile.label}"]`);
    if (!element) continue;
    const average = live(element, 'category-score');
    setText(average, tile.score);
    setAttr(average, 'data-band', tile.band);
    setText(live(element, 'category-votes'), tile.votes);
    showBars(live(element, 'bars'), tile.distribution);
  }
}

/** Marks the score block and tiles as settled (true while the live figures are on their way). */
export function markRefreshing(root: ParentNode, refreshing: boolean): void {
  for (const name of ['rating', 'categories']) setAttr(live(root, name), 'aria-busy', String(refreshing));
}
