import { expect, test } from '@playwright/test';
import { AUTH_TEXTS, DELETE_ACCOUNT_TEXTS } from '../../contract/accounts';
import { newReader } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * "Delete my account" from the header's username badge: the warning, the password prompt (a wrong password
 * is refused and the account stays), then the deletion, after which the session is gone and the API no
 * longer knows the user or counts their vote.
 */
test('a reader deletes their account from the account page', async ({ page, request }) => {
  const reader = await newReader(request, 'leaver');
  const password = 'leaver-reader-password';
  const auth = { authorization: `Bearer ${reader.access_token}` };
  const ranked = (await (
    await request.get(`${e2eStack.apiUrl}/series/rankings?page=1&page_size=1`)
  ).json()) as {
    id: number;
  }[];
  const seriesId = ranked[0]!.id;
  const votesBefore = (await (await request.get(`${e2eStack.apiUrl}/series-details/${seriesId}`)).json())
    .vote_counts.Story as number;
  const voted = await request.post(`${e2eStack.apiUrl}/series-details/${seriesId}/vote`, {
    headers: auth,
    data: { category: 'Story', score: 9 },
  });
  expect(voted.status()).toBe(200);

  // Signed in once, as a login leaves it (useSession would sign every later page in again).
  await page.goto(`${e2eStack.siteUrl}/`);
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [reader.access_token, JSON.stringify(reader.user)] as const,
  );
  await page.reload();
  await page.locator('header a[href="/account"]').filter({ hasText: reader.user.username }).first().click();
  await expect(page).toHaveURL(/\/account\/?$/);
  await expect(page.getByText(DELETE_ACCOUNT_TEXTS.warning).first()).toBeVisible();
  await expect(page.getByText(reader.user.username, { exact: false }).first()).toBeVisible();

  await page.getByRole('button', { name: DELETE_ACCOUNT_TEXTS.action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(DELETE_ACCOUNT_TEXTS.passwordLabel).fill('not my password');
  await dialog.getByRole('button', { name: DELETE_ACCOUNT_TEXTS.confirm }).click();
  await expect(dialog.getByRole('alert')).toHaveText(AUTH_TEXTS.invalidCredentials);
  expect((await request.get(`${e2eStack.apiUrl}/auth/me`, { headers: auth })).status()).toBe(200);

  await dialog.getByLabel(DELETE_ACCOUNT_TEXTS.passwordLabel).fill(password);
  await dialog.getByRole('button', { name: DELETE_ACCOUNT_TEXTS.confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: DELETE_ACCOUNT_TEXTS.deleted })).toBeVisible();
  await page.waitForURL(`${e2eStack.siteUrl}/`);
  await expect(page.locator('html')).not.toHaveAttribute('data-signed-in', '');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  expect((await request.get(`${e2eStack.apiUrl}/auth/me`, { headers: auth })).status()).toBe(401);
  const after = (await (await request.get(`${e2eStack.apiUrl}/series-details/${seriesId}`)).json()) as {
    vote_counts: Record<string, number>;
  };
  expect(after.vote_counts.Story).toBe(votesBefore);
});
