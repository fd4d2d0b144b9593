import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ReadingList } from '../../contract/reading-lists';
import { FORUM_API_TEXTS } from '../../contract/forum-values';
import { PROFILE_TEXTS } from '../../contract/profiles-values';
import type { Thread } from '../../contract/forum';
import { coverPng, newReader, useSession, type LoginAnswer } from './api-helpers';
import { e2eStack } from './stack-config';

/* Public profiles on the site against the real API: /u/{username}, its links, and the owner's settings. */

const bearer = (session: LoginAnswer) => ({ authorization: `Bearer ${session.access_token}` });

async function newList(request: APIRequestContext, session: LoginAnswer, name: string, share: boolean) {
  const created = await request.post(`${e2eStack.apiUrl}/reading-lists`, {
    headers: bearer(session),
    data: { name },
  });
  expect(created.status(), await created.text()).toBe(201);
  const list = (await created.json()) as ReadingList;
  if (!share) return list;
  const shared = await request.post(`${e2eStack.apiUrl}/reading-lists/${list.id}/share`, {
    headers: bearer(session),
  });
  expect(shared.status(), await shared.text()).toBe(200);
  return (await shared.json()) as ReadingList;
}

test('a forum username opens the profile, whose public list opens the shared list; private lists never show', async ({
  page,
  request,
}) => {
  const author = await newReader(request, 'profiled');
  const shared = await newList(request, author, 'Weekend reads', true);
  await newList(request, author, 'Secret guilty pleasures', false);
  const started = await request.post(`${e2eStack.apiUrl}/forum/threads`, {
    headers: bearer(author),
    data: { title: `Profiles ${author.user.username}`, first_post_markdown: 'Hello from my profile test.' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const thread = (await started.json()) as Thread;

  await page.goto(`/forum/${thread.id}`);
  const byline = page.getByRole('link', { name: author.user.username, exact: true }).first();
  await expect(byline).toHaveAttribute('href', `/u/${author.user.username}`);
  await byline.click();

  await expect(page).toHaveURL(new RegExp(`/u/${author.user.username}$`));
  await expect(page.getByRole('heading', { level: 1, name: author.user.username })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${author.user.username} \\|`));
  await expect(page.getByText(/^Joined /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reading stats' })).toBeVisible();
  await expect(page.getByText('Secret guilty pleasures')).toHaveCount(0);

  await page.getByRole('link', { name: 'Weekend reads' }).click();
  await expect(page).toHaveURL(new RegExp(`/lists/${shared.share_token}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Weekend reads' })).toBeVisible();
});

test('turning the reading stats off on /account hides them on the profile', async ({ page, request }) => {
  const reader = await newReader(request, 'private');
  await useSession(page, reader);
  await page.goto('/account');
  const checkbox = page.getByRole('checkbox', { name: PROFILE_TEXTS.showReadingStats });
  await expect(checkbox).toBeEnabled();
  await expect(checkbox).toBeChecked();
  await checkbox.uncheck();
  await expect
    .poll(async () => {
      const me = await request.get(`${e2eStack.apiUrl}/auth/me`, { headers: bearer(reader) });
      return ((await me.json()) as { show_reading_stats: boolean }).show_reading_stats;
    })
    .toBe(false);

  await page.getByRole('link', { name: 'View my profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: reader.user.username })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Public lists' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reading stats' })).toHaveCount(0);
});

test('an unknown username shows "User not found"', async ({ page }) => {
  await page.goto('/u/nobody_by_this_name_42');
  await expect(page.getByRole('heading', { level: 1, name: PROFILE_TEXTS.userNotFound })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${PROFILE_TEXTS.userNotFound} \\|`));
});

test("an avatar upload shows the API's refusal verbatim, then the uploaded avatar on the profile", async ({
  page,
  request,
}) => {
  const reader = await newReader(request, 'pictured');
  await useSession(page, reader);
  await page.goto('/account');
  const input = page.getByLabel('Avatar', { exact: true });
  await input.setInputFiles({
    name: 'moving.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a-not-really'),
  });
  await expect(page.getByRole('img', { name: 'Preview of the chosen avatar' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload avatar' }).click();
  await expect(page.getByText(FORUM_API_TEXTS.unsupportedImage)).toBeVisible();

  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await coverPng(300, 200) });
  await page.getByRole('button', { name: 'Upload avatar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your avatar was updated.' })).toBeVisible();

  await page.getByRole('link', { name: 'View my profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: reader.user.username })).toBeVisible();
  await expect(page.locator('img[src*="/avatars/"]')).toBeVisible();
});
