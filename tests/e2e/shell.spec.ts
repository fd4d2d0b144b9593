import { expect, test } from '@playwright/test';
import { e2eStack } from './stack-config';

test.describe('site shell', () => {
  test('info pages show the spec content', async ({ page }) => {
    await page.goto('/how-rankings-work');
    const main = page.locator('main');
    for (const category of ['Story', 'Characters', 'World Building', 'Art', 'Drama / Fighting']) {
      await expect(main).toContainText(category);
    }
    await expect(main).toContainText('Unranked');
    await expect(main).toContainText(/one vote per category/i);

    await page.goto('/about');
    await expect(page.locator('h1')).toBeVisible();
    await page.goto('/contact');
    await expect(page.locator('main a[href^="mailto:"]')).toHaveCount(1);
  });

  test('footer links and the plain "Terms"', async ({ page }) => {
    await page.goto('/about');
    const footer = page.locator('footer');
    for (const href of ['/about', '/contact', '/report-issue', '/issues', '/how-rankings-work']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.getByText('Terms', { exact: true })).toBeVisible();
    await expect(footer.locator('a', { hasText: /^Terms$/ })).toHaveCount(0);
  });

  test('the type dropdown follows the path and closes on an outside click', async ({ page }) => {
    await page.goto('/type/manga');
    const toggle = page.locator('[data-type-toggle]');
    await expect(toggle).toContainText('MANGA');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('[data-type-menu]')).toBeVisible();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.goto('/about');
    await expect(toggle).toContainText('ALL');
  });

  test('header search navigates home with the term and ignores a blank one', async ({ page }) => {
    await page.goto('/about');
    await page.locator('[data-search-toggle]').click();
    const input = page.locator('[data-search-input]');
    await input.fill('   ');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/about$/);
    await input.fill('dragon & sword');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/\?search=dragon%20%26%20sword$/);
  });

  test('small screens get the hamburger menu with a Go button', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/about');
    const toggle = page.locator('[data-menu-toggle]');
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'FORUM' })).toBeVisible();
    await page.locator('[data-search-input]').fill('knight');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect(page).toHaveURL(/\/\?search=knight$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });

  test('visitors see Login and Sign Up', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  });

  test('the session-expired dialog shows when the marker is stored', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('session_expired', '1'));
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Session expired' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'You were logged out due to inactivity or token expiry. Please log in again.',
    );
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Session expired' })).toBeHidden();
  });

  test('unknown paths get the 404 page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('main')).toContainText(/not found/i);
  });

  test('the API serves its docs', async ({ request }) => {
    const spec = await (await request.get(`${e2eStack.apiUrl}/docs/json`)).json();
    expect(Object.keys(spec.paths)).toContain('/health');
  });
});
