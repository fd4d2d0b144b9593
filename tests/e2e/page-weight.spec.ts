import { expect, test } from '@playwright/test';
import { pageTypes, pageWeight } from '../../scripts/lib/page-weight';
import { READING_THREAD_TITLE } from './forum-fixtures';
import { e2eStack, readE2eStackState } from './stack-config';

/*
 * Each page type's JavaScript within its budget, measured as `npm run bench:weight` measures it (a visitor
 * on a 412 px phone reads the page through without touching it): a budget that creeps fails here.
 */

// The names and budgets; which series, genre and thread each opens is the running stack's build's.
for (const { name, budgetKb } of pageTypes('').filter((entry) => entry.budgetKb !== undefined)) {
  test(`${name} loads at most ${budgetKb} KB of JavaScript, gzipped`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const type = pageTypes(readE2eStackState().rebuild.distPath).find((entry) => entry.name === name)!;
    if (name === 'forum thread') {
      // A thread other specs write to hydrates for its news (as it should): the one no spec touches.
      const threads = await request.get(
        `${e2eStack.apiUrl}/forum/threads?q=${encodeURIComponent('thread to read')}`,
      );
      const reading = ((await threads.json()) as { id: number; title: string }[]).find(
        (thread) => thread.title === READING_THREAD_TITLE,
      );
      type.path = `/forum/${reading!.id}`;
    }
    expect(type.path, `the stack's build has a ${name} page`).toBeDefined();
    const weight = await pageWeight(browser, `${baseURL}${type.path}`);
    const scripts = [...weight.scripts]
      .sort((a, b) => b[1] - a[1])
      .map(([url, size]) => `${(size / 1024).toFixed(1)} KB ${new URL(url).pathname}`);
    expect(
      weight.js,
      `${type.path}: ${(weight.js / 1024).toFixed(1)} KB\n${scripts.join('\n')}`,
    ).toBeLessThanOrEqual(budgetKb! * 1024);
  });
}
