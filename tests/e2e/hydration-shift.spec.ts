import { expect, test, type Locator, type Page } from '@playwright/test';
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

/*
 * A slow parse paints the page as far as it has read it (a slow phone, a busy machine), and what is painted
 * must not move when the rest arrives. Things that did: the genre filter showed the browser's own smaller
 * "Details" summary until its own came, and the controls wrapped again at 390 px; the genre strip's arrows,
 * centred on a strip not yet holding its genres, moved down when they came; the header's right-hand items
 * moved left as each next one came; a status ribbon, rotated about its centre, sat elsewhere until its label
 * came; a card's buttons sat lower until they came; the "Also on" links, sized to those parsed so far, went
 * under their heading and back; the rankings page's tables widened their columns as rows came. Each part's
 * markup is parsed again here cut short after each tag, as such a paint sees it, and every element painted
 * must sit where it sits in the whole part. Cards off screen are laid out in full here: the browser gives
 * them a placeholder's height until it lays them out, which it does before painting the ones on screen, and
 * this synchronous re-parse cannot wait for.
 */
async function movedWhileParsed(part: Locator, from: string, to?: string): Promise<string[]> {
  return part.evaluate(
    (element, [fromTag, toTag]) => {
      const whole = element.innerHTML;
      const start = whole.indexOf(fromTag!);
      const end = toTag ? whole.indexOf(toTag, start) : whole.length;
      if (start < 0 || end < 0) return [`no ${fromTag} or no ${toTag} in the markup`];
      const inFull = document.createElement('style');
      inFull.textContent = '* { content-visibility: visible !important; }';
      document.head.append(inFull);
      // Where each element painted sits, in document order: a part cut short holds a prefix of them.
      const positions = () =>
        [...element.querySelectorAll('*')].map((child) => {
          // An inline element broken over lines starts where its first piece does.
          const { x, y, width, height } = child.getClientRects()[0] ?? new DOMRect();
          // A table's columns paint nothing of their own here: their cells do, and are checked.
          const painted =
            !['COL', 'COLGROUP'].includes(child.tagName) &&
            width > 0 &&
            height > 0 &&
            getComputedStyle(child).visibility !== 'hidden' &&
            !child.closest('.visually-hidden');
          return painted ? `${child.tagName} at ${Math.round(x)},${Math.round(y)}` : undefined;
        });
      const settled = positions();
      const found: string[] = [];
      for (const tag of whole.slice(start, end).matchAll(/<[a-z][^>]*>/g)) {
        const cut = start + tag.index + tag[0].length;
        element.innerHTML = whole.slice(0, cut);
        positions().forEach((position, index) => {
          if (position && position !== settled[index]) {
            found.push(`cut after "…${whole.slice(cut - 50, cut)}": ${position}, then ${settled[index]}`);
          }
        });
      }
      element.innerHTML = whole;
      inFull.remove();
      return found;
    },
    [from, to],
  );
}

for (const width of [320, 390, 412, 768, 1280]) {
  test(`the list's heading, controls and first cards stay in place as the page is parsed (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const list = page.locator('astro-island[component-url*="RankingList"]');
    // Up to the seventh card's rank badge: the first row of cards on a wide screen, three rows on a phone.
    expect(await movedWhileParsed(list, '<h1', '>#7<')).toEqual([]);
  });
}

for (const width of [390, 1280]) {
  test(`the header stays in place as the page is parsed, signed out and in (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/about');
    expect(await movedWhileParsed(page.locator('body > header'), '<')).toEqual([]);
    await useSession(page, await newReader(request, 'parsed'));
    await page.goto('/about');
    expect(await movedWhileParsed(page.locator('body > header'), '<')).toEqual([]);
  });
}

for (const width of [320, 390, 1280]) {
  test(`a series page stays in place as it is parsed (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    // The first demo series has a cover, other titles, links to other sites and related series.
    await page.goto('/series/1');
    expect(await movedWhileParsed(page.locator('main'), '<')).toEqual([]);
  });
}

for (const width of [390, 1280]) {
  test(`the forum and a thread stay in place as they are parsed (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/forum', '/forum/2']) {
      await page.goto(path);
      expect(await movedWhileParsed(page.locator('main'), '<'), path).toEqual([]);
    }
  });
}

for (const width of [320, 390, 1280]) {
  test(`how rankings work stays in place as it is parsed, its tables included (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/how-rankings-work');
    expect(await movedWhileParsed(page.locator('main'), '<')).toEqual([]);
  });
}
