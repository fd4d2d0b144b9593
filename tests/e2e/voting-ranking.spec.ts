import { expect, test, type Locator, type Page } from '@playwright/test';
import { weightedFinalScore } from '../../contract/ranking-formula';
import { newReader, useSession } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * The weighted ranking in the browser against the seeded stack: the one-press ballot and the score block
 * it updates, a ballot that fails, the way to the panel on a phone, and the method page's live figures.
 * Its votes move ranks, so its name sorts it after the specs that compare the pre-rendered lists with the
 * live API (reach.spec.ts).
 */

type Field = 'story' | 'characters' | 'worldbuilding' | 'art' | 'drama_or_fight';

interface Detail {
  series_id: number;
  final_score: number;
  mean_score: number | null;
  vote_count: number;
  rank: number | null;
}

interface RankingMethod {
  prior_votes: number;
  min_voters: number;
  category_means: Record<Field, number>;
  computed_at: string;
}

const LABELS: Record<Field, string> = {
  story: 'Story',
  characters: 'Characters',
  worldbuilding: 'World Building',
  art: 'Art',
  drama_or_fight: 'Drama / Fighting',
};

const votePanel = (page: Page) => page.locator('#series-vote');
const categoryGroup = (page: Page, label: string) =>
  votePanel(page).getByRole('group', { name: label, exact: true });
const voteButton = (page: Page) => votePanel(page).getByRole('button', { name: 'Vote', exact: true });
const categoryTile = (page: Page, label: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: label, exact: true }) });

async function tileVotes(tile: Locator): Promise<number> {
  const text = (await tile.textContent()) ?? '';
  return Number(/(\d[\d,]*)\s+votes?/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
}

async function apiGet<T>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${e2eStack.apiUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/**
 * Ranked series (voted on by at least the minimum of voters, so with a mean of votes) away from the top
 * of page 1, which other specs look at.
 */
async function rankedSeriesIds(): Promise<number[]> {
  const ranked = await apiGet<{ id: number; rank: number | null }[]>('/series/rankings?page=3&page_size=25');
  const ids = ranked.filter((series) => series.rank !== null).map((series) => series.id);
  expect(ids.length, 'ranked series on page 3').toBeGreaterThan(4);
  return ids;
}

/**
 * Waits until the series page's script has run (it handles "Rate this series"): the score block is no longer
 * marked busy once the live figures are in.
 */
async function waitForSeriesIsland(page: Page): Promise<void> {
  await expect(page.locator('[data-live="rating"]')).toHaveAttribute('aria-busy', 'false');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The score block's line under the final score, as the page words it. */
function meanOfVotes(detail: Detail): string {
  const voters = `${detail.vote_count.toLocaleString('en-US')} ${detail.vote_count === 1 ? 'voter' : 'voters'}`;
  return `Mean of votes ${detail.mean_score!.toFixed(1)} from ${voters}`;
}

async function pickAll(page: Page, scores: Record<string, number>): Promise<void> {
  for (const [label, score] of Object.entries(scores)) {
    await categoryGroup(page, label)
      .getByRole('radio', { name: String(score), exact: true })
      .check();
  }
}

test('a reader votes in all five categories with one press: they lock and the score block follows', async ({
  page,
  request,
}) => {
  const reader = await newReader(request);
  await useSession(page, reader);
  const id = (await rankedSeriesIds())[0]!;
  const before = await apiGet<Detail>(`/series-details/${id}`);
  const ballots: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/series-details/')) ballots.push(sent.url());
  });

  await page.goto(`/series/${id}`);
  await votePanel(page).scrollIntoViewIfNeeded();
  await expect(categoryGroup(page, 'Story').getByRole('radio', { name: '8', exact: true })).toBeEnabled();
  await expect(page.getByText(meanOfVotes(before), { exact: true })).toBeVisible();
  await expect(voteButton(page)).toBeDisabled();

  const scores = { Story: 8, Characters: 7, 'World Building': 9, Art: 6, 'Drama / Fighting': 10 };
  await pickAll(page, scores);
  await expect(voteButton(page)).toHaveAccessibleDescription(
    'Ready to vote: Story 8, Characters 7, World Building 9, Art 6, Drama / Fighting 10.',
  );
  await voteButton(page).click();

  await expect(votePanel(page).getByRole('status')).toHaveText(
    'Your votes were counted: Story 8, Characters 7, World Building 9, Art 6, Drama / Fighting 10.',
  );
  for (const [label, score] of Object.entries(scores)) {
    const group = categoryGroup(page, label);
    await expect(group.getByText(`Your score: ${score}/10`)).toBeVisible();
    await expect(group.getByRole('radio', { name: String(score), exact: true })).toBeChecked();
    for (const radio of await group.getByRole('radio').all()) await expect(radio).toBeDisabled();
  }
  // Nothing left to vote on: the button gives way to a line that takes the focus.
  await expect(voteButton(page)).toHaveCount(0);
  await expect(votePanel(page).getByText('You have voted in every category.')).toBeFocused();
  // One request for the five votes, on the ballot call.
  expect(ballots).toEqual([`${e2eStack.apiUrl}/series-details/${id}/votes`]);

  // The score block shows the API's new scores: the weighted final score and the mean of votes.
  const after = await apiGet<Detail>(`/series-details/${id}`);
  expect(after.vote_count).toBe(before.vote_count + 1);
  const block = page.getByText(meanOfVotes(after), { exact: true });
  await expect(block).toBeVisible();
  await expect(page.locator('main')).toContainText(`${after.final_score.toFixed(1)}/10`);

  // Locked after a reload too: the reader's scores come with the detail.
  await page.reload();
  await votePanel(page).scrollIntoViewIfNeeded();
  for (const [label, score] of Object.entries(scores)) {
    await expect(categoryGroup(page, label).getByText(`Your score: ${score}/10`)).toBeVisible();
  }
  await expect(votePanel(page).getByText('You have voted in every category.')).toBeVisible();
});

test('a ballot that cannot be sent keeps every pick and puts the scores back; sent again, it counts', async ({
  page,
  request,
  context,
}) => {
  await useSession(page, await newReader(request));
  await page.goto(`/series/${(await rankedSeriesIds())[1]}`);
  await votePanel(page).scrollIntoViewIfNeeded();
  await expect(categoryGroup(page, 'Art').getByRole('radio', { name: '4', exact: true })).toBeEnabled();
  const artVotes = await tileVotes(categoryTile(page, 'Art'));

  await pickAll(page, { Story: 3, Art: 4 });
  await context.setOffline(true);
  await voteButton(page).click();
  await expect(votePanel(page).getByRole('alert')).toHaveText(
    'Your vote could not be sent. Please try again.',
  );
  await context.setOffline(false);
  // Nothing picked is lost, nothing is locked, and the tiles show the votes as they were.
  await expect(categoryGroup(page, 'Story').getByRole('radio', { name: '3', exact: true })).toBeChecked();
  await expect(categoryGroup(page, 'Art').getByRole('radio', { name: '4', exact: true })).toBeChecked();
  await expect(categoryGroup(page, 'Art').getByRole('radio', { name: '4', exact: true })).toBeEnabled();
  await expect(votePanel(page).getByText(/Your score/)).toHaveCount(0);
  await expect(categoryTile(page, 'Art')).toContainText(`${artVotes} vote`);

  await voteButton(page).click();
  await expect(votePanel(page).getByRole('status')).toHaveText('Your votes were counted: Story 3, Art 4.');
  await expect(categoryTile(page, 'Art')).toContainText(`${artVotes + 1} vote`);
});

test('the picks survive a reload before the vote', async ({ page, request }) => {
  await useSession(page, await newReader(request));
  await page.goto(`/series/${(await rankedSeriesIds())[2]}`);
  await votePanel(page).scrollIntoViewIfNeeded();
  await pickAll(page, { Characters: 2 });
  await page.reload();
  await votePanel(page).scrollIntoViewIfNeeded();
  await expect(
    categoryGroup(page, 'Characters').getByRole('radio', { name: '2', exact: true }),
  ).toBeChecked();
  await expect(voteButton(page)).toBeEnabled();
});

test('on a phone "Rate this series" leads to the panel and its focus; on a wide screen the panel is beside', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/series/${(await rankedSeriesIds())[3]}`);
  await waitForSeriesIsland(page);
  const rate = page.getByRole('link', { name: 'Rate this series' });
  await expect(rate).toBeVisible();
  await expect(votePanel(page)).not.toBeInViewport();
  await rate.click();
  await expect(votePanel(page)).toBeFocused();
  await expect(votePanel(page).getByRole('heading', { name: 'Determine Series Rank' })).toBeInViewport();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(rate).toBeHidden();
  await expect(votePanel(page).getByRole('heading', { name: 'Determine Series Rank' })).toBeInViewport();
  const title = await page.getByRole('heading', { level: 1 }).boundingBox();
  const panel = await votePanel(page).boundingBox();
  expect(panel!.x).toBeGreaterThan(title!.x + title!.width);
});

test('the rating tooltip says the score is weighted, to the keyboard and to screen readers', async ({
  page,
}) => {
  await page.goto(`/series/${(await rankedSeriesIds())[3]}`);
  await waitForSeriesIsland(page);
  const info = page.getByRole('button', { name: 'About this rating' });
  const text = 'Weighted: few votes count less until more readers vote.';
  await expect(info).toHaveAccessibleDescription(text);
  await info.focus();
  await expect(page.getByRole('tooltip')).toHaveText(text);
  await expect(page.getByRole('tooltip')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();
});

test('/how-rankings-work shows the weights the API ranks with, and works an example through with them', async ({
  page,
}) => {
  const method = await apiGet<RankingMethod>('/series/ranking-method');
  await page.goto('/how-rankings-work');
  const main = page.locator('main');
  await expect(main).toContainText(`as if the series already had ${method.prior_votes} votes`);
  await expect(main).toContainText(
    `category score = (sum of its votes + ${method.prior_votes} × site-wide average) ÷ (number of its votes + ${method.prior_votes})`,
  );
  const means = page.locator('#category-means');
  for (const [field, label] of Object.entries(LABELS) as [Field, string][]) {
    await expect(means.getByRole('row', { name: label })).toHaveText(
      new RegExp(`^\\s*${escape(label)}\\s*${escape(method.category_means[field].toFixed(2))}\\s*$`),
    );
  }
  await expect(main).toContainText(`until at least ${method.min_voters} readers have voted on it`);

  // The worked example: 3 readers at 10 against 58 at 9, with today's weights.
  const series = (voters: number, average: number) =>
    weightedFinalScore(
      Object.fromEntries(
        Object.keys(LABELS).map((field) => [field, { total: voters * average, count: voters }]),
      ) as Record<Field, { total: number; count: number }>,
      method,
    );
  const finals = page.getByRole('table', { name: 'Worked example of two final scores' }).getByRole('row', {
    name: /Final score/,
  });
  await expect(finals).toHaveText(
    new RegExp(
      `^\\s*Final score\\s*${escape(series(3, 10).toFixed(2))}\\s*${escape(series(58, 9).toFixed(2))}\\s*$`,
    ),
  );
});
