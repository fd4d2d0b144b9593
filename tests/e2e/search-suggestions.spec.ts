import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DISCOVERY_TEXT,
  resultsForText,
  seeAllResultsText,
  SUGGEST_FAILED,
  SUGGESTIONS_LABEL,
} from '../../contract/catalogue-values';
import type { RankedSeries, Suggestion } from '../../contract/catalogue';
import { apiLogin, useSession } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * Finding a series by any of its names against the seeded stack: the header's suggestions while typing (a
 * combobox whose code loads on the search box's first focus), the results page they lead to, and the
 * alternative titles an admin sets in the Edit modal, shown on the series page as "Also known as".
 */

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`${e2eStack.apiUrl}${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Opens the header's search box (behind the magnifier on a wide screen) and focuses it. */
async function openSearch(page: Page) {
  await page.locator('[data-search-toggle]').click();
  const input = page.getByRole('combobox', { name: 'Search series' });
  await expect(input).toBeFocused();
  return input;
}

const suggestionsList = (page: Page) => page.getByRole('listbox', { name: SUGGESTIONS_LABEL });

/** A term that suggests `series` among others: the start of its title (its first two words). */
async function termFor(request: APIRequestContext, series: RankedSeries) {
  const term = series.title.split(' ').slice(0, 2).join(' ');
  const suggested = await apiGet<Suggestion[]>(request, `/series/suggest?q=${encodeURIComponent(term)}`);
  expect(suggested.map((each) => each.id)).toContain(series.id);
  return { term, suggested };
}

test('the suggestions load only once the search box is focused', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (/search-suggest[^/]*\.js/.test(request.url())) chunks.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(chunks).toEqual([]);
  await openSearch(page);
  await expect.poll(() => chunks.length).toBe(1);
});

test('typing suggests series; the arrows and Enter open one, Escape closes', async ({ page, request }) => {
  const [, series] = await apiGet<RankedSeries[]>(request, '/series/rankings?page_size=2');
  const { term, suggested } = await termFor(request, series!);
  await page.goto('/about');
  const input = await openSearch(page);

  await input.pressSequentially(term.slice(0, 1));
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await input.pressSequentially(term.slice(1));
  const list = suggestionsList(page);
  await expect(list).toBeVisible();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(input).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
  const options = list.getByRole('option');
  await expect(options).toHaveCount(suggested.length + 1);
  await expect(options.last()).toHaveText(seeAllResultsText(term));
  await expect(page.locator('[data-suggestions-status]')).toHaveText(
    new RegExp(`^${suggested.length} suggestions?`),
  );

  // Escape closes the list and leaves the search box open with the term.
  await input.press('Escape');
  await expect(list).toBeHidden();
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue(term);

  // Down opens it again on the first option; Down moves on; Enter opens the active series.
  const index = suggested.findIndex((each) => each.id === series!.id);
  for (let step = 0; step <= index; step += 1) await input.press('ArrowDown');
  const active = options.nth(index);
  await expect(active).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!);
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/series/${series!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: series!.title })).toBeVisible();
});

test('suggestions that fail to load say so, and Enter still searches', async ({ page }) => {
  await page.route(`${e2eStack.apiUrl}/series/suggest?**`, (route) => route.abort());
  await page.goto('/about');
  const input = await openSearch(page);
  await input.fill('Return of');
  await expect(page.getByText(SUGGEST_FAILED)).toBeVisible();
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await input.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('Return of');
});

test('"See all results" opens the results page headed by the term with the count', async ({
  page,
  request,
}) => {
  const [series] = await apiGet<RankedSeries[]>(request, '/series/rankings?page_size=1');
  const { term } = await termFor(request, series!);
  const results = await apiGet<unknown[]>(request, `/series/search?query=${encodeURIComponent(term)}`);
  await page.goto('/about');
  const input = await openSearch(page);
  await input.fill(term);
  await expect(suggestionsList(page)).toBeVisible();
  // Up from the input: the last option, "See all results".
  await input.press('ArrowUp');
  await expect(suggestionsList(page).getByRole('option').last()).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(term);
  const count = `${results.length} ${results.length === 1 ? 'result' : 'results'}`;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${resultsForText(term)} ${count}`);
});

test('an admin sets alternative titles; the series page and the suggestions show them', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
  await useSession(page, admin);
  const series = (await apiGet<RankedSeries[]>(request, '/series/rankings?page_size=10'))[6]!;
  const alternatives = ['Zephyr Quill Chronicle', '西风羽毛笔'];
  await page.goto('/');
  await page.getByRole('button', { name: `Edit ${series.title}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Series' });
  const field = dialog.getByLabel('Alternative titles');
  await field.fill(alternatives.join('\n'));
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/series/${series.id}`);
  const known = page.getByRole('list', { name: DISCOVERY_TEXT.alsoKnownAs });
  await expect(known.getByRole('listitem')).toHaveText(alternatives);

  // Typed, the alternative title suggests the series and says it matched.
  const input = await openSearch(page);
  await input.fill('Zephyr Quill');
  const option = suggestionsList(page).getByRole('option').first();
  await expect(option).toContainText(series.title);
  await expect(option).toContainText(`${DISCOVERY_TEXT.alsoKnownAs} ${alternatives[0]}`);
});
