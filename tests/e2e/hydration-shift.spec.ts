import { expect, test, type Page } from '@playwright/test';
import { newReader, useSession } from './api-helpers';

/*
 * React arriving moves nothing: a signed-in reader's list and series page hydrate at once (their list
 * toggles, votes and Track panel), and the pre-rendered page keeps the room each control takes, so the
 * browser records no layout shift from load to hydrated, on a phone and on a wide screen.
 */

/** Every layout shift the page records from its first paint, kept on `window` for the test to read. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) =>
          source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : '?',
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const unhydrated = (page: Page) => page.locator('astro-island[ssr]');

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`signed in, hydrating the list and a series page shifts nothing (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await useSession(page, await newReader(request, 'noshift'));
    await recordShifts(page);

    // What hydrates at once for a signed-in reader (the review form waits for the reader to reach it).
    const atOnce = { '/': /RankingList/, '/series/1': /VotePanel|TrackPanel/ };
    for (const [path, islands] of Object.entries(atOnce)) {
      // Signed in, the notification stream stays open: no "networkidle" to wait for.
      await page.goto(path, { waitUntil: 'load' });
      await expect
        .poll(() =>
          unhydrated(page).evaluateAll((found) =>
            found.map((island) => island.getAttribute('component-url')),
          ),
        )
        .not.toContainEqual(expect.stringMatching(islands));
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))),
      );
      const shifts = await page.evaluate(
        () => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts,
      );
      expect(shifts, `${path}: layout shifts`).toEqual([]);
    }
  });
}
