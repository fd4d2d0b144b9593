import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { e2eStack } from './stack-config';

/*
 * Crawl reach: the ranked lists as real pages (pager, ranks, rel prev/next) and every series reachable
 * from home through plain links, checked against the live API of the seeded stack.
 */

interface RankedSeries {
  id: number;
  title: string;
  rank: number | null;
}

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`${e2eStack.apiUrl}${path}`);
  expect(response.ok(), `GET ${path}`).toBeTruthy();
  return (await response.json()) as T;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('page 2 of a type list shows the ranks from 26 on, with its pager and rel links', async ({
    page,
    request,
  }) => {
    const expected = await apiGet<RankedSeries[]>(
      request,
      '/series/rankings?type=MANHWA&page=2&page_size=25',
    );
    expect(expected, 'the demo catalogue has at least 50 manhwa').toHaveLength(25);

    await page.goto('/type/manhwa');
    await page
      .getByRole('navigation', { name: 'Pages of the ranking' })
      .getByRole('link', { name: 'Page 2' })
      .click();
    await expect(page).toHaveURL(/\/type\/manhwa\/page\/2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top ranked Manhwa, page 2');

    const titles = await page.locator('main article h2 a').allTextContents();
    expect(titles).toEqual(expected.map((series) => series.title));
    const ranks = await page
      .locator('main article')
      .evaluateAll((cards) =>
        cards.map((card) => card.querySelector('[data-ranked] .visually-hidden')?.textContent),
      );
    expect(ranks).toEqual(
      expected.map((series) => (series.rank == null ? 'Unranked' : `Rank ${series.rank}`)),
    );
    // Ranks go on from 26; with fewer ranked manhwa than 50 (fewer than RANKING_MIN_VOTERS voters on the
    // rest), the Unranked ones follow.
    const ranked = expected.filter((series) => series.rank != null).map((series) => series.rank);
    expect(ranked.length).toBeGreaterThan(0);
    expect(ranked).toEqual(Array.from({ length: ranked.length }, (_, i) => 26 + i));
    expect(expected.slice(ranked.length).every((series) => series.rank == null)).toBe(true);

    const pager = page.getByRole('navigation', { name: 'Pages of the ranking' });
    await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${e2eStack.siteUrl}/type/manhwa/page/2`,
    );
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', `${e2eStack.siteUrl}/type/manhwa`);
    const itemList = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) =>
        scripts.map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>),
      );
    const list = itemList.find((block) => block['@type'] === 'ItemList') as
      { itemListElement: { position: number; url: string }[] } | undefined;
    expect(list?.itemListElement[0]).toMatchObject({
      position: 26,
      url: `${e2eStack.siteUrl}/series/${expected[0]?.id}`,
    });

    await pager.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/type\/manhwa$/);
  });

  test('page 1 at /page/1 redirects to the list itself', async ({ request }) => {
    const response = await request.get('/type/manga/page/1', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/type/manga');
  });
});

test('a series picked at random is reachable from home by links alone', async ({ request }) => {
  const catalogue = await apiGet<{ items: { series_id: number; title: string }[] }>(
    request,
    '/series/catalogue?page=1&page_size=1000',
  );
  const target = catalogue.items[Math.floor(Math.random() * catalogue.items.length)]!;
  const targetPath = `/series/${target.series_id}`;
  test.info().annotations.push({ type: 'target', description: `${targetPath} (${target.title})` });

  // A crawler: fetch the HTML, follow same-site <a href> only (no scripts, no sitemap), breadth first.
  const seen = new Set<string>(['/']);
  let frontier = ['/'];
  let depth = 0;
  while (frontier.length && !seen.has(targetPath)) {
    depth += 1;
    const next: string[] = [];
    for (const path of frontier) {
      const response = await request.get(path);
      if (!response.ok() || !(response.headers()['content-type'] ?? '').includes('text/html')) continue;
      const html = await response.text();
      for (const [, href] of html.matchAll(/<a\b[^>]*\shref="([^"#?]*)[^"]*"/g)) {
        if (!href?.startsWith('/') || href.startsWith('//') || seen.has(href)) continue;
        seen.add(href);
        next.push(href);
      }
    }
    frontier = next;
    expect(depth, `reached ${targetPath} within 10 clicks`).toBeLessThanOrEqual(10);
  }
  expect(seen.has(targetPath), `${targetPath} linked from a page reachable from home`).toBe(true);
});

test('the list island goes on from the page it starts on', async ({ page, request }) => {
  const third = await apiGet<RankedSeries[]>(request, '/series/rankings?page=3&page_size=25');
  await page.goto('/page/2');
  await page.waitForFunction(() => document.querySelector('astro-island[ssr][client="idle"]') === null);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.locator('main article')).toHaveCount(25 + third.length);
  await expect(page.locator('main article h2 a').nth(25)).toHaveText(third[0]!.title);
});

test('series pages link related series of the same type', async ({ page, request }) => {
  const [first] = await apiGet<RankedSeries[]>(request, '/series/rankings?type=MANGA&page=1&page_size=1');
  await page.goto(`/series/${first!.id}`);
  const related = page.getByRole('region', { name: 'Related series' });
  await expect(related.locator('article')).toHaveCount(6);
  await expect(related.locator('article').first()).toContainText('MANGA');
});

test('a series page shares a 1200×630 card of its cover; other pages the default card', async ({
  page,
  request,
}) => {
  const [first] = await apiGet<RankedSeries[]>(request, '/series/rankings?page=1&page_size=1');
  await page.goto(`/series/${first!.id}`);
  const meta = (selector: string) => page.locator(selector).getAttribute('content');
  const image = await meta('meta[property="og:image"]');
  // Drawn on first request (netlify/functions/social-card.mts); the address carries the art's version.
  expect(image).toMatch(new RegExp(`^${e2eStack.siteUrl}/social/series/${first!.id}-[0-9a-f]{12}\\.jpg$`));
  expect(await meta('meta[property="og:image:width"]')).toBe('1200');
  expect(await meta('meta[property="og:image:height"]')).toBe('630');
  expect(await meta('meta[property="og:image:alt"]')).toBe(`Cover of ${first!.title}`);
  expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
  expect(await meta('meta[name="twitter:image"]')).toBe(image);

  const response = await request.get(image!);
  expect(response.headers()['content-type']).toBe('image/jpeg');
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const { width, height, format } = await sharp(await response.body()).metadata();
  expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'jpeg' });

  await page.goto('/about');
  expect(await meta('meta[property="og:image"]')).toBe(`${e2eStack.siteUrl}/social-card.png`);
  expect(await meta('meta[property="og:image:width"]')).toBe('1200');
});

test('the sitemap lists the later list pages and no card images', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemap = await (await request.get(new URL(/<loc>([^<]+)<\/loc>/.exec(index)![1]!).pathname)).text();
  expect(sitemap).toMatch(/\/page\/2<\/loc>/);
  expect(sitemap).toMatch(/\/type\/manhwa\/page\/2<\/loc>/);
  expect(sitemap).not.toContain('/social/');
});

test('compare shows the selected titles and first cover before the details arrive', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => document.querySelector('astro-island[ssr][client="idle"]') === null);
  const cards = page.locator('main article');
  const titles = await cards.locator('h2').allTextContents();
  await cards
    .nth(0)
    .getByRole('button', { name: /^Compare / })
    .click();
  await cards
    .nth(1)
    .getByRole('button', { name: /^Compare / })
    .click();

  // The live details are held back (answered by the API, only later) to see what shows before them.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${e2eStack.apiUrl}/series-details/*`, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Compare 2 Series' }).click();
  await expect(page).toHaveURL(/\/compare\?ids=/);
  const apiOrigin = new URL(e2eStack.apiUrl).origin;
  await expect(page.locator(`link[rel="preconnect"][href="${apiOrigin}"]`)).toHaveCount(2);

  const compared = page.locator('main article');
  await expect(compared.locator('h2')).toHaveText(titles.slice(0, 2));
  await expect(compared.first().locator('img')).toHaveAttribute('fetchpriority', 'high');
  await expect(compared.first()).toHaveAttribute('aria-busy', 'true');
  await expect(compared.first().getByText('Story')).toBeVisible();
  await expect(compared.first().getByText(/\/10 \(/)).toHaveCount(0);

  release();
  await expect(compared.first()).not.toHaveAttribute('aria-busy', 'true');
  await expect(compared.first().locator('dd').filter({ hasText: /\/10/ }).first()).toBeVisible();
});

test('compare says in a <noscript> that it needs JavaScript, instead of loading forever', async ({
  request,
}) => {
  // Chromium with scripts turned off by Playwright still parses <noscript> as with scripts on, so the
  // page's own markup is checked: the message, and the rule that hides the island's loading placeholders.
  const html = await (await request.get('/compare?ids=1,2')).text();
  const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
  expect(noscript).toContain('Comparing series needs JavaScript.');
  expect(noscript).toMatch(/\.compare-island\s*\{\s*display:\s*none;?\s*\}/);
  // The island is inside the element that rule hides.
  const island = html.indexOf('<div class="compare-island"');
  expect(island).toBeGreaterThan(0);
  expect(html.indexOf('<astro-island', island)).toBeLessThan(html.indexOf('</div>', island));
});

test('login loads React and the captcha only when the visitor reaches for the form', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (sent) => loaded.push(new URL(sent.url()).pathname));
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(500);
  expect(loaded.filter((path) => /\/(client|LoginForm|altcha)\.[\w-]+\.js$/.test(path))).toEqual([]);
  expect(loaded).not.toContain('/auth/config');

  await page.getByLabel('Username', { exact: true }).focus();
  await expect(page.locator('altcha-widget')).toBeVisible();
  expect(loaded.some((path) => /\/LoginForm\.[\w-]+\.js$/.test(path))).toBe(true);
});
