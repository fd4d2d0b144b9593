import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LIST_TEXT, PROGRESS_TEXT, type ListItemsPage, type ReadingList } from '../../contract/reading-lists';
import { apiLogin, coverPng, newReader, useSession, type LoginAnswer } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * The list screens against the seeded stack: personal scores on /my-lists and the shared page, the first
 * list open on load, the "List actions" menu by keyboard, the first item in view on a phone, and the
 * cards' quick controls and where their toggle sits. Every change goes through the real API and is read
 * back from there.
 */

interface RankedSeries {
  id: number;
  title: string;
  type: string;
}

const auth = (reader: LoginAnswer) => ({ authorization: `Bearer ${reader.access_token}` });

async function rankedSeries(request: APIRequestContext, count: number): Promise<RankedSeries[]> {
  const response = await request.get(`${e2eStack.apiUrl}/series/rankings?page_size=${count}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as RankedSeries[];
}

/** A list of `reader` holding `seriesIds`, in that order. */
async function listWith(
  request: APIRequestContext,
  reader: LoginAnswer,
  name: string,
  seriesIds: number[],
): Promise<ReadingList> {
  const created = await request.post(`${e2eStack.apiUrl}/reading-lists`, {
    headers: auth(reader),
    data: { name },
  });
  expect(created.status(), await created.text()).toBe(201);
  let list = (await created.json()) as ReadingList;
  for (const seriesId of seriesIds) {
    const added = await request.post(`${e2eStack.apiUrl}/reading-lists/${list.id}/items`, {
      headers: auth(reader),
      data: { series_id: seriesId },
    });
    expect(added.status(), await added.text()).toBe(200);
    list = (await added.json()) as ReadingList;
  }
  return list;
}

async function itemsOf(request: APIRequestContext, reader: LoginAnswer, listId: number) {
  const response = await request.get(`${e2eStack.apiUrl}/reading-lists/${listId}/items/paged`, {
    headers: auth(reader),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as ListItemsPage).items;
}

const listPanel = (page: Page, name: string) =>
  page.locator('main li[id^="list-"]').filter({ has: page.getByRole('heading', { name, exact: true }) });
const expandButton = (panel: Locator, name: string) => panel.getByRole('button', { name, exact: true });

/** Waits until every island that hydrates on load or when idle has hydrated. */
async function waitForIslands(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('astro-island[ssr]:not([client="visible"]):not([client="interaction"])') ===
      null,
  );
}

test.describe('the list screens', () => {
  test('a personal score set on /my-lists stays after a reload and shows on the shared list', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const reader = await newReader(request, 'scorer');
    const admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
    // A series whose chapter count is known, so progress reads "12 / 150".
    const added = await request.post(`${e2eStack.apiUrl}/series`, {
      headers: auth(admin),
      multipart: {
        title: `Counted ${Date.now().toString(36)}`,
        genre: 'Drama',
        type: 'MANHWA',
        chapters: '150',
        cover: { name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(200, 300) },
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    const counted = (await added.json()) as RankedSeries;
    try {
      const [first] = await rankedSeries(request, 1);
      const list = await listWith(request, reader, 'Scored', [counted.id, first!.id]);
      const patched = await request.patch(`${e2eStack.apiUrl}/reading-lists/${list.id}/items/${counted.id}`, {
        headers: auth(reader),
        data: { chapters_read: 12, reading_status: 'READING' },
      });
      expect(patched.status(), await patched.text()).toBe(200);
      await useSession(page, reader);

      // The only list is open on load, with no address anchor.
      await page.goto('/my-lists');
      const panel = listPanel(page, 'Scored');
      await expect(expandButton(panel, 'Scored')).toHaveAttribute('aria-expanded', 'true');
      const score = panel.getByLabel(`${PROGRESS_TEXT.myScore}: ${counted.title}`);
      await expect(score).toHaveValue('');
      await expect(score.locator('option:checked')).toHaveText(PROGRESS_TEXT.noScore);
      await expect(panel.getByText('/ 150')).toBeVisible();

      await score.selectOption('8');
      await expect
        .poll(
          async () =>
            (await itemsOf(request, reader, list.id)).find((item) => item.series_id === counted.id)?.score,
        )
        .toBe(8);
      await page.reload();
      await expect(
        listPanel(page, 'Scored').getByLabel(`${PROGRESS_TEXT.myScore}: ${counted.title}`),
      ).toHaveValue('8');

      // "No score" clears it.
      await listPanel(page, 'Scored')
        .getByLabel(`${PROGRESS_TEXT.myScore}: ${first!.title}`)
        .selectOption('3');
      await listPanel(page, 'Scored')
        .getByLabel(`${PROGRESS_TEXT.myScore}: ${first!.title}`)
        .selectOption({ label: PROGRESS_TEXT.noScore });
      await expect
        .poll(
          async () =>
            (await itemsOf(request, reader, list.id)).find((item) => item.series_id === first!.id)?.score,
        )
        .toBeNull();

      // Shared, a visitor reads "My score 8" and "12 / 150".
      const shared = (await (
        await request.post(`${e2eStack.apiUrl}/reading-lists/${list.id}/share`, { headers: auth(reader) })
      ).json()) as ReadingList;
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/lists/${shared.share_token}`);
      const row = visitor
        .locator('main ol > li')
        .filter({ has: visitor.getByRole('link', { name: counted.title }) });
      await expect(row.getByTestId('my-score')).toHaveText(`${PROGRESS_TEXT.myScore} 8`);
      await expect(row.getByText('12 / 150 chapters')).toBeVisible();
      const other = visitor
        .locator('main ol > li')
        .filter({ has: visitor.getByRole('link', { name: first!.title }) });
      await expect(other.getByTestId('my-score')).toContainText(PROGRESS_TEXT.noScore);
      await visitorContext.close();
    } finally {
      await request.delete(`${e2eStack.apiUrl}/series/${counted.id}`, { headers: auth(admin) });
    }
  });

  test('a refused score is put back and says so, and a score set meanwhile stays', async ({
    page,
    request,
  }) => {
    const reader = await newReader(request, 'refused');
    const [a, b] = await rankedSeries(request, 2);
    const list = await listWith(request, reader, 'Refused', [a!.id, b!.id]);
    await useSession(page, reader);
    await page.goto('/my-lists');
    const panel = listPanel(page, 'Refused');
    const scoreA = panel.getByLabel(`${PROGRESS_TEXT.myScore}: ${a!.title}`);
    const scoreB = panel.getByLabel(`${PROGRESS_TEXT.myScore}: ${b!.title}`);
    await expect(scoreA).toHaveValue('');

    // A simulated network failure (fault injection): A's save is held until B's is answered, then aborted.
    let releaseA!: () => void;
    const heldA = new Promise<void>((resolve) => (releaseA = resolve));
    await page.route(`**/reading-lists/${list.id}/items/${a!.id}`, async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      await heldA;
      await route.abort();
    });
    await scoreA.selectOption('9');
    await expect(scoreA).toHaveValue('9');
    const savedB = page.waitForResponse(
      (response) => response.url().endsWith(`/items/${b!.id}`) && response.request().method() === 'PATCH',
    );
    await scoreB.selectOption('4');
    expect((await savedB).status()).toBe(200);
    releaseA();

    await expect(panel.getByRole('alert').filter({ hasText: LIST_TEXT.cardUpdateFailed })).toBeVisible();
    await expect(scoreA).toHaveValue('');
    await expect(scoreB).toHaveValue('4');
    const items = await itemsOf(request, reader, list.id);
    expect(items.map((item) => item.score)).toEqual([null, 4]);
  });

  test('the first list is open on load; "List actions" works by keyboard; a second list is created here', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(90_000);
    const reader = await newReader(request, 'menus');
    const ranking = await rankedSeries(request, 3);
    const first = await listWith(request, reader, 'First', [ranking[0]!.id]);
    await useSession(page, reader);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    // One list: "+ Create Reading List" is on the page and makes the second, which joins the page.
    await page.goto('/my-lists');
    const create = page.getByRole('button', { name: LIST_TEXT.createButton });
    await create.click();
    const dialog = page.getByRole('dialog', { name: LIST_TEXT.createTitle });
    await dialog.getByLabel('List name').fill('Second');
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await expect(dialog).toBeHidden();
    await expect(listPanel(page, 'Second')).toBeVisible();
    await expect(create).toHaveCount(0);

    // Loaded again: the first list is open, the second closed.
    await page.reload();
    const panel = listPanel(page, 'First');
    await expect(expandButton(panel, 'First')).toHaveAttribute('aria-expanded', 'true');
    await expect(expandButton(listPanel(page, 'Second'), 'Second')).toHaveAttribute('aria-expanded', 'false');
    await expect(panel.locator('ol > li a[href^="/series/"]')).toHaveText([ranking[0]!.title]);
    await expect(page.getByRole('button', { name: LIST_TEXT.createButton })).toHaveCount(0);

    // The menu by keyboard: Enter opens on the first item, the arrows, Home and End move, Escape closes.
    const actions = panel.getByRole('button', { name: LIST_TEXT.listActions, exact: true });
    await expect(actions).toHaveAttribute('aria-haspopup', 'menu');
    await actions.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: LIST_TEXT.listActions });
    await expect(menu).toBeVisible();
    await expect(actions).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem', { name: LIST_TEXT.share })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: LIST_TEXT.copyPrivateLink })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: LIST_TEXT.deleteList })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: LIST_TEXT.share })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: LIST_TEXT.deleteList })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(menu.getByRole('menuitem', { name: LIST_TEXT.share })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(actions).toBeFocused();
    await expect(actions).toHaveAttribute('aria-expanded', 'false');

    // ArrowDown opens it too; Space on "Share" shares the list and focus goes back to the button.
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: LIST_TEXT.share })).toBeFocused();
    await page.keyboard.press(' ');
    await expect(panel.getByText(LIST_TEXT.public, { exact: true })).toBeVisible();
    await expect(actions).toBeFocused();
    await expect
      .poll(async () => {
        const lists = (await (
          await request.get(`${e2eStack.apiUrl}/reading-lists/me`, { headers: auth(reader) })
        ).json()) as ReadingList[];
        return lists.find((list) => list.id === first.id)?.is_public;
      })
      .toBe(true);

    // Enter on "Copy Public URL" copies the shared address.
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: LIST_TEXT.copyPublicUrl })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.getByText(LIST_TEXT.linkCopied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/lists\/[\w-]+$/);

    // A click outside closes it.
    await actions.click();
    await expect(menu).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(menu).toBeHidden();
  });

  test('on a 390 px phone the first item of the open list is in view without scrolling', async ({
    browser,
    request,
  }) => {
    const reader = await newReader(request, 'phone');
    const ranking = await rankedSeries(request, 6);
    await listWith(
      request,
      reader,
      'On the bus',
      ranking.map((series) => series.id),
    );
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const page = await context.newPage();
    await useSession(page, reader);
    await page.goto('/my-lists');
    const firstRow = listPanel(page, 'On the bus').locator('ol:not([aria-hidden]) > li').first();
    await expect(firstRow.getByRole('link', { name: ranking[0]!.title })).toBeVisible();
    await expect(firstRow.getByLabel(`${PROGRESS_TEXT.myScore}: ${ranking[0]!.title}`)).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await firstRow.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    // The filters wait behind their button there.
    await expect(page.getByRole('combobox', { name: 'Type', exact: true })).toBeHidden();
    await page.getByRole('button', { name: LIST_TEXT.filters, exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Type', exact: true })).toBeVisible();
    await context.close();
  });

  test("a card's toggle opens the list and status controls and sets a status", async ({ page, request }) => {
    test.setTimeout(60_000);
    const reader = await newReader(request, 'carder');
    const [first, second] = await rankedSeries(request, 2);
    const list = await listWith(request, reader, 'Cards', [second!.id]);
    await useSession(page, reader);
    await page.goto('/');
    await waitForIslands(page);
    const card = (title: string) =>
      page.locator('main article').filter({ has: page.getByRole('link', { name: title, exact: true }) });

    // Not in the list yet: added with the status chosen.
    await card(first!.title)
      .getByRole('button', { name: /reading list/ })
      .click();
    const dialog = page.getByRole('dialog', { name: LIST_TEXT.addTitle });
    await expect(dialog.getByRole('radio', { name: /Cards/ })).toBeChecked();
    const status = dialog.getByLabel(PROGRESS_TEXT.readingStatus);
    await expect(status).toHaveValue('PLAN_TO_READ');
    await status.selectOption('READING');
    await dialog.getByRole('button', { name: 'Add to list' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(
        async () =>
          (await itemsOf(request, reader, list.id)).find((item) => item.series_id === first!.id)
            ?.reading_status,
      )
      .toBe('READING');

    // In the list: the status shows, and a change is saved at once.
    await card(second!.title)
      .getByRole('button', { name: /reading list/ })
      .click();
    await expect(dialog.getByText('In this list')).toBeVisible();
    await expect(status).toHaveValue('PLAN_TO_READ');
    await status.selectOption('COMPLETED');
    await expect(dialog.getByText(`“${second!.title}”: Completed.`)).toBeVisible();
    await expect
      .poll(
        async () =>
          (await itemsOf(request, reader, list.id)).find((item) => item.series_id === second!.id)
            ?.reading_status,
      )
      .toBe('COMPLETED');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await card(second!.title)
      .getByRole('button', { name: /reading list/ })
      .click();
    await expect(status).toHaveValue('COMPLETED');
  });

  for (const width of [320, 1280]) {
    test(`at ${width} px a card's list toggle covers neither its rank, nor its type, nor its cover`, async ({
      browser,
      request,
    }) => {
      const reader = await newReader(request, `toggle${width}`);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await useSession(page, reader);
      await page.goto('/');
      await waitForIslands(page);
      const cards = page.locator('main article');
      await expect(cards.first().getByRole('button', { name: /reading list/ })).toBeVisible();
      for (let index = 0; index < 4; index += 1) {
        const card = cards.nth(index);
        const toggle = (await card.getByRole('button', { name: /reading list/ }).boundingBox())!;
        const others = {
          rank: card.locator('[class*="rank"]').first(),
          type: card.locator('[class*="type"]').filter({ hasText: /^(MANHWA|MANGA|MANHUA)$/ }),
          cover: card.locator('[class*="coverFrame"]'),
        };
        for (const [name, locator] of Object.entries(others)) {
          const box = (await locator.boundingBox())!;
          const overlaps =
            toggle.x < box.x + box.width &&
            box.x < toggle.x + toggle.width &&
            toggle.y < box.y + box.height &&
            box.y < toggle.y + toggle.height;
          expect(overlaps, `card ${index + 1}: the toggle overlaps the ${name}`).toBe(false);
        }
        // Within its card.
        const cardBox = (await card.boundingBox())!;
        expect(toggle.x + toggle.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      }
      await context.close();
    });
  }
});
