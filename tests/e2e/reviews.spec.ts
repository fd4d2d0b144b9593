import { expect, test, type Page } from '@playwright/test';
import { REVIEW_TEXTS } from '../../contract/reviews-values';
import { rebuildSite } from '../../scripts/lib/rebuild-job';
import { newReader, useSession } from './api-helpers';
import { readE2eStackState } from './stack-config';

/*
 * Reviews end to end: a reader writes a review with a spoiler (and hostile markup) on a series page,
 * another reader marks it helpful on the live list, and after a rebuild the series page shows it
 * pre-rendered, its body behind "Show spoilers", in the JSON-LD as a schema.org Review; nothing in it runs.
 */

const SERIES_ID = 77;
const XSS = `<img src=x onerror="window.__xssReview=1"> [click](javascript:window.__xssReview=2) <script>window.__xssReview=3</script>`;

/** Every element of the shown review bodies is inert: no script-capable element, handler or bad URL. */
async function bodyProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const bodies = document.querySelectorAll('[data-review-body]');
    if (bodies.length === 0) problems.push('no review bodies');
    for (const body of bodies) {
      for (const element of body.querySelectorAll('*')) {
        const tag = element.tagName.toLowerCase();
        if (['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'form', 'input'].includes(tag))
          problems.push(`<${tag}>`);
        for (const attribute of element.attributes) {
          const name = attribute.name.toLowerCase();
          if (name.startsWith('on') || name === 'style') problems.push(`${tag}[${name}]`);
          if ((name === 'href' || name === 'src') && !/^(https?:\/\/|\/(?!\/))/i.test(attribute.value.trim()))
            problems.push(`${tag}[${name}=${attribute.value}]`);
        }
      }
    }
    if ((window as unknown as { __xssReview?: unknown }).__xssReview) problems.push('a payload ran');
    return problems;
  });
}

test('a review with a spoiler: written, marked helpful, pre-rendered after a rebuild, inert', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const writer = await newReader(request, 'reviewer');
  const body =
    `**Slow start, great payoff.** ${XSS}\n\n` +
    'The second arc is where the story finds its voice, and the art keeps getting better with every chapter.';

  // The writer's form: too short first (the API's words, the text kept), then the whole review.
  await useSession(page, writer);
  await page.goto(`/series/${SERIES_ID}`);
  const section = page.getByRole('region', { name: REVIEW_TEXTS.heading });
  await section.getByText(REVIEW_TEXTS.write, { exact: true }).click();
  const field = section.getByLabel('Your review');
  await field.fill('Too short.');
  await expect(section.getByText('10 / 10,000 characters')).toBeVisible();
  await section.getByRole('button', { name: 'Post review' }).click();
  await expect(section.getByRole('alert')).toHaveText(REVIEW_TEXTS.tooShort);
  await expect(field).toHaveValue('Too short.');
  await field.fill(body);
  await section.getByLabel(REVIEW_TEXTS.spoilerLabel).check();
  await section.getByRole('button', { name: 'Post review' }).click();
  await expect(section.getByRole('status')).toHaveText('Your review is posted.');
  // A second review of the series: the API's answer, as worded.
  await field.fill(body);
  await section.getByRole('button', { name: 'Post review' }).click();
  await expect(section.getByRole('alert')).toHaveText(REVIEW_TEXTS.alreadyReviewed);

  // Another reader, on the live list: the body behind "Show spoilers", then "Helpful".
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  await useSession(readerPage, await newReader(request, 'helper'));
  await readerPage.goto(`/series/${SERIES_ID}/reviews?sort=newest`);
  const review = readerPage.getByRole('article', { name: `Review by ${writer.user.username}` });
  await expect(review.getByText(REVIEW_TEXTS.spoilerLabel)).toBeVisible();
  await expect(review.getByText('Slow start, great payoff.')).toHaveCount(0);
  await review.getByRole('button', { name: REVIEW_TEXTS.showSpoilers }).click();
  await expect(review.locator('[data-review-body] strong')).toHaveText('Slow start, great payoff.');
  expect(await bodyProblems(readerPage)).toEqual([]);
  const helpful = review.getByRole('button', { name: REVIEW_TEXTS.helpful });
  await helpful.click();
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  await expect(review.getByText('1 reader found this helpful')).toBeVisible();
  await readerContext.close();

  // The writer sees no "Helpful" on their own review, but Edit and Delete.
  await page.goto(`/series/${SERIES_ID}/reviews?sort=newest`);
  const own = page.getByRole('article', { name: `Review by ${writer.user.username}` });
  await expect(own.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(own.getByRole('button', { name: REVIEW_TEXTS.helpful })).toHaveCount(0);

  // After a rebuild the series page has it pre-rendered, as the most helpful review.
  await rebuildSite(readE2eStackState().rebuild);
  const html = await (await request.get(`/series/${SERIES_ID}`)).text();
  expect(html).toContain(writer.user.username);
  expect(html).toMatch(/All reviews \(\d+\)/);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as { review?: { '@type': string; author: { name: string } }[] },
  );
  const reviews = jsonLd.flatMap((block) => block.review ?? []);
  expect(reviews.map((entry) => [entry['@type'], entry.author.name])).toContainEqual([
    'Review',
    writer.user.username,
  ]);

  const visitor = await browser.newPage();
  await visitor.goto(`/series/${SERIES_ID}`);
  const built = visitor.getByRole('article', { name: `Review by ${writer.user.username}` });
  await expect(built.getByText('Slow start, great payoff.')).toBeHidden();
  await built.getByText(REVIEW_TEXTS.showSpoilers).click();
  await expect(built.getByText('Slow start, great payoff.')).toBeVisible();
  await expect(built.getByText('1 reader found this helpful')).toBeVisible();
  expect(await bodyProblems(visitor)).toEqual([]);
  await expect(visitor.getByRole('link', { name: /All reviews \(\d+\)/ })).toHaveAttribute(
    'href',
    `/series/${SERIES_ID}/reviews`,
  );
  await visitor.close();

  // The author deletes it from the list; the focus goes to the list's heading.
  await page.goto(`/series/${SERIES_ID}/reviews?sort=newest`);
  await own.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').getByText('The review is deleted.')).toBeVisible();
  await expect(own).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});
