import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Post, Thread } from '../../contract/forum';
import { bellLabel, NOTIFICATION_TEXTS } from '../../contract/notifications-values';
import { newReader, useSession, type LoginAnswer } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * Notifications in Chromium against the real stack: two readers in two browser contexts; one replies in
 * the other's thread, and the other's header bell counts it without a reload, and the notification opens
 * the reply and is then read.
 */

const bearer = (session: LoginAnswer) => ({ authorization: `Bearer ${session.access_token}` });

async function apiCreateThread(
  request: APIRequestContext,
  session: LoginAnswer,
  title: string,
): Promise<Thread> {
  const response = await request.post(`${e2eStack.apiUrl}/forum/threads`, {
    headers: bearer(session),
    data: { title, first_post_markdown: 'Who else is reading this?' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Thread;
}

test('a reply lights the other reader’s bell live, and the notification opens the reply', async ({
  browser,
  request,
}) => {
  const alice = await newReader(request, 'alice');
  const bob = await newReader(request, 'bob');
  const thread = await apiCreateThread(request, alice, `Notify me ${Date.now().toString(36)}`);

  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  try {
    const alicePage = await aliceContext.newPage();
    await useSession(alicePage, alice);
    await alicePage.goto('/about');
    // One bell shows at a time: in the bar on small screens, in the signed-in area on wide ones.
    const bell = alicePage.locator('[data-notification-bell]:visible');
    await expect(bell).toHaveAttribute('aria-label', bellLabel(0));
    await expect(bell.locator('[data-unread-count]')).toBeHidden();

    // Bob, signed in in his own browser, replies.
    const bobPage = await bobContext.newPage();
    await useSession(bobPage, bob);
    const replied = await bobPage.request.post(`${e2eStack.apiUrl}/forum/threads/${thread.id}/posts`, {
      headers: bearer(bob),
      data: { content_markdown: 'Me! Chapter 40 was something.' },
    });
    expect(replied.status()).toBe(201);
    const reply = (await replied.json()) as Post;

    // Alice's bell counts it without a reload.
    await expect(bell).toHaveAttribute('aria-label', bellLabel(1));
    await expect(bell.locator('[data-unread-count]')).toHaveText('1');

    await bell.click();
    await expect(alicePage).toHaveURL(/\/notifications$/);
    // The sentence opens the post; the actor's name in it opens their profile.
    const item = alicePage.getByRole('link', { name: /^replied to your post/ });
    await expect(item).toBeVisible();
    await expect(alicePage.getByRole('listitem').filter({ has: item })).toContainText(
      `${bob.user.username} replied to your post`,
    );
    await expect(alicePage.getByRole('link', { name: bob.user.username, exact: true })).toHaveAttribute(
      'href',
      `/u/${bob.user.username}`,
    );
    await expect(alicePage.getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead })).toBeEnabled();
    await item.click();
    await expect(alicePage).toHaveURL(new RegExp(`/forum/${thread.id}#post-${reply.id}$`));
    await expect(bell).toHaveAttribute('aria-label', bellLabel(0));
  } finally {
    await aliceContext.close();
    await bobContext.close();
  }
});

test('a reader with no notifications sees the empty state; visitors get no bell', async ({
  page,
  request,
}) => {
  const reader = await newReader(request, 'quiet');
  await page.goto('/about');
  await expect(page.locator('[data-notification-bell]:visible')).toHaveCount(0);
  await useSession(page, reader);
  await page.goto('/notifications');
  await expect(page.getByText(NOTIFICATION_TEXTS.empty)).toBeVisible();
  await expect(page.getByRole('button', { name: NOTIFICATION_TEXTS.markAllRead })).toBeDisabled();
});

test('a failed load shows the error with Try again, which loads the list', async ({ page, request }) => {
  const reader = await newReader(request, 'unlucky');
  await useSession(page, reader);
  let failures = 1;
  await page.route(
    (url) => url.pathname === '/notifications' && url.port === new URL(e2eStack.apiUrl).port,
    async (route) => {
      if (route.request().method() === 'GET' && failures > 0) {
        failures -= 1;
        return route.fulfill({ status: 503, json: { error: 'Unavailable' } });
      }
      return route.continue();
    },
  );
  await page.goto('/notifications');
  const alert = page.getByRole('alert').filter({ hasText: NOTIFICATION_TEXTS.loadFailed });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: NOTIFICATION_TEXTS.tryAgain }).click();
  await expect(page.getByText(NOTIFICATION_TEXTS.empty)).toBeVisible();
  await expect(alert).toBeHidden();
});

test('on a 320 px phone the bell shows its count in the bar, with the menu closed', async ({
  browser,
  request,
}) => {
  const alice = await newReader(request, 'phone');
  const bob = await newReader(request, 'phoneb');
  const thread = await apiCreateThread(request, alice, `Phone bell ${Date.now().toString(36)}`);
  const replied = await request.post(`${e2eStack.apiUrl}/forum/threads/${thread.id}/posts`, {
    headers: bearer(bob),
    data: { content_markdown: 'Seen on a phone?' },
  });
  expect(replied.status()).toBe(201);
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  try {
    const page = await context.newPage();
    await useSession(page, alice);
    await page.goto('/about');
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    const bell = page.getByRole('link', { name: bellLabel(1) });
    await expect(bell).toBeVisible();
    await expect(bell.locator('[data-unread-count]')).toHaveText('1');
    await expect(page.locator('[data-notification-bell]:visible')).toHaveCount(1);
  } finally {
    await context.close();
  }
});
