import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LIST_TEXT, type ReadingList, type SeriesTracking } from '../../contract/reading-lists';
import { PROGRESS_TEXT, TRACK_TEXT, trackAddedText } from '../../contract/reading-progress-values';
import { apiLogin, newReader, useSession, type LoginAnswer } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * The series page's Track panel and the series' chapter and volume counts, in the browser against the
 * seeded stack: a reader adds a series from its page and tracks it, reads it back after a reload and on
 * /my-lists; a visitor gets the login link and never loads the panel; a change whose call fails is put back
 * with the failure said; an admin sets the counts in the Edit modal and the series page shows them. Every
 * change goes through the real API and is read back from there.
 */

interface RankedSeries {
  id: number;
  title: string;
  status: string | null;
}

const trackPanel = (page: Page) => page.locator('#series-track');
const entryOf = (page: Page, listName: string) => trackPanel(page).getByRole('group', { name: listName });

const auth = (session: LoginAnswer) => ({ authorization: `Bearer ${session.access_token}` });

async function rankedSeries(request: APIRequestContext): Promise<RankedSeries[]> {
  const response = await request.get(`${e2eStack.apiUrl}/series/rankings?page_size=100`);
  expect(response.status()).toBe(200);
  return (await response.json()) as RankedSeries[];
}

async function tracking(request: APIRequestContext, reader: LoginAnswer, seriesId: number) {
  const response = await request.get(`${e2eStack.apiUrl}/reading-lists/me/series/${seriesId}`, {
    headers: auth(reader),
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as SeriesTracking;
}

async function createList(
  request: APIRequestContext,
  reader: LoginAnswer,
  name: string,
): Promise<ReadingList> {
  const response = await request.post(`${e2eStack.apiUrl}/reading-lists`, {
    headers: auth(reader),
    data: { name },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as ReadingList;
}

async function setCounts(
  request: APIRequestContext,
  seriesId: number,
  counts: { chapters: string; volumes: string },
) {
  const admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
  const response = await request.put(`${e2eStack.apiUrl}/series/${seriesId}`, {
    headers: auth(admin),
    data: counts,
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('the Track panel', () => {
  test('a reader adds a series from its page, tracks it, and finds it again', async ({ page, request }) => {
    test.setTimeout(90_000);
    const reader = await newReader(request, 'tracker');
    await useSession(page, reader);
    // A finished series whose published chapters are known (set after the build: the page reads them live).
    const series = (await rankedSeries(request)).filter((each) => each.status === 'COMPLETE').at(-1)!;
    await setCounts(request, series.id, { chapters: '150', volumes: '' });

    await page.goto(`/series/${series.id}`);
    const panel = trackPanel(page);
    await expect(panel.getByText(TRACK_TEXT.inNoList)).toBeVisible();
    await expect(page.getByText('Chapters 150', { exact: true })).toBeVisible();

    // No list yet: "Add to list" asks for the first one's name.
    const add = panel.getByRole('button', { name: TRACK_TEXT.addToList });
    await add.click();
    await expect(add).toHaveAttribute('aria-expanded', 'true');
    const name = panel.getByLabel(TRACK_TEXT.listName);
    await expect(name).toBeFocused();
    await panel.getByRole('button', { name: TRACK_TEXT.createFirst }).click();
    await expect(name).toHaveAccessibleDescription(LIST_TEXT.nameRequired);
    await name.fill('On my shelf');
    await panel.getByRole('button', { name: TRACK_TEXT.createFirst }).click();

    const entry = entryOf(page, 'On my shelf');
    const status = entry.getByLabel(PROGRESS_TEXT.readingStatus);
    const chapters = entry.getByLabel(PROGRESS_TEXT.chapters, { exact: true });
    const score = entry.getByLabel(TRACK_TEXT.score);
    await expect(status).toHaveValue('PLAN_TO_READ');
    await expect(status).toBeFocused();
    await expect(panel.getByRole('status')).toHaveText(trackAddedText('On my shelf'));
    await expect(add).toBeHidden();

    await status.selectOption('READING');
    await chapters.fill('11');
    await chapters.press('Enter');
    await entry.getByRole('button', { name: TRACK_TEXT.addChapter }).click();
    await expect(chapters).toHaveValue('12');
    await expect(entry.getByText('12 / 150', { exact: true })).toBeVisible();
    await expect(score.locator('option').first()).toHaveText(TRACK_TEXT.noScore);
    await score.selectOption('8');
    await expect
      .poll(() => tracking(request, reader, series.id))
      .toEqual([expect.objectContaining({ reading_status: 'READING', chapters_read: 12, score: 8 })]);

    await page.reload();
    await expect(status).toHaveValue('READING');
    await expect(chapters).toHaveValue('12');
    await expect(score).toHaveValue('8');
    await expect(entry.getByText('12 / 150', { exact: true })).toBeVisible();

    // Every published chapter read on a COMPLETE series: "Mark as Completed" beside the status.
    const markCompleted = entry.getByRole('button', { name: TRACK_TEXT.markCompleted });
    await expect(markCompleted).toBeHidden();
    await chapters.fill('149');
    await chapters.press('Tab');
    await entry.getByRole('button', { name: TRACK_TEXT.addChapter }).click();
    await expect(entry.getByText('150 / 150', { exact: true })).toBeVisible();
    await markCompleted.click();
    await expect(status).toHaveValue('COMPLETED');
    await expect(status).toBeFocused();
    await expect(markCompleted).toBeHidden();
    await expect
      .poll(() => tracking(request, reader, series.id))
      .toEqual([
        {
          list_id: expect.any(Number),
          list_name: 'On my shelf',
          reading_status: 'COMPLETED',
          chapters_read: 150,
          score: 8,
        },
      ]);

    // /my-lists shows the same progress.
    const [listed] = await tracking(request, reader, series.id);
    await page.goto(`/my-lists#list-${listed!.list_id}`);
    await expect(page.getByLabel(`${PROGRESS_TEXT.readingStatus}: ${series.title}`)).toHaveValue('COMPLETED');
    await expect(page.getByLabel(`${PROGRESS_TEXT.chapters}: ${series.title}`)).toHaveValue('150');
  });

  test('with two lists the reader picks one, and the other is added at once', async ({ page, request }) => {
    const reader = await newReader(request, 'picker');
    await createList(request, reader, 'First pile');
    const second = await createList(request, reader, 'Second pile');
    await useSession(page, reader);
    const series = (await rankedSeries(request))[20]!;

    await page.goto(`/series/${series.id}`);
    const panel = trackPanel(page);
    const add = panel.getByRole('button', { name: TRACK_TEXT.addToList });
    await add.click();
    const which = panel.getByRole('group', { name: TRACK_TEXT.chooseList });
    await expect(which.getByRole('button', { name: 'First pile' })).toBeVisible();
    // Escape closes the choice and gives the focus back.
    await which.getByRole('button', { name: 'First pile' }).focus();
    await page.keyboard.press('Escape');
    await expect(which).toBeHidden();
    await expect(add).toBeFocused();

    await add.click();
    await which.getByRole('button', { name: 'Second pile' }).click();
    await expect(entryOf(page, 'Second pile').getByLabel(PROGRESS_TEXT.readingStatus)).toBeFocused();
    // One list left without the series: "Add to list" adds to it at once.
    await expect(add).not.toHaveAttribute('aria-expanded');
    await expect
      .poll(async () => (await tracking(request, reader, series.id)).map((each) => each.list_id))
      .toEqual([second.id]);

    await add.click();
    await expect(entryOf(page, 'First pile')).toBeVisible();
    await expect(add).toBeHidden();
    await expect.poll(async () => (await tracking(request, reader, series.id)).length).toBe(2);
  });

  test('a visitor gets the login link and never loads the panel', async ({ page, request }) => {
    const series = (await rankedSeries(request))[3]!;
    const requested: string[] = [];
    page.on('request', (sent) => requested.push(sent.url()));
    await page.goto(`/series/${series.id}`);
    const panel = trackPanel(page);
    const login = panel.getByRole('link', { name: TRACK_TEXT.logIn });
    await expect(login).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/series/${series.id}`)}`);

    const island = (await panel.locator('astro-island').getAttribute('component-url'))!;
    expect(island).toMatch(/TrackPanel/);
    // Read, hovered, focused and scrolled through: what would make an island hydrate on use.
    await login.hover();
    await panel.hover();
    await login.focus();
    await page.keyboard.press('Tab');
    await page.mouse.wheel(0, 3000);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => url.includes(island))).toEqual([]);
    expect(requested.filter((url) => url.includes('/reading-lists/'))).toEqual([]);
  });

  test('a session the API refuses ends when the panel reads, and the login brings the reader back', async ({
    page,
  }) => {
    // A token the API cannot verify (signed with no key it knows): the panel's read answers 401.
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '999999', username: 'forged', role: 'USER', exp })}.x`;
    // Stored once (not on every page): after the 401 the login page must find no session.
    await page.goto('/about');
    await page.evaluate(
      ([stored, user]) => {
        localStorage.setItem('token', stored);
        localStorage.setItem('user', user);
      },
      [token, JSON.stringify({ id: 999999, username: 'forged', role: 'USER' })] as const,
    );
    const refused = page.waitForResponse(
      (answer) => answer.url().startsWith(`${e2eStack.apiUrl}/reading-lists/me`) && answer.status() === 401,
    );
    await page.goto('/series/5');
    await refused;
    await expect(page).toHaveURL(/\/login\?next=%2Fseries%2F5$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('a change whose call fails is put back and the failure said', async ({ page, request }) => {
    const reader = await newReader(request, 'offline');
    const list = await createList(request, reader, 'Shaky');
    const series = (await rankedSeries(request))[21]!;
    const headers = auth(reader);
    expect(
      (
        await request.post(`${e2eStack.apiUrl}/reading-lists/${list.id}/items`, {
          headers,
          data: { series_id: series.id },
        })
      ).status(),
    ).toBe(200);
    const saved = { reading_status: 'READING', chapters_read: 12, score: 5 } as const;
    expect(
      (
        await request.patch(`${e2eStack.apiUrl}/reading-lists/${list.id}/items/${series.id}`, {
          headers,
          data: saved,
        })
      ).status(),
    ).toBe(200);
    await useSession(page, reader);

    // The network drops every change to this item (the API itself is never answered for).
    const itemUrl = `${e2eStack.apiUrl}/reading-lists/${list.id}/items/${series.id}`;
    await page.route(itemUrl, (route) =>
      ['PATCH', 'DELETE'].includes(route.request().method()) ? route.abort('failed') : route.continue(),
    );
    await page.goto(`/series/${series.id}`);
    const entry = entryOf(page, 'Shaky');
    const status = entry.getByLabel(PROGRESS_TEXT.readingStatus);
    const chapters = entry.getByLabel(PROGRESS_TEXT.chapters, { exact: true });
    const score = entry.getByLabel(TRACK_TEXT.score);
    const alert = trackPanel(page).getByRole('alert').filter({ hasText: TRACK_TEXT.updateFailed });
    await expect(status).toHaveValue('READING');

    /** The next change to this item that the network drops. */
    const dropped = (method: string) =>
      page.waitForEvent('requestfailed', (sent) => sent.url() === itemUrl && sent.method() === method);

    let failed = dropped('PATCH');
    await status.selectOption('ON_HOLD');
    await failed;
    await expect(alert).toBeVisible();
    await expect(status).toHaveValue('READING');

    failed = dropped('PATCH');
    await entry.getByRole('button', { name: TRACK_TEXT.addChapter }).click();
    await failed;
    await expect(chapters).toHaveValue('12');

    failed = dropped('PATCH');
    await score.selectOption({ label: TRACK_TEXT.noScore });
    await failed;
    await expect(score).toHaveValue('5');
    await expect(alert).toBeVisible();

    failed = dropped('DELETE');
    await entry.getByRole('button', { name: TRACK_TEXT.removeFromList }).click();
    await failed;
    await expect(status).toHaveValue('READING');
    await expect(alert).toBeVisible();
    expect(await tracking(request, reader, series.id)).toEqual([
      { list_id: list.id, list_name: 'Shaky', ...saved },
    ]);

    // Back online: the removal goes through, and the focus goes to "Add to list".
    await page.unroute(itemUrl);
    await entry.getByRole('button', { name: TRACK_TEXT.removeFromList }).click();
    await expect(trackPanel(page).getByText(TRACK_TEXT.inNoList)).toBeVisible();
    await expect(trackPanel(page).getByRole('button', { name: TRACK_TEXT.addToList })).toBeFocused();
    await expect.poll(() => tracking(request, reader, series.id)).toEqual([]);
  });
});

test.describe('chapter and volume counts', () => {
  test('an admin sets them in the Edit modal and the series page shows them', async ({ page, request }) => {
    const admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
    await useSession(page, admin);
    const series = (await rankedSeries(request))[4]!;
    await page.goto('/');
    await page.getByRole('button', { name: `Edit ${series.title}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Series' });
    const chapters = dialog.getByLabel('Chapters');
    const volumes = dialog.getByLabel('Volumes');
    await expect(chapters).toHaveAccessibleDescription('Chapters published so far (optional)');

    await chapters.fill('0');
    await expect(chapters).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Chapters must be a whole number from 1 to 100000, or empty.',
    );
    await chapters.fill('150');
    await expect(chapters).not.toHaveAttribute('aria-invalid');
    await volumes.fill('12');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`/series/${series.id}`);
    await expect(page.getByText('Chapters 150 · Volumes 12', { exact: true })).toBeVisible();

    // Emptied, a count is cleared: only what is known is shown.
    await page.goto('/');
    await page.getByRole('button', { name: `Edit ${series.title}`, exact: true }).click();
    await expect(dialog.getByLabel('Volumes')).toHaveValue('12');
    await dialog.getByLabel('Volumes').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await page.goto(`/series/${series.id}`);
    await expect(page.getByText('Chapters 150', { exact: true })).toBeVisible();
    await expect(page.getByText(/Volumes \d/)).toHaveCount(0);
  });
});
