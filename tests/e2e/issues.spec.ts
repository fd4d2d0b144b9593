import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiLogin, useSession } from './api-helpers';
import { e2eStack, readE2eStackState } from './stack-config';

/*
 * Issue reports end to end: a visitor reports with a screenshot and no account, finds the report on the
 * public tracker, an admin moves it (the counters follow) and deletes it. Everything goes through the real
 * API; the e-mail to the reporter is read from the stack's outbox.
 */

const TEXT = {
  submitted: 'Thanks! Your report has been submitted.',
  titleRequired: 'Please enter a title.',
  descriptionRequired: 'Please describe the issue.',
  invalidEmail: 'Please enter a valid email address or leave the field blank.',
  noMatches: 'No reports match your search.',
};

/** A screenshot as a phone would send it: a JPEG with camera EXIF. */
function phoneScreenshot(): Promise<Buffer> {
  return sharp({ create: { width: 390, height: 844, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'E2E Phone', Model: 'E2E Phone' } })
    .toBuffer();
}

/** The error shown next to a report form field. */
function fieldError(page: Page, field: string): Locator {
  return page.locator(`[data-error-for="${field}"]`);
}

function counter(page: Page, label: string): Locator {
  return page.locator('[data-counters]').getByRole('button', { name: new RegExp(`^\\d+ ${label}$`) });
}

async function count(page: Page, label: string): Promise<number> {
  return Number((await counter(page, label).textContent())?.replace(/\D+/g, ''));
}

function outboxMessagesTo(email: string): string[] {
  const outbox = join(readE2eStackState().dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.includes(`-${email}-`))
    .map((name) => readFileSync(join(outbox, name), 'utf8'));
}

test('a visitor reports an issue with a screenshot; an admin resolves it, then deletes it', async ({
  page,
  browser,
  request,
}) => {
  const title = `Cover missing on series ${Date.now().toString(36)}`;
  const email = `reporter.${Date.now().toString(36)}@example.com`;

  // 1. Report without an account, from a forum thread's "Report issue" link.
  await page.goto('/report-issue?page_url=%2Fforum%2F7');
  await expect(page.getByLabel('Page (optional)')).toHaveValue('/forum/7');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(fieldError(page, 'title')).toHaveText(TEXT.titleRequired);
  await expect(page.getByLabel('Title')).toBeFocused();
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(fieldError(page, 'description')).toHaveText(TEXT.descriptionRequired);

  await page.getByRole('radio', { name: /Content/ }).check();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('The cover does not load; the page shows an empty box.');
  await page.getByLabel('Email (optional)').fill('not-an-address');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(fieldError(page, 'email')).toHaveText(TEXT.invalidEmail);
  await expect(page.getByLabel('Email (optional)')).toBeFocused();
  await page.getByLabel('Email (optional)').fill(email);
  await page.getByLabel('Screenshot (optional)').setInputFiles({
    name: 'phone.jpg',
    mimeType: 'image/jpeg',
    buffer: await phoneScreenshot(),
  });
  await expect(page.getByRole('img', { name: 'Preview of the chosen screenshot' })).toBeVisible();
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('status').getByText(TEXT.submitted)).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByRole('img', { name: 'Preview of the chosen screenshot' })).toBeHidden();

  // 2. The report is on the public tracker, found by a word of its title; no e-mail shown to visitors.
  await page.goto('/issues');
  await expect(page.getByRole('heading', { name: 'Site Updates & Known Issues' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(title.split(' ').at(-1)!);
  const visitorRow = page.getByRole('row').filter({ hasText: title });
  await expect(visitorRow).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(visitorRow.getByText('Open', { exact: true })).toBeVisible();
  await expect(visitorRow.getByText('Content', { exact: true })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  const screenshotUrl = await visitorRow.getByRole('link', { name: /Screenshot/ }).getAttribute('href');
  expect(screenshotUrl).toMatch(/\/media\/issue-screenshots\/.+\.webp$/);
  const served = await request.get(screenshotUrl!);
  expect(served.status()).toBe(200);
  expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();

  // 3. An admin changes its status; the counters move at once and the change sticks.
  const admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await useSession(adminPage, admin);
  await adminPage.goto(`/issues?q=${encodeURIComponent(title)}`);
  const status = adminPage.getByRole('combobox', { name: new RegExp(`^Status of report #\\d+: ${title}$`) });
  await expect(status).toHaveValue('OPEN');
  await expect(adminPage.getByRole('row').filter({ hasText: title }).getByText(email)).toBeVisible();
  await expect.poll(() => count(adminPage, 'Open')).toBe(1);
  expect(await count(adminPage, 'Resolved')).toBe(0);

  // As with a keyboard: the dropdown has the focus, and keeps it through the re-render.
  await status.focus();
  await status.selectOption({ label: 'Resolved' });
  await expect.poll(() => count(adminPage, 'Resolved')).toBe(1);
  expect(await count(adminPage, 'Open')).toBe(0);
  await expect(status).toBeFocused();

  await adminPage.reload();
  await expect(status).toHaveValue('FIXED');
  const adminRow = adminPage.getByRole('row').filter({ hasText: title });
  await expect(adminRow.getByText(/^Resolved \d/)).toBeVisible();
  await expect.poll(() => outboxMessagesTo(email).length).toBe(1);
  expect(outboxMessagesTo(email)[0]).toContain('Your PanelRank report: Resolved');

  // The status chip filters by status: the report shows under Resolved, not under Open.
  await counter(adminPage, 'Open').click();
  await expect(adminPage.getByText(TEXT.noMatches)).toBeVisible();
  await counter(adminPage, 'Resolved').click();
  await expect(adminRow).toBeVisible();
  await counter(adminPage, 'Resolved').click();

  // 4. Delete, after the confirmation; the screenshot goes with it.
  adminPage.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Delete this report? This will also delete its screenshot (if any).');
    void dialog.accept();
  });
  await adminRow.getByRole('button', { name: /^Delete report/ }).click();
  await expect(adminPage.getByText(TEXT.noMatches)).toBeVisible();
  await expect.poll(() => count(adminPage, 'Resolved')).toBe(0);
  expect((await request.get(screenshotUrl!)).status()).toBe(404);
  await adminContext.close();
});

test('the tracker says so when it cannot load, and tries again', async ({ page }) => {
  let failing = true;
  await page.route(`${e2eStack.apiUrl}/issues?*`, (route) =>
    failing ? route.fulfill({ status: 503, body: '{"detail":"down"}' }) : route.fallback(),
  );
  await page.goto('/issues');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load reports' });
  await expect(alert).toBeVisible();
  failing = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeHidden();
  await expect(page.locator('[data-summary]')).toHaveText(/report/);
});

test('a failed status change reloads the list and says so', async ({ page, request }) => {
  const created = await request.post(`${e2eStack.apiUrl}/issues/report`, {
    data: { type: 'BUG', title: `Status change fails ${Date.now()}`, description: 'For the failure path.' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
  await useSession(page, admin);
  await page.route(`${e2eStack.apiUrl}/issues/${id}/status`, (route) =>
    route.fulfill({ status: 500, body: '{"detail":"Internal server error"}' }),
  );
  await page.goto(`/issues?q=${encodeURIComponent('Status change fails')}`);
  const status = page.getByRole('combobox', { name: new RegExp(`^Status of report #${id}:`) });
  await status.selectOption('IN_PROGRESS');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update status' })).toBeVisible();
  // Reloaded from the server: the change did not happen.
  await expect(status).toHaveValue('OPEN');
  await request.delete(`${e2eStack.apiUrl}/issues/${id}`, {
    headers: { authorization: `Bearer ${admin.access_token}` },
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  async function reportTitles(request: APIRequestContext): Promise<string[]> {
    const response = await request.get(`${e2eStack.apiUrl}/issues?page_size=100`);
    expect(response.ok()).toBeTruthy();
    return ((await response.json()) as { title: string }[]).map((issue) => issue.title);
  }

  test('the browser checks the report form, the API stores it and the reporter lands on the site', async ({
    page,
    request,
  }) => {
    const title = `Sent without JavaScript ${Date.now().toString(36)}`;
    await page.goto('/report-issue');
    // The browser's own checks stand in for the script's: an empty title stops the post.
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(page).toHaveURL(/\/report-issue$/);
    expect(
      await page.getByLabel('Title').evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);

    await page.getByRole('radio', { name: /Content/ }).check();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Posted by a browser with scripts turned off.');
    await page.getByLabel('Screenshot (optional)').setInputFiles({
      name: 'phone.jpg',
      mimeType: 'image/jpeg',
      buffer: await phoneScreenshot(),
    });
    await page.getByRole('button', { name: 'Send report' }).click();

    await expect(page).toHaveURL(`${e2eStack.siteUrl}/report-issue/sent`);
    await expect(page.getByRole('heading', { name: 'Report sent' })).toBeVisible();
    await expect(page.getByText(TEXT.submitted)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect(await reportTitles(request)).toContain(title);
  });

  test('a refused screenshot lands on its page, and Back finds the form as it was', async ({
    page,
    request,
  }) => {
    const title = `Refused without JavaScript ${Date.now().toString(36)}`;
    await page.goto('/report-issue');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('The file below is not an image.');
    await page.getByLabel('Screenshot (optional)').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('a text file renamed to notes.png\n'.repeat(10)),
    });
    await page.getByRole('button', { name: 'Send report' }).click();

    await expect(page).toHaveURL(`${e2eStack.siteUrl}/report-issue/not-sent/screenshot`);
    await expect(page.getByRole('heading', { name: 'Report not sent' })).toBeVisible();
    await expect(page.getByText('The screenshot must be a PNG, JPEG, WebP or GIF image.')).toBeVisible();
    expect(await reportTitles(request)).not.toContain(title);

    await page.goBack();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Description')).toHaveValue('The file below is not an image.');
  });

  test('a 5 MB photo lands on the screenshot page, not on a network error', async ({ page, request }) => {
    const title = `Large photo without JavaScript ${Date.now().toString(36)}`;
    await page.goto('/report-issue');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('The photo below is 5 MB, over the screenshot limit.');
    const photo = Buffer.alloc(5 * 1024 * 1024, 0x5a);
    photo.set([0xff, 0xd8, 0xff, 0xe0]);
    await page.getByLabel('Screenshot (optional)').setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page.getByRole('button', { name: 'Send report' }).click();

    await expect(page).toHaveURL(`${e2eStack.siteUrl}/report-issue/not-sent/screenshot`);
    await expect(page.getByRole('heading', { name: 'Report not sent' })).toBeVisible();
    await expect(page.getByText('The screenshot was refused.')).toBeVisible();
    await expect(page.getByText('The screenshot must be at most 2 MB.')).toBeVisible();
    expect(await reportTitles(request)).not.toContain(title);
  });
});
