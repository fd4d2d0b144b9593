import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { apiLogin, coverPng } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * The catalogue against the seeded stack: ranked lists (pre-rendered, infinite scroll, search, genres),
 * series cards, compare and the series page's metadata. Expected values come from the live API, so the
 * specs hold for any seeded catalogue of 60 or more series with covers.
 */

interface RankedSeries {
  id: number;
  title: string;
  genre: string;
  type: string;
  rank: number | null;
  vote_count: number;
  final_score: number;
}

interface SeriesDetail extends Omit<RankedSeries, 'id'> {
  series_id: number;
  synopsis: string;
  author: string;
  artist: string;
}

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`${e2eStack.apiUrl}${path}`);
  expect(response.ok(), `GET ${path}`).toBeTruthy();
  return (await response.json()) as T;
}

const cards = (page: Page) => page.locator('main article');

/**
 * Islands hydrate when the browser is idle; wait until none is left unhydrated. Islands that hydrate only
 * once scrolled into view (client:visible, e.g. the voting panel) or reached for (client:interaction, e.g.
 * the admin tools, for signed-in visitors only) are not waited for.
 */
async function waitForIslands(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('astro-island[ssr]:not([client="visible"]):not([client="interaction"])') ===
      null,
  );
}

async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await cards(page)
    .locator('h2 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  return hrefs.map((href) => Number(href?.split('/').pop()));
}

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home lists the first 25 ranked series, complete', async ({ page }) => {
    // The list is the build's: compare it with the page's own ItemList, not the live API, which other
    // specs may have changed since the build.
    await page.goto('/');
    await expect(cards(page)).toHaveCount(25);
    const ids = await cardIds(page);
    expect(new Set(ids).size).toBe(25);

    const first = cards(page).first();
    await expect(first).toContainText('#1');
    await expect(first.getByRole('button', { name: /^Compare / })).toHaveAttribute('aria-pressed', 'false');

    // The first cover loads eagerly at high priority, later ones lazily; all from the width variants.
    const firstCover = first.locator('img');
    await expect(firstCover).toHaveAttribute('fetchpriority', 'high');
    await expect(firstCover).toHaveAttribute('srcset', /200w.*400w/);
    await expect(firstCover).toHaveAttribute('width', '200');
    await expect(firstCover).toHaveAttribute('height', '300');
    await expect(cards(page).nth(20).locator('img')).toHaveAttribute('loading', 'lazy');

    const jsonLd = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}')));
    const website = jsonLd.find((block) => block['@type'] === 'WebSite');
    expect(website.potentialAction.target.urlTemplate).toMatch(/\/\?search=\{search_term_string\}$/);
    const itemList = jsonLd.find((block) => block['@type'] === 'ItemList');
    expect(itemList.itemListElement).toHaveLength(25);
    expect(
      itemList.itemListElement.map((item: { url: string }) => Number(item.url.split('/').pop())),
    ).toEqual(ids);
    expect(itemList.itemListElement.map((item: { position: number }) => item.position)).toEqual(
      Array.from({ length: 25 }, (_, index) => index + 1),
    );
    await expect(first.locator('h2')).toHaveText(itemList.itemListElement[0].name);
  });

  test('type pages list only their type', async ({ page }) => {
    await page.goto('/type/manga');
    await expect(page.locator('h1')).toContainText(/manga/i);
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(25);
    for (const card of await cards(page).all()) await expect(card).toContainText('MANGA');
    await expect(cards(page).first()).toContainText('#1');
  });
});

test('other casings and short forms of type pages redirect permanently', async ({ request }) => {
  for (const path of ['/manhwa', '/MANHWA', '/type/MANHWA', '/type/Manga', '/Manhua']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location).toBe(`/type/${path.split('/').pop()!.toLowerCase()}`);
  }
});

test('infinite scroll loads the next pages, once each, down to the end message', async ({
  page,
  request,
}) => {
  const all: RankedSeries[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const batch = await apiGet<RankedSeries[]>(request, `/series/rankings?page=${pageNumber}&page_size=25`);
    all.push(...batch);
    if (batch.length < 25) break;
  }
  expect(all.length).toBeGreaterThan(50);

  // Slow the next pages down so the 12-card skeleton can be seen: the pre-rendered pages, which a plain
  // script appends, and the API's, which the list reads once React runs. Fault injection, not a fake: every
  // request still goes to the site or the live API and its real answer is used.
  await page.route(/\/page\/\d+$|\/series\/rankings\?/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/');
  await waitForIslands(page);
  await expect(cards(page)).toHaveCount(25);

  await scrollToBottom(page);
  const skeleton = page.getByTestId('series-skeleton');
  await expect(skeleton).toBeVisible();
  await expect(skeleton.locator(':scope > *')).toHaveCount(12);
  await expect(cards(page)).toHaveCount(50);
  await expect(skeleton).toBeHidden();

  const end = page.getByText("You've seen everything, new series added periodically.", { exact: true });
  while (!(await end.isVisible())) {
    await scrollToBottom(page);
    await page.waitForTimeout(300);
  }
  // The pages are the build's (React, once reached for, reads the rest live), so allow for series other
  // specs added or removed.
  const ids = await cardIds(page);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.length).toBeGreaterThanOrEqual(all.length - 3);
});

test('a search replaces the list with ranked matches; clearing it reloads page 1', async ({
  page,
  request,
}) => {
  const thirdPage = await apiGet<RankedSeries[]>(request, '/series/rankings?page=3&page_size=25');
  const target = thirdPage[0]!;
  const results = await apiGet<RankedSeries[]>(
    request,
    `/series/search?query=${encodeURIComponent(target.title)}`,
  );

  await page.goto(`/?search=${encodeURIComponent(target.title)}`);
  await waitForIslands(page);
  await expect(page.getByRole('heading', { name: /Results for/ })).toContainText(target.title);
  await expect(cards(page)).toHaveCount(results.length);
  const card = cards(page).filter({ has: page.locator(`a[href="/series/${target.id}"]`) });
  // The true rank is kept.
  await expect(card).toContainText(target.rank == null ? '–' : `#${target.rank}`);
  // Searching stops paging.
  await scrollToBottom(page);
  await page.waitForTimeout(500);
  await expect(cards(page)).toHaveCount(results.length);

  await page.locator('[data-search-toggle]').click();
  await expect(page.locator('[data-search-input]')).toHaveValue(target.title);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(cards(page)).toHaveCount(25);
  // The term is cleared everywhere it shows, and the focus stays in the list (its button went away).
  await expect(page.locator('[data-search-input]')).toHaveValue('');
  await expect(
    page.getByRole('group', { name: 'Filter by genre' }).getByRole('button', { pressed: true }),
  ).toBeFocused();
});

test('search results are headed "Results for “{term}”" with their count', async ({ page, request }) => {
  const [target] = await apiGet<RankedSeries[]>(request, '/series/rankings?page=2&page_size=1');
  const term = target!.title;
  const results = await apiGet<RankedSeries[]>(request, `/series/search?query=${encodeURIComponent(term)}`);
  const counted = (count: number) => `${count} ${count === 1 ? 'result' : 'results'}`;

  await page.goto(`/?search=${encodeURIComponent(term)}`);
  await waitForIslands(page);
  await expect(cards(page)).toHaveCount(results.length);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`Results for “${term}” ${counted(results.length)}`);
  await expect(page.getByRole('heading', { name: 'Top ranked series' })).toHaveCount(0);

  // No match: the count says 0 and the empty state shows.
  const nothing = 'zq no such series xj';
  await page.goto(`/?search=${encodeURIComponent(nothing)}`);
  await waitForIslands(page);
  await expect(heading).toHaveText(`Results for “${nothing}” ${counted(0)}`);
  await expect(page.locator('main p:not([role])', { hasText: 'No titles found' })).toBeVisible();

  // Cleared: the list's own heading is back.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(heading).toHaveText('Top ranked series');
});

test('the header search shows results in place on the home page', async ({ page, request }) => {
  const [first] = await apiGet<RankedSeries[]>(request, '/series/rankings?page=2&page_size=1');
  await page.goto('/');
  await waitForIslands(page);
  await page.locator('[data-search-toggle]').click();
  await page.locator('[data-search-input]').fill(first!.title);
  await page.locator('[data-search-input]').press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(first!.title);
  await expect(cards(page).locator(`a[href="/series/${first!.id}"]`)).toHaveCount(1);
});

test('choosing a genre filters through the API and keeps the ranks', async ({ page, request }) => {
  await page.goto('/');
  await waitForIslands(page);
  const strip = page.getByRole('group', { name: 'Filter by genre' });
  await expect(strip.getByRole('button', { name: 'ALL', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(strip.getByRole('button', { name: 'Scroll genres right' })).toBeVisible();

  const genreButton = strip.locator('li button').nth(1);
  const genre = (await genreButton.textContent())!.trim();
  const expected = await apiGet<RankedSeries[]>(
    request,
    `/series/rankings?page=1&page_size=25&genre=${encodeURIComponent(genre)}`,
  );
  await genreButton.click();
  await expect(genreButton).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => cardIds(page)).toEqual(expected.map((series) => series.id));
  const firstRank = expected[0]!.rank;
  await expect(cards(page).first()).toContainText(firstRank == null ? '–' : `#${firstRank}`);

  await strip.getByRole('button', { name: 'ALL', exact: true }).click();
  await expect(cards(page)).toHaveCount(25);
});

test('an empty genre shows the empty state with "Clear genre filter"', async ({ page, request }) => {
  // A genre the live API has no series for: a MANHWA series of its own is added, loaded into the list (so
  // its genre is in the strip, which lists the loaded series' genres), then deleted before the genre is
  // chosen.
  const admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
  const asAdmin = { authorization: `Bearer ${admin.access_token}` };
  const genre = 'E2E Vanishing Genre';
  const title = `E2E Vanishing ${Date.now().toString(36)}`;
  const added = await request.post(`${e2eStack.apiUrl}/series`, {
    headers: asAdmin,
    multipart: {
      title,
      genre,
      type: 'MANHWA',
      cover: { name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(200, 300) },
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as RankedSeries;
  let deleted = false;
  try {
    await page.goto('/type/manhwa');
    await waitForIslands(page);
    // The pre-rendered pages are the build's; reached for, the list reads the pages after the first live.
    await page.getByRole('group', { name: 'Order and filters' }).getByLabel('Order').hover();
    await expect(page.locator('main astro-island[client="interaction"]').first()).not.toHaveAttribute('ssr');
    const initialCount = await cards(page).count();
    // Unranked (no votes yet), so it arrives with the last page.
    const end = page.getByText("You've seen everything, new series added periodically.", { exact: true });
    await expect
      .poll(async () => {
        await scrollToBottom(page);
        return end.isVisible();
      })
      .toBe(true);
    await expect(cards(page).locator(`a[href="/series/${id}"]`)).toHaveCount(1);
    const strip = page.getByRole('group', { name: 'Filter by genre' });
    const genreButton = strip.getByRole('button', { name: genre, exact: true });
    await expect(genreButton).toHaveCount(1);

    const removed = await request.delete(`${e2eStack.apiUrl}/series/${id}`, { headers: asAdmin });
    expect(removed.status()).toBe(204);
    deleted = true;
    expect(
      await apiGet<RankedSeries[]>(
        request,
        `/series/rankings?page=1&page_size=25&type=MANHWA&genre=${encodeURIComponent(genre)}`,
      ),
    ).toEqual([]);

    await page.evaluate(() => window.scrollTo(0, 0));
    await genreButton.click();
    await expect(genreButton).toHaveAttribute('aria-pressed', 'true');
    // (The live region announces the same text.)
    await expect(page.locator('main p:not([role])', { hasText: 'No MANHWA titles found' })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    const firstPage = await apiGet<RankedSeries[]>(
      request,
      '/series/rankings?page=1&page_size=25&type=MANHWA',
    );
    await page.getByRole('button', { name: 'Clear genre filter' }).click();
    await expect(cards(page)).toHaveCount(initialCount);
    await expect.poll(() => cardIds(page)).toEqual(firstPage.map((series) => series.id));
    await expect(strip.getByRole('button', { name: 'ALL', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  } finally {
    // Leave the catalogue as the other specs expect it, whatever happened above.
    if (!deleted) await request.delete(`${e2eStack.apiUrl}/series/${id}`, { headers: asAdmin });
  }
});

test('a failed load says so', async ({ page }) => {
  await page.goto('/');
  await waitForIslands(page);
  // A simulated network failure (fault injection): the request is aborted, no answer is made up.
  await page.route('**/series/rankings?**', (route) => route.abort());
  await page.getByRole('group', { name: 'Filter by genre' }).locator('li button').nth(1).click();
  await expect(page.getByRole('alert')).toContainText('Failed to load series');

  // Back online: "Try again" loads the list, and the focus lands on its first series, not at the top.
  await page.unroute('**/series/rankings?**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(cards(page).first()).toBeVisible();
  await expect(cards(page).first().getByRole('link')).toBeFocused();
});

test('compare: up to 4 series, the limit message, and the compare page', async ({ page }) => {
  await page.goto('/');
  await waitForIslands(page);
  const toggles = cards(page).getByRole('button', { name: /^Compare / });
  const compareLink = page.getByRole('link', { name: /^Compare \d Series$/ });

  await toggles.nth(0).click();
  await expect(toggles.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(compareLink).toHaveCount(0);
  await toggles.nth(1).click();
  await expect(compareLink).toHaveText('Compare 2 Series');
  await toggles.nth(2).click();
  await toggles.nth(3).click();
  await expect(compareLink).toHaveText('Compare 4 Series');

  await toggles.nth(4).click();
  await expect(toggles.nth(4)).toHaveAttribute('aria-pressed', 'false');
  const notice = page.getByRole('status').filter({ hasText: 'You can only compare up to 4 series.' });
  await expect(notice).toBeVisible();
  await expect(notice).toBeHidden({ timeout: 5000 });

  // Deselecting frees a place.
  await toggles.nth(3).click();
  await expect(compareLink).toHaveText('Compare 3 Series');
  await toggles.nth(3).click();

  const selected = (await cardIds(page)).slice(0, 4);
  const titles = await cards(page).locator('h2').allTextContents();
  await compareLink.click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${selected.join(',')}$`));
  const compared = page.locator('main article');
  await expect(compared).toHaveCount(4);
  for (const [index, title] of titles.slice(0, 4).entries()) {
    await expect(compared.nth(index).locator('h2')).toHaveText(title);
  }
  const first = compared.first();
  await expect(first).toContainText(/#\d+|–/);
  await expect(first).toContainText(/Score\s*\d+\.\d\/10/);
  for (const category of ['Story', 'Characters', 'World Building', 'Art', 'Drama / Fighting']) {
    await expect(first).toContainText(category);
  }
  await expect(first).toContainText(/(\d+\.\d|-)\/10 \(\d+ votes?\)/);
  await expect(page.getByRole('link', { name: '← Back to Rankings' })).toHaveAttribute('href', '/');

  // The selection travels with the session: back on the rankings it is still there.
  await page.getByRole('link', { name: '← Back to Rankings' }).click();
  await waitForIslands(page);
  await expect(toggles.nth(0)).toHaveAttribute('aria-pressed', 'true');
});

test('a shared compare address opens that comparison', async ({ page, request }) => {
  const [a, b] = await apiGet<RankedSeries[]>(request, '/series/rankings?page=2&page_size=2');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/compare?ids=${a!.id},${b!.id}`);
  await expect(page.locator('main article')).toHaveCount(2);
  await expect(page.locator('main article').first().locator('h2')).toHaveText(a!.title);
  // Two wide cards side by side still show whole 2:3 covers, not their top slice.
  const cover = await page.locator('main article img').first().boundingBox();
  expect(cover!.width / cover!.height).toBeCloseTo(2 / 3, 2);
});

test('compare on a phone: the series sit side by side, their rows aligned', async ({ page, request }) => {
  const ranked = await apiGet<RankedSeries[]>(request, '/series/rankings?page=1&page_size=4');
  await page.setViewportSize({ width: 390, height: 844 });
  for (const count of [2, 4]) {
    await page.goto(
      `/compare?ids=${ranked
        .slice(0, count)
        .map((series) => series.id)
        .join(',')}`,
    );
    const columns = page.locator('main article');
    await expect(columns).toHaveCount(count);
    for (const column of await columns.all()) await expect(column).not.toHaveAttribute('aria-busy', 'true');

    // One column per series, left to right, all starting at the same height.
    const boxes = await columns.evaluateAll((articles) =>
      articles.map((article) => article.getBoundingClientRect().toJSON() as DOMRect),
    );
    for (let index = 1; index < boxes.length; index += 1) {
      expect(boxes[index]!.x, `column ${index + 1}`).toBeGreaterThan(boxes[index - 1]!.x + 50);
      expect(boxes[index]!.y).toBeCloseTo(boxes[0]!.y, 0);
    }
    // Each row (the title, the facts, each category) starts at the same height in every column.
    const rows = ['Genre', 'Type', 'Score', 'Votes', 'Story', 'Characters', 'World Building', 'Art'];
    for (const label of [...rows, 'Drama / Fighting']) {
      const tops = await columns
        .locator('dt', { hasText: new RegExp(`^${label.replace('/', '\\/')}$`) })
        .evaluateAll((terms) => terms.map((term) => term.getBoundingClientRect().top));
      expect(tops, label).toHaveLength(count);
      for (const top of tops) expect(top, label).toBeCloseTo(tops[0]!, 0);
    }
    const titleTops = await columns
      .locator('h2')
      .evaluateAll((titles) => titles.map((title) => title.getBoundingClientRect().top));
    for (const top of titleTops) expect(top).toBeCloseTo(titleTops[0]!, 0);

    // Two fit the screen; four scroll sideways inside the comparison, never the page.
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits, 'the page does not scroll sideways').toBe(true);
    if (count === 2) {
      for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(390);
    } else {
      const scroller = page.locator('main ul:has(article)');
      expect(await scroller.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
      // The last column's title is reachable: scrolled to, it comes into view.
      await columns.last().locator('h2 a').focus();
      await expect(columns.last().locator('h2 a')).toBeInViewport();
    }
  }
});

test('a series page has its content, metadata, Open Graph and JSON-LD', async ({ page, request }) => {
  const ranked = await apiGet<RankedSeries[]>(request, '/series/rankings?page=1&page_size=25');
  let detail: SeriesDetail | undefined;
  // From the bottom of page 1: the specs that vote are likelier to pick the top series.
  for (const series of ranked.reverse()) {
    const candidate = await apiGet<SeriesDetail>(request, `/series-details/${series.id}`);
    if (candidate.synopsis.length > 150 && candidate.rank != null) {
      detail = candidate;
      break;
    }
  }
  expect(detail, 'a ranked series with a synopsis over 150 characters').toBeDefined();
  const { series_id: id, title } = detail!;

  await page.goto(`/series/${id}`);
  await expect(page.locator('h1')).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  const description = Array.from(detail!.synopsis.replace(/\s+/g, ' ').trim())
    .slice(0, 150)
    .join('')
    .trimEnd();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`^https?://.+/series/${id}$`),
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    new RegExp(title.slice(0, 10)),
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\//);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');

  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}')));
  const book = jsonLd.find((block) => block['@type'] === 'Book');
  expect(book).toMatchObject({
    name: title,
    author: { '@type': 'Person', name: detail!.author },
    illustrator: { '@type': 'Person', name: detail!.artist },
    aggregateRating: {
      '@type': 'AggregateRating',
      bestRating: 10,
      worstRating: 0,
      ratingCount: detail!.vote_count,
    },
  });
  expect(book.image).toMatch(/^https?:\/\//);
  expect(book.genre.length).toBeGreaterThan(0);
  const breadcrumb = jsonLd.find((block) => block['@type'] === 'BreadcrumbList');
  expect(breadcrumb.itemListElement.map((item: { name: string }) => item.name)).toEqual([
    'Home',
    detail!.type.charAt(0) + detail!.type.slice(1).toLowerCase(),
    title,
  ]);

  const main = page.locator('main');
  for (const category of ['Story', 'Characters', 'World Building', 'Art', 'Drama / Fighting']) {
    await expect(main.getByRole('heading', { name: category, exact: true })).toBeVisible();
  }
  await expect(main.getByRole('heading', { name: 'Determine Series Rank' })).toBeVisible();

  // The island refreshes the scores from the live API.
  await waitForIslands(page);
  await expect(main).toContainText(`${detail!.final_score.toFixed(1)}/10`);

  // The rating's tooltip is reachable by keyboard, not only by hovering.
  const info = main.getByRole('button', { name: 'About this rating' });
  await info.focus();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Weighted: few votes count less until more readers vote.',
  );
  await expect(page.getByRole('tooltip')).toBeVisible();
});

test('sitemap and robots.txt list the public pages', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap-index\.xml/);
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemapPath = new URL(/<loc>([^<]+)<\/loc>/.exec(index)![1]!).pathname;
  const sitemap = await (await request.get(sitemapPath)).text();
  for (const path of ['/', '/type/manhwa', '/type/manga', '/type/manhua', '/about', '/how-rankings-work']) {
    expect(sitemap).toMatch(new RegExp(`<loc>https?://[^<]+${path === '/' ? '/' : path}</loc>`));
  }
  expect(sitemap).toMatch(/\/series\/\d+<\/loc>/);
  expect(sitemap).not.toContain('/series/fallback');
  expect(sitemap).not.toContain('/404');
});

test('at 320 px the two-column cards keep their score badge whole', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/');
  await waitForIslands(page);
  const boxes = await cards(page).evaluateAll((articles) =>
    articles.slice(0, 8).map((article) => {
      const card = article.getBoundingClientRect();
      const score = article.querySelector('p > span[data-band]')!.getBoundingClientRect();
      return { cardRight: card.right, scoreRight: score.right, scoreLeft: score.left, cardLeft: card.left };
    }),
  );
  for (const box of boxes) {
    // Inside the card's padding, not cut off by its edge.
    expect(box.scoreRight).toBeLessThanOrEqual(box.cardRight - 4);
    expect(box.scoreLeft).toBeGreaterThan(box.cardLeft);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('compare toggles pressed while the list is still loading its code are all kept', async ({ page }) => {
  // The list's code arrives late, as on a slow phone: both presses come before the island is ready.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/RankingList\.[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const toggles = cards(page).getByRole('button', { name: /^Compare / });
  await toggles.nth(0).click();
  await toggles.nth(1).click();
  await expect(page.locator('astro-island[data-awake]').first()).toBeAttached();
  release();
  await expect(page.getByRole('link', { name: 'Compare 2 Series' })).toBeVisible();
  await expect(toggles.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(toggles.nth(1)).toHaveAttribute('aria-pressed', 'true');
});

test('the compare link is reached by keyboard right after the genres and never hides the focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/');
  await waitForIslands(page);
  const toggles = cards(page).getByRole('button', { name: /^Compare / });
  await toggles.nth(0).click();
  await toggles.nth(1).click();
  const compareLink = page.getByRole('link', { name: 'Compare 2 Series' });
  await expect(compareLink).toBeVisible();

  // Before the (ever longer) list in the tab order.
  await page.getByRole('button', { name: 'Scroll genres right' }).focus();
  await page.keyboard.press('Tab');
  await expect(compareLink).toBeFocused();

  // Tabbing through the first row of cards: the floating link never covers the focused control.
  await page.evaluate(() => window.scrollTo(0, 0));
  await cards(page).first().getByRole('link').focus();
  for (let step = 0; step < 14; step++) {
    await page.keyboard.press('Tab');
    await expect
      .poll(() =>
        page.evaluate(() => {
          const cover = document.querySelector('a[href="/compare"]')!.getBoundingClientRect();
          const focused = document.activeElement!.getBoundingClientRect();
          return (
            focused.bottom > cover.top &&
            focused.top < cover.bottom &&
            focused.right > cover.left &&
            focused.left < cover.right
          );
        }),
      )
      .toBe(false);
  }
});

test('a compared series that failed to load can be tried again', async ({ page, request }) => {
  const [a, b] = await apiGet<RankedSeries[]>(request, '/series/rankings?page=2&page_size=2');
  // A simulated network failure of one detail (fault injection), only the first time.
  let failed = false;
  await page.route(`**/series-details/${b!.id}`, (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.abort();
  });
  await page.goto(`/compare?ids=${a!.id},${b!.id}`);
  await expect(page.locator('main article')).toHaveCount(1);
  await expect(page.getByRole('alert')).toContainText('Failed to load series');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('main article')).toHaveCount(2);
  await expect(page.locator('main article').nth(1).getByRole('link', { name: b!.title })).toBeFocused();
});

test("dark mode: the series page's category scores keep AA contrast", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/series/1');
  await waitForIslands(page);
  const ratios = await page.locator('main h3 + p[data-band]').evaluateAll((scores) => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const luminance = (colour: string) => {
      const [r, g, b] = colour.match(/\d+(\.\d+)?/g)!.map(Number) as [number, number, number];
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const background = (element: Element | null): string => {
      for (let node = element; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
      }
      return 'rgb(255, 255, 255)';
    };
    // Every band, whatever this series' scores are: the tile's own rules colour it.
    const tile = scores[0]!;
    return ['green', 'blue', 'yellow', 'orange', 'red', 'none'].map((band) => {
      tile.setAttribute('data-band', band);
      const [light, dark] = [luminance(getComputedStyle(tile).color), luminance(background(tile))].sort(
        (x, y) => y - x,
      ) as [number, number];
      return { band, ratio: (light + 0.05) / (dark + 0.05) };
    });
  });
  for (const { band, ratio } of ratios) expect(ratio, `${band} score`).toBeGreaterThanOrEqual(4.5);
});

test('the ranking pages have no WCAG A or AA violations (axe), light and dark', async ({ page }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const path of ['/', '/type/manhwa']) {
      await page.goto(path);
      await waitForIslands(page);
      // The first page's pager: "‹ Previous" is inactive there.
      await expect(page.locator('nav.pager span.step')).toHaveCount(1);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const found = violations.map(
        ({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
      expect(found, `${path} (${colorScheme})`).toEqual([]);
    }
  }
});
