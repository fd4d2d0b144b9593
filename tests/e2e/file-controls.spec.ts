import { expect, test, type Locator, type Page } from '@playwright/test';
import { LIST_TEXT, type ReadingList } from '../../contract/reading-lists';
import { FORUM_TEXT } from '../../contract/forum-values';
import { PROGRESS_TEXT } from '../../contract/reading-progress-values';
import { apiLogin, coverPng, newReader, useSession } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * The one file control of every form that takes a file (the issue report's screenshot, the MyAnimeList
 * import, the forum editor's image, the catalogue's cover): it names the chosen file with its size, Remove
 * clears it, and the keyboard reaches it with Tab and opens the picker.
 */

/** The file control around an input: its box shows the chosen file. */
const controlOf = (input: Locator) => input.locator('xpath=ancestor::*[@data-file-field][1]');

/** Tabs from where the focus is until `target` has it; fails if it never does (not reachable by keyboard). */
async function tabTo(page: Page, target: Locator, most = 60): Promise<void> {
  for (let step = 0; step < most; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function expectChosen(input: Locator, name: string, size: RegExp) {
  const control = controlOf(input);
  await expect(control.getByText(name, { exact: true })).toBeVisible();
  await expect(control.getByText(size)).toBeVisible();
  await expect(control.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
}

/** Waits until the islands that hydrate on load or when idle have hydrated. */
async function waitForIslands(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('astro-island[ssr]:not([client="visible"]):not([client="interaction"])') ===
      null,
  );
}

test.describe('file controls', () => {
  test('the report form: name and size, Remove, Tab and Space open the picker', async ({ page }) => {
    await page.goto('/report-issue');
    const input = page.getByLabel('Screenshot (optional)');
    await expect(controlOf(input)).toHaveAttribute('data-enhanced', '');
    await expect(controlOf(input).getByText('No file chosen')).toBeVisible();

    await page.getByLabel('Email (optional)').focus();
    await tabTo(page, input);
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (
      await chooser
    ).setFiles({
      name: 'broken-page.png',
      mimeType: 'image/png',
      buffer: await coverPng(300, 200),
    });
    await expectChosen(input, 'broken-page.png', /^\d+(\.\d)? KB$|^\d+ bytes$/);
    await expect(page.getByRole('img', { name: 'Preview of the chosen screenshot' })).toBeVisible();

    await controlOf(input).getByRole('button', { name: 'Remove broken-page.png' }).click();
    await expect(controlOf(input).getByText('No file chosen')).toBeVisible();
    await expect(input).toBeFocused();
    expect(await input.evaluate((element: HTMLInputElement) => element.files?.length ?? 0)).toBe(0);
    await expect(page.getByRole('img', { name: 'Preview of the chosen screenshot' })).toBeHidden();

    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(1_600_000, 1) });
    await expectChosen(input, 'big.png', /^1\.5 MB$/);
  });

  test('the MyAnimeList import and the forum editor', async ({ page, request }) => {
    test.setTimeout(90_000);
    const reader = await newReader(request, 'filer');
    const created = await request.post(`${e2eStack.apiUrl}/reading-lists`, {
      headers: { authorization: `Bearer ${reader.access_token}` },
      data: { name: 'Files' },
    });
    expect(created.status()).toBe(201);
    const list = (await created.json()) as ReadingList;
    await useSession(page, reader);

    await page.goto(`/my-lists#list-${list.id}`);
    const panel = page.locator('main li[id^="list-"]').filter({ hasText: 'Files' });
    const actions = panel.getByRole('button', { name: LIST_TEXT.listActions, exact: true });
    await actions.click();
    await panel.getByRole('menuitem', { name: PROGRESS_TEXT.importButton, exact: true }).click();
    const input = panel.getByLabel(PROGRESS_TEXT.importFileLabel);
    await actions.focus();
    await tabTo(page, input);
    await input.setInputFiles({
      name: 'mangalist.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(
        '<?xml version="1.0"?><myanimelist><myinfo><user_export_type>1</user_export_type></myinfo></myanimelist>',
      ),
    });
    await expectChosen(input, 'mangalist.xml', /^\d+ bytes$/);

    await page.goto('/forum');
    await waitForIslands(page);
    await page.getByRole('button', { name: FORUM_TEXT.newThread }).click();
    const dialog = page.getByRole('dialog', { name: 'New thread' });
    const image = dialog.getByLabel(FORUM_TEXT.addImage);
    await dialog.getByRole('combobox', { name: 'Original post' }).focus();
    await tabTo(page, image);
    await image.setInputFiles({ name: 'panel.png', mimeType: 'image/png', buffer: await coverPng(60, 90) });
    await expectChosen(image, 'panel.png', /^\d+ bytes$/);
    // Remove takes the image back out of the text.
    const body = dialog.getByRole('combobox', { name: 'Original post' });
    await expect(body).toHaveValue(/!\[panel\]/);
    await controlOf(image).getByRole('button', { name: 'Remove panel.png' }).click();
    await expect(body).not.toHaveValue(/!\[panel\]/);
  });

  test("the catalogue admin's cover", async ({ page, request }) => {
    const admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
    await useSession(page, admin);
    await page.goto('/');
    await page.getByRole('button', { name: 'Add New Series' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Series' });
    const cover = dialog.getByLabel('Cover', { exact: true });
    await dialog.getByLabel('Type').focus();
    await tabTo(page, cover);
    await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(200, 300) });
    await expectChosen(cover, 'cover.png', /^\d+ bytes$|^\d+(\.\d)? KB$/);
    await expect(dialog.getByRole('img', { name: 'Chosen cover' })).toBeVisible();
    // A refused file leaves the control empty, with the reason read with it.
    await cover.setInputFiles({
      name: 'square.png',
      mimeType: 'image/png',
      buffer: await coverPng(300, 300),
    });
    await expect(controlOf(cover).getByText('No file chosen')).toBeVisible();
    await expect(cover).toHaveAttribute('aria-invalid', 'true');
  });
});
