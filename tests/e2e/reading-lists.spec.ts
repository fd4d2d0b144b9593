import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LIST_TEXT, type ReadingList } from '../../contract/reading-lists';
import { newReader, useSession, type LoginAnswer } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * Reading lists in the browser against the seeded stack: adding from a home card, the home page's create
 * button, /my-lists with its filters, sorting and sharing, the public page in a browser without a session,
 * and deleting a list. Every change goes through the real API; the assertions read it back from there too.
 */

interface RankedSeries {
  id: number;
  title: string;
  type: string;
}

async function myLists(request: APIRequestContext, reader: LoginAnswer): Promise<ReadingList[]> {
  const response = await request.get(`${e2eStack.apiUrl}/reading-lists/me`, {
    headers: { authorization: `Bearer ${reader.access_token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as ReadingList[];
}

/**
 * Waits until every island that hydrates on load or when idle has hydrated (not those that wait to be
 * scrolled to, or reached for: client:interaction hydrates signed-in tools for signed-in visitors only).
 */
async function waitForIslands(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('astro-island[ssr]:not([client="visible"]):not([client="interaction"])') ===
      null,
  );
}

const card = (page: Page, title: string) =>
  page.locator('main article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
const listToggle = (scope: Locator) => scope.getByRole('button', { name: /reading list/ });
const listPanel = (page: Page, name: string) =>
  page.locator('main li[id^="list-"]').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Chooses an action of a list's "List actions" menu. */
async function listAction(panel: Locator, action: string) {
  await panel.getByRole('button', { name: LIST_TEXT.listActions, exact: true }).click();
  await panel.getByRole('menu').getByRole('menuitem', { name: action, exact: true }).click();
}

async function rowTitles(scope: Locator): Promise<string[]> {
  return scope.locator('ol > li a[href^="/series/"]').allTextContents();
}

test.describe('reading lists', () => {
  test('from a home card to a shared list and back', async ({ page, browser, request, context }) => {
    test.setTimeout(90_000);
    const reader = await newReader(request, 'lister');
    await useSession(page, reader);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const ranking = (await (
      await request.get(`${e2eStack.apiUrl}/series/rankings?page_size=25`)
    ).json()) as RankedSeries[];
    const [first, second] = ranking as [RankedSeries, RankedSeries];

    // Home: the first card's toggle opens "Add to Reading List"; with no list yet, one is created inline.
    await page.goto('/');
    await waitForIslands(page);
    const firstToggle = listToggle(card(page, first.title));
    await expect(firstToggle).toHaveAccessibleName(`Add “${first.title}” to a reading list`);
    await expect(firstToggle).toHaveAttribute('data-in-list', 'false');
    await firstToggle.click();
    const addDialog = page.getByRole('dialog', { name: LIST_TEXT.addTitle });
    await expect(addDialog).toBeVisible();
    await addDialog.getByRole('button', { name: 'Create and add' }).click();
    await expect(addDialog.getByLabel('List name')).toHaveAccessibleDescription(LIST_TEXT.nameRequired);
    await addDialog.getByLabel('List name').fill('Weekend picks');
    await addDialog.getByRole('button', { name: 'Create and add' }).click();
    await expect(addDialog).toBeHidden();
    await expect(firstToggle).toHaveAttribute('data-in-list', 'true');
    await expect(firstToggle).toHaveAccessibleName(`“${first.title}” is in your reading lists`);
    await expect(firstToggle).toBeFocused();

    // The home page's button creates a second list; at 2 lists it gives way.
    await page.getByRole('button', { name: LIST_TEXT.createButton }).click();
    const createDialog = page.getByRole('dialog', { name: LIST_TEXT.createTitle });
    await createDialog.getByLabel('List name').fill('weekend PICKS');
    await createDialog.getByRole('button', { name: 'Create list' }).click();
    await expect(createDialog.getByText('You already have a list with that name.')).toBeVisible();
    await createDialog.getByLabel('List name').fill('Second list');
    await createDialog.getByRole('button', { name: 'Create list' }).click();
    await expect(createDialog).toBeHidden();
    await expect(page.getByRole('button', { name: LIST_TEXT.createButton })).toBeHidden();

    // With two lists, the modal needs a choice and tells why no third can be made.
    const secondToggle = listToggle(card(page, second.title));
    await secondToggle.click();
    await expect(addDialog.getByText(LIST_TEXT.limitReached)).toBeVisible();
    await addDialog.getByRole('button', { name: 'Add to list' }).click();
    await expect(addDialog.getByText(LIST_TEXT.chooseList)).toBeVisible();
    await addDialog.getByRole('radio', { name: /Weekend picks/ }).check();
    await addDialog.getByRole('button', { name: 'Add to list' }).click();
    await expect(addDialog).toBeHidden();
    await expect(secondToggle).toHaveAttribute('data-in-list', 'true');

    // A few more series through the API, so there is something to filter and sort.
    const lists = await myLists(request, reader);
    const weekend = lists.find((list) => list.name === 'Weekend picks')!;
    for (const series of ranking.slice(2, 8)) {
      const added = await request.post(`${e2eStack.apiUrl}/reading-lists/${weekend.id}/items`, {
        headers: { authorization: `Bearer ${reader.access_token}` },
        data: { series_id: series.id },
      });
      expect(added.status()).toBe(200);
    }
    const inList = ranking.slice(0, 8);

    // /my-lists: the anchored list is open; filter by type, then sort by title.
    await page.goto(`/my-lists#list-${weekend.id}`);
    const panel = listPanel(page, 'Weekend picks');
    await expect(panel.getByRole('button', { name: 'Weekend picks', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(panel.getByText('Private', { exact: true })).toBeVisible();
    await expect(panel.getByText('8 items')).toBeVisible();
    await expect.poll(() => rowTitles(panel)).toEqual(inList.map((series) => series.title));

    const type = inList[0]!.type;
    await panel.getByLabel('Type').selectOption(type);
    const ofType = inList.filter((series) => series.type === type).map((series) => series.title);
    await expect.poll(() => rowTitles(panel)).toEqual(ofType);
    await panel.getByLabel('Votes ≥').fill('100000');
    await expect(panel.getByText(LIST_TEXT.noMatch)).toBeVisible();
    await panel.getByRole('button', { name: LIST_TEXT.reset }).click();
    await panel.getByLabel('Sort').selectOption('title_asc');
    const byTitle = inList
      .map((series) => series.title)
      .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    await expect.poll(() => rowTitles(panel)).toEqual(byTitle);

    // Share, and copy the public address.
    await listAction(panel, LIST_TEXT.share);
    await expect(panel.getByText('Public', { exact: true })).toBeVisible();
    await listAction(panel, LIST_TEXT.copyPublicUrl);
    await expect(panel.getByText(LIST_TEXT.linkCopied)).toBeVisible();
    const publicUrl = await page.evaluate(() => navigator.clipboard.readText());
    const token = (await myLists(request, reader)).find((list) => list.id === weekend.id)!.share_token!;
    expect(publicUrl).toBe(`${e2eStack.siteUrl}/lists/${token}`);

    // A visitor with no session reads it.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(publicUrl);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Weekend picks' })).toBeVisible();
    await expect(visitor.getByText(LIST_TEXT.public, { exact: true })).toBeVisible();
    await expect(visitor.getByText('8 items')).toBeVisible();
    await expect.poll(() => rowTitles(visitor.locator('main'))).toEqual(inList.map((series) => series.title));
    await expect(visitor.getByText(LIST_TEXT.sharedEnd)).toBeVisible();
    await visitor.getByLabel('Sort').selectOption('title_desc');
    await expect.poll(() => rowTitles(visitor.locator('main'))).toEqual([...byTitle].reverse());
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // A preview of the link shows the shared-list card: the kind of content, nothing of this list or owner.
    const cardUrl = await visitor.locator('meta[property="og:image"]').getAttribute('content');
    expect(cardUrl).toMatch(/\/social\/lists\.jpg$/);
    const cardImage = await request.get(`${e2eStack.siteUrl}${new URL(cardUrl!).pathname}`);
    expect(cardImage.status()).toBe(200);
    expect(cardImage.headers()['content-type']).toContain('image/jpeg');
    for (const meta of ['og:title', 'og:description', 'og:image:alt']) {
      const content = await visitor.locator(`meta[property="${meta}"]`).getAttribute('content');
      expect(content).toMatch(/list/i);
      expect(content).not.toContain('Weekend picks');
    }

    // Unsharing ends the link at once.
    await listAction(panel, LIST_TEXT.unshare);
    await expect(panel.getByText('Private', { exact: true })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByText(LIST_TEXT.sharedUnavailable)).toBeVisible();
    await visitorContext.close();

    // Deleting a list asks first.
    const second_ = listPanel(page, 'Second list');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(LIST_TEXT.deleteConfirm);
      void dialog.accept();
    });
    await listAction(second_, LIST_TEXT.deleteList);
    await expect(second_).toHaveCount(0);
    expect((await myLists(request, reader)).map((list) => list.name)).toEqual(['Weekend picks']);
  });

  test("a shared list's rows take the place its build-time skeleton held", async ({ browser, request }) => {
    const reader = await newReader(request, 'sharer');
    const headers = { authorization: `Bearer ${reader.access_token}` };
    const created = await request.post(`${e2eStack.apiUrl}/reading-lists`, {
      headers,
      data: { name: 'Steady' },
    });
    const list = (await created.json()) as ReadingList;
    for (const seriesId of [1, 2, 3]) {
      await request.post(`${e2eStack.apiUrl}/reading-lists/${list.id}/items`, {
        headers,
        data: { series_id: seriesId },
      });
    }
    const shared = (await (
      await request.post(`${e2eStack.apiUrl}/reading-lists/${list.id}/share`, { headers })
    ).json()) as ReadingList;

    // A phone-width page, where the tools wrap: the build's markup (no script runs) against the loaded list.
    const rowsTop = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`/lists/${shared.share_token}`);
      const rows = page.locator(javaScriptEnabled ? 'main ol:not([aria-hidden])' : 'main ol[aria-hidden]');
      await expect(rows).toBeVisible();
      const top = (await rows.boundingBox())!.y;
      await context.close();
      return top;
    };
    expect(await rowsTop(true)).toBeCloseTo(await rowsTop(false), 0);
  });

  test('a shared address without a token, or with an unknown one', async ({ page }) => {
    await page.goto('/lists');
    await expect(page.getByText(LIST_TEXT.missingToken)).toBeVisible();
    await page.goto('/lists/not-a-real-token-at-all');
    await expect(page.getByText(LIST_TEXT.sharedUnavailable)).toBeVisible();
  });

  test('visitors are sent to log in from /my-lists, and cards show no list toggle', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page);
    await expect(
      page
        .locator('main article')
        .first()
        .getByRole('button', { name: /reading list/ }),
    ).toHaveCount(0);
    await expect(page.getByRole('button', { name: LIST_TEXT.createButton })).toHaveCount(0);
    await page.goto('/my-lists');
    await expect(page).toHaveURL(/\/login\?next=%2Fmy-lists$/);
  });
});
