import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Thread } from '../../contract/forum';
import { FORUM_TEXT } from '../../contract/forum-values';
import { newReader, useSession } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * The forum's pictures and headings as a reader meets them: an image attached in the new-thread form,
 * before the thread exists, shows in the thread it created; a long thread title uses the thread's column.
 */

/** Waits until the islands that hydrate on load or when idle have hydrated. */
async function waitForIslands(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('astro-island[ssr]:not([client="visible"]):not([client="interaction"])') ===
      null,
  );
}

test.describe('forum images and titles', () => {
  test('a reader attaches an image in the new-thread form and the created thread shows it', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const reader = await newReader(request, 'imager');
    await useSession(page, reader);
    const title = `Thread with a picture ${Date.now().toString(36)}`;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc5500' } })
      .png()
      .toBuffer();

    await page.goto('/forum');
    await waitForIslands(page);
    await page.getByRole('button', { name: FORUM_TEXT.newThread }).click();
    const dialog = page.getByRole('dialog', { name: 'New thread' });
    await dialog.getByLabel('Title').fill(title);
    const body = dialog.getByRole('combobox', { name: 'Original post' });
    await body.fill('My shelf, photographed: ');

    const upload = dialog.getByLabel(FORUM_TEXT.addImage);
    await upload.setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: png });
    // The control names the file and its size; the image's markdown lands in the text once uploaded.
    await expect(dialog.getByText('shelf.png', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/^\d+ bytes$/)).toBeVisible();
    await expect(body).toHaveValue(/!\[shelf\]\(http[^)]+\/media\/forum\/new-[^)]+\.webp\)/);
    const imageUrl = /\((http[^)]+)\)/.exec(await body.inputValue())![1]!;

    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(FORUM_TEXT.threadCreated, { exact: true })).toBeVisible();
    const row = page.locator('li[data-thread-id]').filter({ has: page.getByRole('link', { name: title }) });
    const threadId = await row.getAttribute('data-thread-id');
    await row.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const shown = page.locator('article[data-post-id]').first().getByRole('img', { name: 'shelf' });
    await expect(shown).toHaveAttribute('src', imageUrl);
    await expect
      .poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(40);
    // The image now belongs to the thread: it goes when the thread goes.
    expect((await request.get(imageUrl)).status()).toBe(200);
    const deleted = await request.delete(`${e2eStack.apiUrl}/forum/threads/${threadId}`, {
      headers: { authorization: `Bearer ${reader.access_token}` },
    });
    expect(deleted.status()).toBe(204);
    expect((await request.get(imageUrl)).status()).toBe(404);
  });

  test('a long thread title uses the width of the thread column at 1280 px', async ({ page, request }) => {
    const reader = await newReader(request, 'titler');
    const title =
      'A title long enough to need a second line on a wide screen: which manhwa finished its last season well?';
    const created = await request.post(`${e2eStack.apiUrl}/forum/threads`, {
      headers: { authorization: `Bearer ${reader.access_token}` },
      data: { title, first_post_markdown: 'Asking for the long winter.' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const thread = (await created.json()) as Thread;

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/forum/${thread.id}`);
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    const widths = await heading.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const lines = [...range.getClientRects()].map((rect) => rect.width);
      const column = element.closest('header')!.getBoundingClientRect().width;
      return { box: element.getBoundingClientRect().width, column, widest: Math.max(...lines) };
    });
    // The heading's box spans the column, and so do its lines: the first line fills it before wrapping.
    expect(widths.column).toBeGreaterThan(800);
    expect(widths.box).toBeGreaterThan(700);
    expect(widths.widest).toBeGreaterThan(700);
    expect(widths.widest).toBeGreaterThan(widths.column * 0.85);
  });
});
