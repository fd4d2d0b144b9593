import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eStack } from './stack-config';

/*
 * Browsing as readers do: the genre, most popular and trending pages as crawlers see them, and the order
 * and filters of the ranked lists kept in the address. Expected lists come from the live API.
 */

interface RankedSeries {
  id: number;
  title: string;
  status: string | null;
  rank: number | null;
}

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`${e2eStack.apiUrl}${path}`);
  expect(response.ok(), `GET ${path}`).toBeTruthy();
  return (await response.json()) as T;
}

const cards = (page: Page) => page.locator('main article');

async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await cards(page)
    .locator('h2 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  return hrefs.map((href) => Number(href?.split('/').pop()));
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  return page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}')));
}

/** The overall rank by final score of every series. */
async function scoreRanks(request: APIRequestContext): Promise<Map<number, number | null>> {
  const order = await apiGet<{ items: { id: number; rank: number | null }[] }>(
    request,
    '/series/ranking-order',
  );
  return new Map(order.items.map((place) => [place.id, place.rank]));
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a genre page is pre-rendered with its copy, ranks by final score, ItemList and pages', async ({
    page,
    request,
  }) => {
    // The genre with the most series among the home page's genre links: it has a second page.
    await page.goto('/');
    const links = page.getByRole('navigation', { name: 'Browse by genre' }).getByRole('link');
    const genres = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => ({ name: anchor.textContent!.trim(), href: anchor.getAttribute('href')! })),
    );
    expect(genres.length).toBeGreaterThan(1);
    const sizes = await Promise.all(
      genres.map(async (genre) => {
        const query = `/series/rankings?page=2&page_size=25&genre=${encodeURIComponent(genre.name)}`;
        return (await apiGet<RankedSeries[]>(request, query)).length;
      }),
    );
    const genre = genres[sizes.indexOf(Math.max(...sizes))]!;
    expect(genre.href).toMatch(/^\/genre\/[a-z0-9-]+$/);
    const firstPage = await apiGet<RankedSeries[]>(
      request,
      `/series/rankings?page=1&page_size=25&genre=${encodeURIComponent(genre.name)}`,
    );

    await page.goto(genre.href);
    await expect(page).toHaveTitle(`Top ranked ${genre.name} series | PanelRank`);
    await expect(page.locator('h1')).toHaveText(`Top ranked ${genre.name} series`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(genre.name));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${genre.href}$`));
    expect(await cardIds(page)).toEqual(firstPage.map((series) => series.id));
    // Each card shows the series' rank by final score over the whole catalogue.
    await expect(cards(page).first()).toContainText(`#${firstPage[0]!.rank}`);
    const itemList = (await jsonLd(page)).find((block) => block['@type'] === 'ItemList') as {
      itemListElement: { position: number; url: string }[];
    };
    expect(itemList.itemListElement.map((item) => Number(item.url.split('/').pop()))).toEqual(
      firstPage.map((series) => series.id),
    );

    await page
      .getByRole('navigation', { name: 'Pages of the ranking' })
      .getByRole('link', { name: 'Next' })
      .click();
    await expect(page).toHaveURL(new RegExp(`${genre.href}/page/2$`));
    await expect(page).toHaveTitle(new RegExp(`^Top ranked ${genre.name} series, page 2 of \\d+`));
    const second = (await jsonLd(page)).find((block) => block['@type'] === 'ItemList') as {
      itemListElement: { position: number }[];
    };
    expect(second.itemListElement[0]!.position).toBe(26);
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', new RegExp(`${genre.href}$`));
  });

  test('genre pages in other spellings redirect to the lowercase slug; the sitemap lists the new pages', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page
      .getByRole('navigation', { name: 'Browse by genre' })
      .getByRole('link')
      .first()
      .getAttribute('href');
    const moved = await request.get(`${href!.toUpperCase().replace('/GENRE/', '/genre/')}/page/1`, {
      maxRedirects: 0,
    });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(href);

    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemap = await (
      await request.get(new URL(/<loc>([^<]+)<\/loc>/.exec(index)![1]!).pathname)
    ).text();
    for (const path of [href!, '/popular', '/trending', `/type/manhwa${href}`]) {
      expect(sitemap).toContain(`${path}</loc>`);
    }
  });

  test('/popular lists the most voted series first, each with its rank by final score', async ({
    page,
    request,
  }) => {
    await page.goto('/popular');
    await expect(page.locator('h1')).toHaveText('Most popular series');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/popular$/);
    const ranks = await scoreRanks(request);
    const ids = await cardIds(page);
    expect(ids).toHaveLength(25);
    await expect(cards(page).first()).toContainText(`#${ranks.get(ids[0]!)}`);
    await page.goto('/trending');
    await expect(page.locator('h1')).toHaveText('Trending series');
    await expect(cards(page)).not.toHaveCount(0);
  });
});

test('choosing an order and a status changes the address and the list; reloading shows the same view', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.waitForFunction(() => document.querySelector('astro-island[ssr][client="idle"]') === null);
  const controls = page.getByRole('group', { name: 'Order and filters' });
  const order = controls.getByLabel('Order');
  const status = controls.getByLabel('Status');

  await order.selectOption({ label: 'Most popular' });
  await expect(page).toHaveURL(/\/\?sort=popular$/);
  const popular = await apiGet<RankedSeries[]>(request, '/series/rankings?page=1&page_size=25&sort=popular');
  await expect.poll(() => cardIds(page)).toEqual(popular.map((series) => series.id));

  await status.selectOption('COMPLETE');
  await expect(page).toHaveURL(/\/\?sort=popular&status=COMPLETE$/);
  const complete = await apiGet<RankedSeries[]>(
    request,
    '/series/rankings?page=1&page_size=25&sort=popular&status=COMPLETE',
  );
  expect(complete.length).toBeGreaterThan(0);
  expect(complete.every((series) => series.status === 'COMPLETE')).toBe(true);
  await expect.poll(() => cardIds(page)).toEqual(complete.map((series) => series.id));

  // Whatever the order, a card shows the series' rank by final score.
  const ranks = await scoreRanks(request);
  const first = complete[0]!;
  await expect(cards(page).first()).toContainText(`#${ranks.get(first.id)}`);

  await page.reload();
  await page.waitForFunction(() => document.querySelector('astro-island[ssr][client="idle"]') === null);
  await expect(order).toHaveValue('popular');
  await expect(status).toHaveValue('COMPLETE');
  await expect.poll(() => cardIds(page)).toEqual(complete.map((series) => series.id));
  // Another view than the page's own: the pager of the ranked pages is not shown over it.
  await expect(page.getByRole('navigation', { name: 'Pages of the ranking' })).toHaveCount(0);
});

test('the genre chooser includes and excludes genres by keyboard, in the address', async ({ page }) => {
  await page.goto('/type/manhwa');
  await page.waitForFunction(() => document.querySelector('astro-island[ssr][client="idle"]') === null);
  const controls = page.getByRole('group', { name: 'Order and filters' });
  const chooser = controls.locator('summary', { hasText: 'Genres' });
  await chooser.focus();
  await page.keyboard.press('Enter');
  const first = controls.locator('fieldset select').first();
  await expect(first).toBeVisible();
  const genre = (await controls.locator('fieldset label span').first().textContent())!.trim();
  await first.selectOption('exclude');
  await expect(page).toHaveURL(
    new RegExp(`/type/manhwa\\?not=${encodeURIComponent(genre).replace(/%20/g, '\\+')}$`),
  );
  await page.keyboard.press('Escape');
  await expect(first).toBeHidden();
  await expect(chooser).toBeFocused();
  await expect(chooser).toContainText('(1)');
  for (const card of await cards(page).all()) await expect(card).toContainText('MANHWA');
});
