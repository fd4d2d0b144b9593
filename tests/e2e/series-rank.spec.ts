import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eStack } from './stack-config';

/*
 * A series page's pre-rendered rank is its band ("Top 50") below the top ten, and its score has one decimal,
 * so another series' votes do not rewrite the page (docs/decisions/prerendered-ranks.md); the island shows
 * the exact live rank once it loads.
 */

interface RankedSeries {
  id: number;
  rank: number | null;
  final_score: number;
}

/** A series ranked well inside the 26-50 band, so other specs' votes do not move it out. */
async function seriesInTop50(request: APIRequestContext): Promise<RankedSeries> {
  const response = await request.get(`${e2eStack.apiUrl}/series/rankings?page=1&page_size=50`);
  expect(response.ok()).toBeTruthy();
  const series = ((await response.json()) as RankedSeries[]).find((entry) => entry.rank === 37);
  expect(series, 'the demo catalogue ranks at least 37 series').toBeDefined();
  return series!;
}

const rankText = (page: import('@playwright/test').Page) =>
  page.locator('main [data-ranked] .visually-hidden').first();

test('without JavaScript a series page shows its rank band and its score to one decimal', async ({
  browser,
  request,
}) => {
  const series = await seriesInTop50(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/series/${series.id}`);
  await expect(rankText(page)).toHaveText('Ranked in the top 50');
  await expect(page.locator('main [data-ranked] [aria-hidden="true"]').first()).toHaveText('Top 50');
  const book = (
    await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}')))
  ).find((entry: { '@type'?: string }) => entry['@type'] === 'Book') as {
    aggregateRating?: { ratingValue: number };
  };
  expect(book.aggregateRating?.ratingValue).toBeDefined();
  expect(Number.isInteger(book.aggregateRating!.ratingValue * 10)).toBe(true);
  // The cards to other series show neither a rank nor a score (votes elsewhere must not rewrite the page).
  const related = page.getByRole('region', { name: 'Related series' });
  await expect(related.getByRole('article').first()).toBeVisible();
  await expect(related.locator('[data-ranked]')).toHaveCount(0);
  await expect(related.getByText(/^Score /)).toHaveCount(0);
  await context.close();
});

test('with JavaScript the same page shows the exact live rank', async ({ page, request }) => {
  const series = await seriesInTop50(request);
  await page.goto(`/series/${series.id}`);
  await expect(rankText(page)).toHaveText(`Rank ${series.rank}`);
  await expect(page.locator('main [data-ranked] [aria-hidden="true"]').first()).toHaveText(`#${series.rank}`);
});
