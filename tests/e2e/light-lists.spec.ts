import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LIST_TEXT } from '../../contract/reading-lists';
import { newReader, useSession } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * The list pages cost a reader no framework until they act: scrolled without a touch, the pre-rendered
 * pages' cards are appended by a plain script and React is never requested; the first compare toggle (or,
 * signed in, a card's list toggle) brings React and works on that first click, and the list goes on from
 * where the script left it, with no hydration error.
 */

interface RankedSeries {
  id: number;
  title: string;
}

const END_MESSAGE = "You've seen everything, new series added periodically.";
/** React DOM's chunk (`client.*.js`) and the list island's own. */
const REACT_CHUNK = /\/_astro\/(client|RankingList)\.[\w-]+\.js$/;

const cards = (page: Page) => page.locator('main article');

async function rankedPage(request: APIRequestContext, page: number): Promise<RankedSeries[]> {
  const response = await request.get(`${e2eStack.apiUrl}/series/rankings?page=${page}&page_size=25`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as RankedSeries[];
}

/** The page's own scripts as the browser asks for them, and what it logs as errors. */
function watch(page: Page): { scripts: string[]; errors: string[] } {
  const watched = { scripts: [] as string[], errors: [] as string[] };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/_astro\/.*\.js$/.test(pathname)) watched.scripts.push(pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') watched.errors.push(message.text());
  });
  page.on('pageerror', (error) => watched.errors.push(error.message));
  return watched;
}

const scrollToBottom = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await cards(page)
    .locator('h2 a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  return hrefs.map((href) => Number(href?.split('/').pop()));
}

test('scrolled to the end without a touch, home appends every page and never loads React', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const second = await rankedPage(request, 2);
  await page.setViewportSize({ width: 412, height: 915 });
  const watched = watch(page);
  await page.goto('/');
  await expect(cards(page)).toHaveCount(25);

  const end = page.getByText(END_MESSAGE, { exact: true });
  await expect
    .poll(
      async () => {
        await scrollToBottom(page);
        return end.isVisible();
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const ids = await cardIds(page);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.length).toBeGreaterThan(50);
  // The same cards and order as the pre-rendered pages: page 2 follows page 1.
  await expect(cards(page).nth(25).locator('h2')).toHaveText(second[0]!.title);
  await expect(cards(page).nth(25)).toContainText('#');
  await expect(page.locator('[data-list-announcer]')).toHaveText(
    /more series loaded\. You've seen everything/,
  );
  // The pager is still there for readers without JavaScript.
  await expect(page.getByRole('navigation', { name: 'Pages of the ranking' })).toBeVisible();
  expect(watched.scripts.filter((path) => REACT_CHUNK.test(path))).toEqual([]);

  // The first compare toggle, on a card the script appended, works on that first click and brings React,
  // which takes over every card shown without a hydration error.
  const toggle = cards(page)
    .nth(40)
    .getByRole('button', { name: /^Compare / });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(watched.scripts.some((path) => /\/client\.[\w-]+\.js$/.test(path))).toBe(true);
  await expect(page.locator('main astro-island[ssr]')).toHaveCount(1); // SignedInListTools, never needed
  expect(await cardIds(page)).toEqual(ids);
  await expect(end).toBeVisible();
  expect(watched.errors).toEqual([]);
});

test('React, arriving after the script appended a page, goes on from the next one', async ({
  page,
  request,
}) => {
  const third = await rankedPage(request, 3);
  const watched = watch(page);
  await page.goto('/');
  await scrollToBottom(page);
  await expect(cards(page)).toHaveCount(50);
  expect(watched.scripts.filter((path) => REACT_CHUNK.test(path))).toEqual([]);

  const toggle = cards(page)
    .nth(30)
    .getByRole('button', { name: /^Compare / });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await scrollToBottom(page);
  await expect(cards(page)).toHaveCount(50 + third.length);
  await expect(cards(page).nth(50).locator('h2')).toHaveText(third[0]!.title);
  expect(watched.errors).toEqual([]);
});

test('a page that failed to load says so; "Try again" appends it and focuses its first card', async ({
  page,
}) => {
  const watched = watch(page);
  // A simulated network failure (fault injection) of the pre-rendered page 2, once.
  let failed = false;
  await page.route(/\/page\/2$/, async (route) => {
    if (failed) return route.continue();
    failed = true;
    await route.abort();
  });
  await page.goto('/');
  await scrollToBottom(page);
  await expect(page.getByRole('alert')).toContainText('Failed to load series');
  await expect(page.locator('[data-list-announcer]')).toHaveText('Failed to load series');

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(cards(page)).toHaveCount(50);
  await expect(cards(page).nth(25).locator('h2 a')).toBeFocused();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(watched.scripts.filter((path) => REACT_CHUNK.test(path))).toEqual([]);
  expect(watched.errors.filter((error) => !/net::ERR_FAILED/.test(error))).toEqual([]);
});

test("signed in, a card's list toggle works on the first click", async ({ page, request }) => {
  const reader = await newReader(request, 'lighttoggle');
  await useSession(page, reader);
  await page.goto('/');
  await cards(page)
    .first()
    .getByRole('button', { name: /reading list/ })
    .click();
  await expect(page.getByRole('dialog', { name: LIST_TEXT.addTitle })).toBeVisible();
});

test('a compare toggle pressed while React is still hydrating the list is pressed once', async ({ page }) => {
  const watched = watch(page);
  await page.goto('/');
  // A slow phone: React hydrates the list in slices, and a reader presses in between.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  const toggle = (index: number) =>
    cards(page)
      .nth(index)
      .getByRole('button', { name: /^Compare / });
  await toggle(0).click();
  // The second press lands once React has taken the island (its listeners are on it) but before the list
  // has hydrated: client:interaction holds it, to press it again once the list is ready.
  const pressedBetween = await page.waitForFunction(
    () => {
      const list = document.querySelector('[data-hydrating]');
      const island = list?.closest('astro-island');
      if (!list || !island) return 'hydrated before the press';
      if (!Object.keys(island).some((key) => key.startsWith('__reactContainer$'))) return false;
      document.querySelectorAll<HTMLButtonElement>('main article button[aria-label^="Compare "]')[1]!.click();
      return 'pressed while hydrating';
    },
    undefined,
    { polling: 5 },
  );
  expect(await pressedBetween.jsonValue()).toBe('pressed while hydrating');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByRole('link', { name: 'Compare 2 Series' })).toBeVisible();
  await expect(toggle(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle(1)).toHaveAttribute('aria-pressed', 'true');
  expect(watched.errors).toEqual([]);
});
