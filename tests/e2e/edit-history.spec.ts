import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Post, Thread } from '../../contract/forum';
import { FORUM_TEXT } from '../../contract/forum-values';
import { newReader, useSession, type LoginAnswer } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * A post's edit history in Chromium against the real stack: the author edits a reply twice through the
 * API; the thread page shows "edited" to everyone, and the author's "Edit history" dialog lists the two
 * earlier versions, newest first, rendered by the forum's sanitizing renderer. Another reader sees only
 * that it was edited.
 */

const bearer = (session: LoginAnswer) => ({ authorization: `Bearer ${session.access_token}` });

async function send<T>(
  request: APIRequestContext,
  method: 'post' | 'patch',
  path: string,
  session: LoginAnswer,
  data: unknown,
): Promise<T> {
  const response = await request[method](`${e2eStack.apiUrl}${path}`, { headers: bearer(session), data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

async function waitForIslands(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('astro-island[ssr]:not([client="visible"]):not([client="interaction"])') ===
      null,
  );
}

test('the author opens the edit history of an edited reply; another reader only sees that it was edited', async ({
  page,
  browser,
  request,
}) => {
  const author = await newReader(request, 'historian');
  const thread = await send<Thread>(request, 'post', '/forum/threads', author, {
    title: `Edit history ${Date.now()}`,
    first_post_markdown: 'Opening post, never edited.',
  });
  const reply = await send<Post>(request, 'post', `/forum/threads/${thread.id}/posts`, author, {
    content_markdown: 'First take: **chapter 12** was slow.',
  });
  const path = `/forum/threads/${thread.id}/posts/${reply.id}`;
  await send(request, 'patch', path, author, { content_markdown: 'Second take: chapter 12 grew on me.' });
  const latest = await send<Post>(request, 'patch', path, author, {
    content_markdown: 'Final take: chapter 12 is the best of the arc.',
  });
  expect(latest.edited_at).not.toBeNull();

  await useSession(page, author);
  await page.goto(`/forum/${thread.id}`);
  await waitForIslands(page);
  const card = page.locator(`article[data-post-id="${reply.id}"]`);
  await expect(card.getByText('Final take')).toBeVisible();
  const mark = card.locator('[data-edited]');
  await expect(mark).toHaveText(new RegExp(`^${FORUM_TEXT.edited} \\d`));
  await expect(mark.locator('time')).toHaveAttribute('datetime', latest.edited_at!);
  // The original post was never edited: no mark, no history.
  const opening = page.locator(`article[data-post-id]`).first();
  await expect(opening.locator('[data-edited]')).toHaveCount(0);
  await expect(opening.getByRole('button', { name: FORUM_TEXT.editHistory })).toHaveCount(0);

  await card.getByRole('button', { name: FORUM_TEXT.editHistory }).click();
  const dialog = page.getByRole('dialog', { name: FORUM_TEXT.editHistory });
  await expect(dialog).toBeVisible();
  const versions = dialog.locator('[data-edit-history] > li');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Second take');
  await expect(versions.nth(1)).toContainText('First take');
  // Rendered markdown, not its source.
  await expect(versions.nth(1).locator('strong')).toHaveText('chapter 12');
  await expect(versions.nth(1).locator('time')).toHaveAttribute('datetime', reply.created_at);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await useSession(otherPage, await newReader(request, 'onlooker'));
  await otherPage.goto(`/forum/${thread.id}`);
  await waitForIslands(otherPage);
  const seen = otherPage.locator(`article[data-post-id="${reply.id}"]`);
  await expect(seen.getByText('Final take')).toBeVisible();
  await expect(seen.locator('[data-edited]')).toBeVisible();
  await expect(seen.getByRole('button', { name: FORUM_TEXT.editHistory })).toHaveCount(0);
  await otherContext.close();
});
