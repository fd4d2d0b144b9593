import { expect, test, type Page } from '@playwright/test';

/*
 * Back from a series to a ranked list that infinite scroll had grown: the list comes back with the pages it
 * had, the card the reader opened where it was on the screen, and the focus on it.
 */

const cards = (page: Page) => page.locator('main article');

/** Islands hydrate when the browser is idle; wait until those a reader needs first are hydrated. */
async function waitForIslands(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('astro-island[ssr]:not([client="visible"]):not([client="interaction"])') ===
      null,
  );
}

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** Where the card's top is in the viewport (CSS pixels from the top of the window). */
function topOf(page: Page, href: string): Promise<number> {
  return page
    .locator(`main article:has(h2 a[href="${href}"])`)
    .evaluate((card) => card.getBoundingClientRect().top);
}

/**
 * Records in session storage where the card's top is when the reader clicks its link, and when the page is
 * left. The list keeps the card's place at the click and again whenever scrolling pauses, and cards far above
 * may still be laid out after the click (their content-visibility), moving the card a little before the
 * series page replaces the list: it comes back to one of the two.
 */
function recordTops(page: Page, href: string): Promise<void> {
  return page.evaluate((href) => {
    const record = (key: string) => {
      const card = document.querySelector(`main article:has(h2 a[href="${href}"])`);
      if (card) sessionStorage.setItem(key, String(card.getBoundingClientRect().top));
    };
    document.addEventListener('click', () => record('test.topAtClick'), { capture: true });
    window.addEventListener('pagehide', () => record('test.topWhenLeft'));
  }, href);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`back from a series lands on the card opened, focused (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await waitForIslands(page);
    await expect(cards(page)).toHaveCount(25);
    await scrollToBottom(page);
    await expect(cards(page)).toHaveCount(50);
    await scrollToBottom(page);
    await expect(cards(page)).toHaveCount(75);

    // A card of the third page, opened from the middle of the screen.
    const card = cards(page).nth(62);
    const link = card.locator('h2 a');
    const href = (await link.getAttribute('href'))!;
    await card.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    const loaded = await cards(page).count();
    await recordTops(page, href);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator('h1')).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    const recorded = await page.evaluate(() =>
      ['test.topAtClick', 'test.topWhenLeft'].map((key) => sessionStorage.getItem(key)),
    );
    expect(recorded).not.toContain(null);
    const returned = page.locator(`main article h2 a[href="${href}"]`);
    await expect(returned).toBeFocused();
    await expect(returned).toBeInViewport();
    // The pages loaded before are back, and the card sits where it was (within a couple of pixels).
    expect(await cards(page).count()).toBeGreaterThanOrEqual(loaded);
    const offPlace = async () => {
      const top = await topOf(page, href);
      return Math.min(...recorded.map((before) => Math.abs(top - Number(before))));
    };
    await expect.poll(offPlace).toBeLessThanOrEqual(2);
  });
}

test('a fresh visit to the list starts at its top, whatever was opened before', async ({ page }) => {
  await page.goto('/');
  await waitForIslands(page);
  await scrollToBottom(page);
  await expect(cards(page)).toHaveCount(50);
  const link = cards(page).nth(40).locator('h2 a');
  await link.click();
  await expect(page.locator('h1')).toBeVisible();

  // Not Back: a new visit to the same address.
  await page.goto('/');
  await waitForIslands(page);
  await expect(cards(page)).toHaveCount(25);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
