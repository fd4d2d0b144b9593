import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Thread } from '../../contract/forum';
import { FORUM_TEXT } from '../../contract/forum-values';
import { TRACK_TEXT } from '../../contract/reading-progress-values';
import { newReader, useSession } from './api-helpers';
import { READING_THREAD_TITLE, XSS_THREAD_TITLE } from './forum-fixtures';
import { e2eStack } from './stack-config';

/*
 * A series page and a thread cost a reader no framework until they act: read on a phone from top to bottom
 * without touching anything, neither loads React (its DOM chunk is Astro's `client.*.js`) nor hydrates an
 * island, yet the series page shows its live figures and the thread its times in the reader's zone. The
 * first click that needs React (a vote score, the Track panel, Like, the reply box) still does its job.
 */

const REACT_DOM = /\/_astro\/client\.[\w-]+\.js$/;

interface RankedSeries {
  id: number;
  rank: number | null;
  final_score: number;
  mean_score: number | null;
  vote_count: number;
}

/** Records the site's script requests of `page`. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  return scripts;
}

/** Scrolls once from top to bottom as a reader would, then lets the page settle. */
async function readThrough(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const bottom = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = await page.evaluate(() => Math.round(window.innerHeight * 0.8));
  for (let y = step; y < bottom + step; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  await page.waitForLoadState('networkidle');
}

const hydratedIslands = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('astro-island:not([ssr])')].map((island) =>
      island.getAttribute('component-url'),
    ),
  );

async function seriesRanked(request: APIRequestContext, rank: number): Promise<RankedSeries> {
  const response = await request.get(`${e2eStack.apiUrl}/series/rankings?page=1&page_size=50`);
  expect(response.ok()).toBeTruthy();
  const series = ((await response.json()) as RankedSeries[]).find((entry) => entry.rank === rank);
  expect(series, `the demo catalogue ranks at least ${rank} series`).toBeDefined();
  return series!;
}

async function threadTitled(request: APIRequestContext, q: string, title: string): Promise<Thread> {
  const response = await request.get(`${e2eStack.apiUrl}/forum/threads?q=${encodeURIComponent(q)}`);
  const thread = ((await response.json()) as Thread[]).find((each) => each.title === title);
  expect(thread, `the stack seeds "${title}" before the build`).toBeDefined();
  return thread!;
}

test.describe('read without a framework', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test('a visitor reads a series page to its end: the live rank and scores, no React', async ({
    page,
    request,
  }) => {
    const scripts = scriptsOf(page);
    const series = await seriesRanked(request, 37);
    await page.goto(`/series/${series.id}`);
    // The build's band ("Top 50") gives way to the exact live rank, the score block to the live figures.
    const rank = page.locator('main [data-live="rank"]');
    await expect(rank.locator('[aria-hidden="true"]')).toHaveText(`#${series.rank}`);
    await expect(rank.locator('.visually-hidden')).toHaveText(`Rank ${series.rank}`);
    const detail = (await (await request.get(`${e2eStack.apiUrl}/series-details/${series.id}`)).json()) as {
      final_score: number;
      story_count: number;
    };
    await expect(page.locator('[data-live="final-score"]')).toHaveText(detail.final_score.toFixed(1));
    await expect(page.locator('[data-live="rating"]')).toHaveAttribute('aria-busy', 'false');
    await expect(page.locator('[data-category="Story"] [data-live="category-votes"]')).toHaveText(
      `${detail.story_count.toLocaleString('en-US')} ${detail.story_count === 1 ? 'vote' : 'votes'}`,
    );
    await readThrough(page);
    expect(scripts.filter((path) => REACT_DOM.test(path))).toEqual([]);
    expect(await hydratedIslands(page)).toEqual([]);
  });

  test('a visitor reads a thread to its end in their time zone, with no React; the first Like click answers', async ({
    browser,
    request,
  }) => {
    const thread = await threadTitled(request, 'thread to read', READING_THREAD_TITLE);
    const context = await browser.newContext({
      timezoneId: 'Asia/Tokyo',
      viewport: { width: 412, height: 915 },
    });
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await page.goto(`/forum/${thread.id}`);
    const times = page.locator('article[data-post-id] time');
    await expect(times.first()).not.toHaveText(/UTC$/);
    await readThrough(page);
    await expect(times.last()).not.toHaveText(/UTC$/);
    expect(scripts.filter((path) => REACT_DOM.test(path))).toEqual([]);
    expect(await hydratedIslands(page)).toEqual([]);

    // The first click on Like loads the thread's island and is answered: visitors are asked to log in.
    await page.locator('article[data-post-id]').first().getByRole('button', { name: /like/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Log in to like posts.' })).toBeVisible();
    expect(scripts.some((path) => REACT_DOM.test(path))).toBe(true);
    await context.close();
  });

  test('a visitor’s first click in the reply box opens the editor there', async ({ page, request }) => {
    const thread = await threadTitled(request, 'thread to read', READING_THREAD_TITLE);
    await page.goto(`/forum/${thread.id}`);
    await readThrough(page);
    await page.getByRole('textbox', { name: FORUM_TEXT.replyHeading, exact: true }).click();
    const editor = page.locator('[data-post-editor="reply"] textarea');
    await expect(editor).toBeFocused();
    await page.keyboard.type('First words');
    await expect(editor).toHaveValue('First words');
  });

  test('signed in, the first click on a vote score and in the Track panel work', async ({
    page,
    request,
  }) => {
    await useSession(page, await newReader(request, 'firstclick'));
    const series = await seriesRanked(request, 44);
    await page.goto(`/series/${series.id}`);
    const story = page.locator('#series-vote').getByRole('group', { name: 'Story', exact: true });
    await story.getByRole('radio', { name: '7', exact: true }).click();
    await expect(story.getByRole('radio', { name: '7', exact: true })).toBeChecked();
    await expect(
      page.locator('#series-vote').getByRole('button', { name: 'Vote', exact: true }),
    ).toHaveAccessibleDescription('Ready to vote: Story 7.');

    const add = page.locator('#series-track').getByRole('button', { name: TRACK_TEXT.addToList });
    await add.click();
    await expect(add).toHaveAttribute('aria-expanded', 'true');
  });

  test('signed in, the first click on Like likes the post', async ({ page, request }) => {
    const thread = await threadTitled(request, 'XSS check', XSS_THREAD_TITLE);
    await useSession(page, await newReader(request, 'liker'));
    await page.goto(`/forum/${thread.id}`);
    const like = page.locator('article[data-post-id]').first().getByRole('button', { name: /like/ });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
  });
});
