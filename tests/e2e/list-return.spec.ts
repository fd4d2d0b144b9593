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
    const before = await topOf(page, href);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator('h1')).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    const returned = page.locator(`main article h2 a[href="${href}"]`);
    await expect(returned).toBeFocused();
    await expect(returned).toBeInViewport();
    // The pages loaded before are back, and the card sits where it was (within a couple of pixels).
    expect(await cards(page).count()).toBeGreaterThanOrEqual(loaded);
    await expect.poll(async () => Math.abs((await topOf(page, href)) - before)).toBeLessThanOrEqual(2);
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
