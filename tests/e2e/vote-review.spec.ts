import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiLogin, newReader, useSession, type LoginAnswer } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * The review of unusual voting in the browser against the seeded stack: real accounts made through the
 * API vote on a series, and an admin voids them on /admin/votes.
 */

const TEXT = {
  title: 'Unusual voting',
  signIn: 'Sign in with an admin account to review unusual voting.',
  notAllowed: 'Only admins can review unusual voting.',
  voided: 'Your votes on this series were removed by a moderator.',
};
const BRIGADE = 12;
const allTens = { story: 10, characters: 10, worldbuilding: 10, art: 10, drama_or_fight: 10 };

interface Detail {
  title: string;
  rank: number | null;
  final_score: number;
  mean_score: number | null;
  vote_count: number;
  score_distribution: unknown;
}

const detailOf = async (request: APIRequestContext, id: number) =>
  (await (await request.get(`${e2eStack.apiUrl}/series-details/${id}`)).json()) as Detail;

function ballot(request: APIRequestContext, id: number, session: LoginAnswer) {
  return request.post(`${e2eStack.apiUrl}/series-details/${id}/votes`, {
    headers: { authorization: `Bearer ${session.access_token}` },
    data: { scores: allTens },
  });
}

test('an admin voids a brigade on /admin/votes and the series gets its rank back', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A ranked series three quarters of the way down the ranking.
  const order = (await (await request.get(`${e2eStack.apiUrl}/series/ranking-order`)).json()) as {
    items: { id: number; rank: number | null }[];
  };
  const ranked = order.items.filter((item) => item.rank !== null);
  const target = ranked[Math.floor(ranked.length * 0.75)]!.id;
  const before = await detailOf(request, target);

  const brigade: LoginAnswer[] = [];
  for (let i = 0; i < BRIGADE; i += 1) brigade.push(await newReader(request, 'brigade'));
  for (const account of brigade) expect((await ballot(request, target, account)).status()).toBe(200);
  const brigaded = await detailOf(request, target);
  expect(brigaded.rank!).toBeLessThan(before.rank!);

  await useSession(page, await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password));
  await page.goto('/');
  await page.getByRole('link', { name: 'Vote Review' }).first().click();
  await expect(page).toHaveURL(/\/admin\/votes$/);
  await expect(page.getByRole('heading', { level: 1, name: TEXT.title })).toBeVisible();

  const card = page.getByRole('article', { name: before.title });
  await expect(card).toBeVisible();
  for (const account of brigade)
    await expect(card.getByRole('checkbox', { name: account.user.username })).toBeVisible();
  await card.getByRole('checkbox', { name: 'Select every account' }).check();
  await card.getByRole('button', { name: /^Void votes/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Void votes' });
  // A reason is required.
  await dialog.getByRole('button', { name: 'Void votes' }).click();
  await expect(dialog.getByText('Give a reason for voiding these votes.')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Reason' })
    .fill('Twelve new accounts, all tens, within minutes.');
  await expect(dialog.getByText('46 / 500')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /On this series only/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Void votes' }).click();
  await expect(dialog.getByText(`on “${before.title}”?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, void these votes' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Voided' })).toHaveText(
    `Voided ${BRIGADE * 5} votes on 1 series.`,
  );
  await expect(dialog).toBeHidden();
  await expect(card).toBeHidden();
  // The voided card took the focus with it: it goes to the list's heading, not to the page's start.
  await expect(page.getByRole('heading', { level: 2, name: /Series with unusual voting/ })).toBeFocused();
  const log = page.getByRole('region', { name: 'Voided votes' });
  await expect(log.getByText('“Twelve new accounts, all tens, within minutes.”')).toBeVisible();
  await expect(log.getByRole('link', { name: before.title })).toBeVisible();

  // Back where it was, with the same score, voters and distribution; the accounts cannot vote on it again.
  const after = await detailOf(request, target);
  expect(after).toEqual(before);
  const again = await ballot(request, target, brigade[0]!);
  expect(again.status()).toBe(403);
  expect((await again.json()).detail).toBe(TEXT.voided);
});

test('users are told the page is not for them, and visitors asked to sign in', async ({ page, request }) => {
  await page.goto('/admin/votes');
  await expect(page.getByText(TEXT.signIn)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toHaveAttribute(
    'href',
    '/login?next=%2Fadmin%2Fvotes',
  );

  await useSession(page, await newReader(request));
  await page.goto('/admin/votes');
  await expect(page.getByText(TEXT.notAllowed)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Voided votes' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Vote Review' })).toBeHidden();
});

test('the admin page stays out of the sitemap and robots.txt', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin/');
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemap = await (await request.get(new URL(/<loc>([^<]+)<\/loc>/.exec(index)![1]!).pathname)).text();
  expect(sitemap).not.toContain('/admin');
});
