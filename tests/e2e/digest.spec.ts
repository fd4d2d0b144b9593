import { expect, test } from '@playwright/test';
import { DIGEST_TEXT } from '../../contract/digest-values';
import { newReader, useSession } from './api-helpers';
import { e2eStack } from './stack-config';

/* The daily digest's checkbox on /account against the real API: off by default, saved at once, kept. */
test('turns the daily digest on and off from the account page', async ({ page, request }) => {
  const reader = await newReader(request, 'digester');
  const emailDigest = async () => {
    const response = await request.get(`${e2eStack.apiUrl}/auth/me`, {
      headers: { authorization: `Bearer ${reader.access_token}` },
    });
    return ((await response.json()) as { email_digest: string }).email_digest;
  };
  await useSession(page, reader);
  await page.goto('/account');
  const checkbox = page.getByRole('checkbox', { name: DIGEST_TEXT.checkbox });
  await expect(checkbox).toBeEnabled();
  await expect(checkbox).not.toBeChecked();

  await checkbox.check();
  await expect.poll(emailDigest).toBe('daily');
  await page.reload();
  await expect(checkbox).toBeChecked();

  await checkbox.uncheck();
  await expect.poll(emailDigest).toBe('never');
});
