import { expect, test, type Locator, type Page } from '@playwright/test';
import { LIST_TEXT, type ReadingList } from '../../contract/reading-lists';
import {
  MAL_REPORT_MAX_ENTRIES,
  moreNotShownText,
  PROGRESS_TEXT,
} from '../../contract/reading-progress-values';
import { apiLogin, coverPng, newReader, useSession } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * Importing a MyAnimeList export through /my-lists against the seeded stack: the file (in the format of
 * scripts/demo/sample-myanimelist-export.xml, with the stack's own titles) has two titles that match, one
 * that two series share (a second series is added under it for the test) and one the catalogue lacks. The
 * reader picks a candidate, imports, and sees the items with the file's statuses and chapters.
 */

interface RankedSeries {
  id: number;
  title: string;
  type: string;
}

function malExport(entries: [title: string, chapters: number, status: string][]): Buffer {
  const manga = entries.map(
    ([title, chapters, status]) => `  <manga>
    <manga_mangadb_id>0</manga_mangadb_id>
    <manga_title><![CDATA[${title}]]></manga_title>
    <my_read_chapters>${chapters}</my_read_chapters>
    <my_status>${status}</my_status>
  </manga>`,
  );
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8" ?>
<myanimelist>
  <myinfo><user_export_type>2</user_export_type></myinfo>
${manga.join('\n')}
</myanimelist>
`);
}

const listPanel = (page: Page, name: string) =>
  page.locator('main li[id^="list-"]').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Opens a list's import from its "List actions" menu. */
async function openImport(panel: Locator) {
  await panel.getByRole('button', { name: LIST_TEXT.listActions, exact: true }).click();
  await panel.getByRole('menuitem', { name: PROGRESS_TEXT.importButton, exact: true }).click();
}

test('imports a MyAnimeList export through /my-lists, with a candidate picked', async ({ page, request }) => {
  test.setTimeout(90_000);
  const reader = await newReader(request, 'importer');
  const asReader = { authorization: `Bearer ${reader.access_token}` };
  const created = await request.post(`${e2eStack.apiUrl}/reading-lists`, {
    headers: asReader,
    data: { name: 'From MyAnimeList' },
  });
  expect(created.status()).toBe(201);
  const list = (await created.json()) as ReadingList;

  const ranking = (await (
    await request.get(`${e2eStack.apiUrl}/series/rankings?page_size=10`)
  ).json()) as RankedSeries[];
  const [first, second, shared] = ranking as [RankedSeries, RankedSeries, RankedSeries];
  const admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
  const asAdmin = { authorization: `Bearer ${admin.access_token}` };
  const otherType = shared.type === 'MANGA' ? 'MANHWA' : 'MANGA';
  const added = await request.post(`${e2eStack.apiUrl}/series`, {
    headers: asAdmin,
    multipart: {
      title: shared.title,
      genre: 'Drama',
      type: otherType,
      cover: { name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(200, 300) },
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const edition = (await added.json()) as RankedSeries;
  const unknown = `E2E Unknown ${Date.now().toString(36)}`;

  try {
    await useSession(page, reader);
    await page.goto(`/my-lists#list-${list.id}`);
    const panel = listPanel(page, 'From MyAnimeList');
    await openImport(panel);
    await panel.getByLabel(PROGRESS_TEXT.importFileLabel).setInputFiles({
      name: 'mangalist.xml',
      mimeType: 'application/xml',
      buffer: malExport([
        [first.title, 12, 'Reading'],
        [second.title.toUpperCase(), 30, 'Completed'],
        [shared.title, 4, 'On-Hold'],
        [unknown, 1, 'Dropped'],
      ]),
    });

    // The preview, its heading focused.
    const matched = panel.getByRole('heading', { name: `${PROGRESS_TEXT.matched} (2)` });
    await expect(matched).toBeFocused();
    await expect(panel.getByRole('heading', { name: `${PROGRESS_TEXT.chooseOne} (1)` })).toBeVisible();
    await expect(panel.getByRole('heading', { name: `${PROGRESS_TEXT.notFound} (1)` })).toBeVisible();
    const ask = panel.getByRole('link', { name: `${PROGRESS_TEXT.askForSeries}: ${unknown}` });
    const askUrl = new URL((await ask.getAttribute('href'))!, e2eStack.siteUrl);
    expect(askUrl.pathname).toBe('/report-issue');
    expect(Object.fromEntries(askUrl.searchParams)).toEqual({ type: 'CONTENT', title: unknown });

    const choice = panel.getByRole('group', { name: shared.title });
    await expect(choice.getByRole('radio', { name: PROGRESS_TEXT.skip })).toBeChecked();
    await choice.getByRole('radio', { name: new RegExp(otherType) }).check();
    await panel.getByRole('button', { name: 'Import 3 series' }).click();
    await expect(panel.getByRole('heading', { name: 'Imported 3 series.' })).toBeFocused();
    await expect(panel.getByText(`${PROGRESS_TEXT.notFound} 1`)).toBeVisible();

    // The items, with the file's statuses and chapters, and the counts per status.
    await expect(panel.getByText('3 items')).toBeVisible();
    await expect(panel.getByTestId('status-counts')).toHaveText(
      'Reading 1 · Completed 1 · On-Hold 1 · Dropped 0 · Plan to Read 0',
    );
    const expected: [string, string, string][] = [
      [first.title, 'READING', '12'],
      [second.title, 'COMPLETED', '30'],
      [shared.title, 'ON_HOLD', '4'],
    ];
    for (const [title, status, chapters] of expected) {
      await expect(panel.getByLabel(`${PROGRESS_TEXT.readingStatus}: ${title}`)).toHaveValue(status);
      await expect(panel.getByLabel(`${PROGRESS_TEXT.chapters}: ${title}`)).toHaveValue(chapters);
    }
    await expect(panel.locator(`ol a[href="/series/${edition.id}"]`)).toHaveCount(1);

    // A change is saved at once: +1, read back from the API.
    await panel.getByRole('button', { name: `+1 chapter: ${first.title}` }).click();
    await expect(panel.getByLabel(`${PROGRESS_TEXT.chapters}: ${first.title}`)).toHaveValue('13');
    await expect
      .poll(async () => {
        const items = (await (
          await request.get(`${e2eStack.apiUrl}/reading-lists/${list.id}/items/paged`, { headers: asReader })
        ).json()) as { items: { series_id: number; chapters_read: number }[] };
        return items.items.find((item) => item.series_id === first.id)?.chapters_read;
      })
      .toBe(13);
  } finally {
    await request.delete(`${e2eStack.apiUrl}/series/${edition.id}`, { headers: asAdmin });
  }
});

test('counts every entry of a large file and says how many the preview does not show', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const reader = await newReader(request, 'bigimport');
  const created = await request.post(`${e2eStack.apiUrl}/reading-lists`, {
    headers: { authorization: `Bearer ${reader.access_token}` },
    data: { name: 'Large export' },
  });
  expect(created.status()).toBe(201);
  const list = (await created.json()) as ReadingList;
  const prefix = `E2E Nowhere ${Date.now().toString(36)}`;
  const unknown = Array.from(
    { length: MAL_REPORT_MAX_ENTRIES + 30 },
    (_, index): [string, number, string] => [`${prefix} ${index}`, 1, 'Reading'],
  );

  await useSession(page, reader);
  await page.goto(`/my-lists#list-${list.id}`);
  const panel = listPanel(page, 'Large export');
  await openImport(panel);
  await panel.getByLabel(PROGRESS_TEXT.importFileLabel).setInputFiles({
    name: 'mangalist.xml',
    mimeType: 'application/xml',
    buffer: malExport(unknown),
  });

  await expect(panel.getByRole('heading', { name: `${PROGRESS_TEXT.notFound} (230)` })).toBeVisible();
  await expect(panel.getByText(moreNotShownText(30))).toBeVisible();
  await expect(panel.getByRole('link', { name: new RegExp(`^${PROGRESS_TEXT.askForSeries}: `) })).toHaveCount(
    MAL_REPORT_MAX_ENTRIES,
  );
});
