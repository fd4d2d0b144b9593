import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Post, Thread, ThreadDetail } from '../../contract/forum';
import { FORUM_TEXT } from '../../contract/forum-values';
import { apiLogin, newReader, useSession, type LoginAnswer } from './api-helpers';
import { storableXssPayloads, XSS_THREAD_TITLE } from './forum-fixtures';
import { e2eStack } from './stack-config';

/*
 * The forum in Chromium against the real stack: a thread started from /forum with a series mentioned by
 * keyboard, replies and a reply to a reply, a like, an edit and a delete; an admin's lock and what a reader
 * then sees; and a thread of XSS payloads, pre-rendered at build and rendered live, that runs nothing.
 * Every change goes through the real API.
 */

interface RankedSeries {
  id: number;
  title: string;
}

const bearer = (session: LoginAnswer) => ({ authorization: `Bearer ${session.access_token}` });

async function apiThread(request: APIRequestContext, id: number): Promise<ThreadDetail> {
  const response = await request.get(`${e2eStack.apiUrl}/forum/threads/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ThreadDetail;
}

async function apiCreateThread(
  request: APIRequestContext,
  session: LoginAnswer,
  title: string,
  body: string,
): Promise<Thread> {
  const response = await request.post(`${e2eStack.apiUrl}/forum/threads`, {
    headers: bearer(session),
    data: { title, first_post_markdown: body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Thread;
}

async function apiReply(
  request: APIRequestContext,
  session: LoginAnswer,
  threadId: number,
  content: string,
): Promise<Post> {
  const response = await request.post(`${e2eStack.apiUrl}/forum/threads/${threadId}/posts`, {
    headers: bearer(session),
    data: { content_markdown: content },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Post;
}

/** Waits until the islands that hydrate on load or when idle have hydrated. */
async function waitForIslands(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('astro-island[ssr]:not([client="visible"]):not([client="interaction"])') ===
      null,
  );
}

const post = (page: Page, label: string | RegExp) =>
  page.locator('article[data-post-id]').filter({ has: page.getByText(label, { exact: true }) });

/**
 * Records anything a payload could run: dialogs (alert, confirm, prompt, print) and the markers the
 * hostile title sets. Returns what ran, read at the end of the test.
 */
async function watchForScripts(page: Page): Promise<() => Promise<string[]>> {
  const ran: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { print: () => void }).print = () => {
      (window as unknown as { __xssPrint?: boolean }).__xssPrint = true;
    };
  });
  return async () => {
    const markers = await page.evaluate(() => {
      const flags = window as unknown as { __xssTitle?: unknown; __xssPrint?: unknown };
      return [flags.__xssTitle ? 'title script ran' : '', flags.__xssPrint ? 'print called' : ''].filter(
        Boolean,
      );
    });
    return [...ran, ...markers];
  };
}

/** Every element of the rendered posts is inert: no script-capable element, handler or dangerous URL. */
async function renderedPostProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const bodies = document.querySelectorAll('[data-post-body]');
    if (bodies.length === 0) problems.push('no rendered post bodies');
    for (const body of bodies) {
      for (const element of body.querySelectorAll('*')) {
        const tag = element.tagName.toLowerCase();
        if (
          [
            'script',
            'iframe',
            'object',
            'embed',
            'svg',
            'math',
            'style',
            'form',
            'input',
            'base',
            'link',
            'meta',
          ].includes(tag)
        )
          problems.push(`<${tag}>`);
        for (const attribute of element.attributes) {
          const name = attribute.name.toLowerCase();
          if (name.startsWith('on') || name === 'style' || name === 'srcdoc')
            problems.push(`${tag}[${name}]`);
          if ((name === 'href' || name === 'src') && !/^(https?:\/\/|\/(?!\/))/i.test(attribute.value.trim()))
            problems.push(`${tag}[${name}=${attribute.value}]`);
        }
      }
    }
    return problems;
  });
}

test.describe('forum', () => {
  test('a thread with a keyboard mention, replies, a like, an edit and a delete', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const reader = await newReader(request, 'poster');
    await useSession(page, reader);
    const [series] = (await (
      await request.get(`${e2eStack.apiUrl}/series/rankings?page_size=1`)
    ).json()) as RankedSeries[];
    const word = series!.title.split(/\s+/)[0]!;
    const title = `E2E thread ${Date.now().toString(36)}`;

    await page.goto('/forum');
    await waitForIslands(page);
    await page.getByRole('button', { name: FORUM_TEXT.newThread }).click();
    const dialog = page.getByRole('dialog', { name: 'New thread' });
    await dialog.getByLabel('Title').fill(title);
    const body = dialog.getByRole('combobox', { name: 'Original post' });
    await body.click();
    await body.pressSequentially(`Everyone should read @${word}`);

    // The suggestions: a listbox; the arrows move the highlight and wrap around; Enter picks.
    const options = dialog.getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(body).toHaveAttribute('aria-expanded', 'true');
    const count = await options.count();
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await body.press('ArrowUp');
    await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
    await body.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    const titles = await options.locator('span:nth-child(2)').allTextContents();
    const target = titles.indexOf(series!.title);
    expect(target, `${series!.title} among ${titles.join(', ')}`).toBeGreaterThanOrEqual(0);
    for (let step = 0; step < target; step++) await body.press('ArrowDown');
    await expect(body).toHaveAttribute(
      'aria-activedescendant',
      (await options.nth(target).getAttribute('id')) ?? '',
    );
    await body.press('Enter');
    await expect(body).toHaveValue(`Everyone should read [${series!.title}](series:${series!.id}) `);
    await expect(body).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog.getByRole('list', { name: 'Mentioned series' })).toHaveText(`#${series!.id}`);
    // Escape closes the suggestions only, not the dialog.
    await body.pressSequentially(`@${word}`);
    await expect(options.first()).toBeVisible();
    await body.press('Escape');
    await expect(options).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await body.press('ControlOrMeta+A');
    await body.pressSequentially(`Everyone should read @${word}`);
    await expect(options.nth(target)).toBeVisible();
    for (let step = 0; step < target; step++) await body.press('ArrowDown');
    await expect(options.nth(target)).toHaveAttribute('aria-selected', 'true');
    await body.press('Tab');
    await expect(body).toHaveValue(`Everyone should read [${series!.title}](series:${series!.id}) `);
    await dialog.getByRole('button', { name: 'Create' }).click();

    await expect(page.getByText(FORUM_TEXT.threadCreated, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.locator('li[data-thread-id]').filter({ has: page.getByRole('link', { name: title }) });
    await expect(row.getByRole('link', { name: series!.title })).toHaveAttribute(
      'href',
      `/series/${series!.id}`,
    );

    // The thread opens through the fallback page (it is newer than the build), live from the API.
    await row.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: series!.title }).first()).toHaveAttribute(
      'href',
      `/series/${series!.id}`,
    );
    const original = post(page, FORUM_TEXT.originalPost);
    await expect(original).toContainText(`Everyone should read ${series!.title}`);

    // A reply from the bottom form, then a reply to it from its own form.
    await page.getByRole('textbox', { name: FORUM_TEXT.replyHeading, exact: true }).click();
    const bottom = page.getByRole('combobox', { name: FORUM_TEXT.replyHeading, exact: true });
    await bottom.fill('First reply from the bottom form');
    await page.getByRole('button', { name: FORUM_TEXT.postReply }).last().click();
    const first = post(page, 'Reply # I');
    await expect(first).toContainText('First reply from the bottom form');
    await expect(bottom).toHaveValue('');
    await first.getByRole('button', { name: FORUM_TEXT.replyToThisReply }).click();
    const nestedBox = first.getByRole('combobox');
    await nestedBox.fill('A reply to the reply');
    await first.getByRole('button', { name: FORUM_TEXT.postReply }).click();
    const nested = post(page, `Reply to @${reader.user.username} # 1`);
    await expect(nested).toContainText('A reply to the reply');

    // A like: at once, kept by the API.
    const like = original.getByRole('button', { name: /likes?$/ });
    await expect(like).toHaveAccessibleName('0 likes');
    await like.click();
    await expect(like).toHaveAccessibleName('1 like');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () => (await apiThread(request, (await threadIdOf(page))!)).posts[0]!.heart_count)
      .toBe(1);

    // An edit of the nested reply; one edit at a time.
    await nested.getByRole('button', { name: FORUM_TEXT.edit }).click();
    await expect(first.getByRole('button', { name: FORUM_TEXT.edit })).toBeDisabled();
    const editBox = nested.getByRole('combobox');
    await editBox.fill('An edited reply to the reply');
    await nested.getByRole('button', { name: FORUM_TEXT.save }).click();
    await expect(nested).toContainText('An edited reply to the reply');
    await expect(nested).toContainText('edited');

    // Delete with the confirmation: the reply and the reply under it go.
    await first.getByRole('button', { name: FORUM_TEXT.delete }).click();
    const confirm = page.getByRole('dialog', { name: FORUM_TEXT.deleteConfirmTitle });
    await expect(confirm).toContainText(FORUM_TEXT.deleteConfirmBody);
    await expect(confirm).toContainText('First reply from the bottom form');
    await confirm.getByRole('button', { name: FORUM_TEXT.delete }).click();
    await expect(page.locator('article[data-post-id]')).toHaveCount(1);
    const stored = await apiThread(request, (await threadIdOf(page))!);
    expect(stored.posts).toHaveLength(1);
    expect(stored.thread.post_count).toBe(1);

    // After a reload the like is still the reader's.
    await page.reload();
    await expect(post(page, FORUM_TEXT.originalPost).getByRole('button', { name: '1 like' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('an admin locks a thread; its author then sees the locked message', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
    const reader = await newReader(request, 'locked');
    const title = `E2E lockable ${Date.now().toString(36)}`;
    const thread = await apiCreateThread(request, reader, title, 'Please keep this civil.');
    await apiReply(request, reader, thread.id, 'A first reply.');

    await useSession(page, admin);
    await page.goto(`/forum/${thread.id}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: FORUM_TEXT.lock, exact: true }).click();
    await expect(page.getByRole('list', { name: 'Thread status' })).toContainText(FORUM_TEXT.locked);
    await expect(page.getByRole('button', { name: FORUM_TEXT.unlock })).toBeVisible();
    // Admins still reply in a locked thread.
    await expect(page.getByRole('heading', { name: FORUM_TEXT.replyHeading })).toBeVisible();
    await expect(page.getByText(FORUM_TEXT.lockedMessage)).toHaveCount(0);
    expect((await apiThread(request, thread.id)).thread.locked).toBe(true);

    const readerContext = await browser.newContext();
    const readerPage = await readerContext.newPage();
    await useSession(readerPage, reader);
    await readerPage.goto(`/forum/${thread.id}`);
    await waitForIslands(readerPage);
    await expect(readerPage.getByText(FORUM_TEXT.lockedMessage)).toBeVisible();
    await expect(readerPage.getByRole('button', { name: FORUM_TEXT.replyToThisReply })).toHaveCount(0);
    await expect(readerPage.getByRole('button', { name: FORUM_TEXT.lock, exact: true })).toHaveCount(0);
    // On the list, the locked thread keeps Edit for its author but has no Delete.
    await readerPage.goto(`/forum?q=${encodeURIComponent(title)}`);
    const row = readerPage.locator('li[data-thread-id]').filter({ hasText: title });
    await expect(row.getByText(FORUM_TEXT.locked, { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: new RegExp(`^${FORUM_TEXT.edit}`) })).toBeVisible();
    await expect(row.getByRole('button', { name: new RegExp(`^${FORUM_TEXT.delete}`) })).toHaveCount(0);
    await readerContext.close();
  });

  test('a thread of XSS payloads runs nothing, pre-rendered or live', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const listed = (await (
      await request.get(`${e2eStack.apiUrl}/forum/threads?q=${encodeURIComponent('XSS check')}`)
    ).json()) as Thread[];
    const built = listed.find((thread) => thread.title === XSS_THREAD_TITLE);
    expect(built, 'the stack seeds the XSS thread before the build').toBeDefined();
    const payloads = storableXssPayloads();

    // Without JavaScript the pre-rendered page shows every post.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const staticPage = await noScript.newPage();
    await staticPage.goto(`/forum/${built!.id}`);
    // Every payload (and any live reply an earlier run left before a rebuild).
    expect(await staticPage.locator('article[data-post-id]').count()).toBeGreaterThanOrEqual(payloads.length);
    await expect(staticPage.getByRole('heading', { level: 1 })).toHaveText(XSS_THREAD_TITLE);
    await noScript.close();

    // The structured data survives the title: it parses, and names it verbatim.
    const html = await (await request.get(`/forum/${built!.id}`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as { '@type': string; headline?: string },
    );
    expect(blocks.find((block) => block['@type'] === 'DiscussionForumPosting')?.headline).toBe(
      XSS_THREAD_TITLE,
    );

    // With JavaScript: hydrated, polled, and a live reply (rendered in the browser) arrives without a reload.
    const ran = await watchForScripts(page);
    const poster = await newReader(request, 'xss');
    await page.goto(`/forum/${built!.id}`);
    await waitForIslands(page);
    const known = (await apiThread(request, built!.id)).posts.length;
    await expect(page.locator('article[data-post-id]')).toHaveCount(known);
    const marker = `live-${Date.now().toString(36)}`;
    await apiReply(
      request,
      poster,
      built!.id,
      `${marker} <img src=x onerror=alert('live')> [x](javascript:alert(1))`,
    );
    await expect(page.locator('article[data-post-id]').filter({ hasText: marker })).toBeVisible({
      timeout: 30_000,
    });
    expect(await renderedPostProblems(page)).toEqual([]);
    expect(await ran()).toEqual([]);

    // A thread newer than the build: the fallback page renders every payload in the browser.
    const live = await apiCreateThread(
      request,
      poster,
      'XSS check, live',
      `Payloads follow.\n\n${payloads[0]!}`,
    );
    for (let start = 1; start < payloads.length; start += 10) {
      await apiReply(request, poster, live.id, payloads.slice(start, start + 10).join('\n\n'));
    }
    const livePage = await page.context().newPage();
    const liveRan = await watchForScripts(livePage);
    await livePage.goto(`/forum/${live.id}`);
    await expect(livePage.getByRole('heading', { level: 1, name: 'XSS check, live' })).toBeVisible();
    await expect(livePage.locator('article[data-post-id]')).toHaveCount(
      1 + Math.ceil((payloads.length - 1) / 10),
    );
    // Rendered by the one renderer in the browser, not shown as source while it loads.
    await expect(livePage.locator('[data-post-body] > p').first()).toHaveText('Payloads follow.');
    await expect(livePage.locator('[data-post-source]')).toHaveCount(0);
    expect(await renderedPostProblems(livePage)).toEqual([]);
    expect(await liveRan()).toEqual([]);
    await expect(livePage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

async function threadIdOf(page: Page): Promise<number | null> {
  const match = /\/forum\/(\d+)/.exec(new URL(page.url()).pathname);
  return match ? Number(match[1]) : null;
}
