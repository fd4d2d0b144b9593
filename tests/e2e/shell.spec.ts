import { expect, test } from '@playwright/test';
import { e2eStack } from './stack-config';

test.describe('site shell', () => {
  test('info pages show their content', async ({ page }) => {
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
    await expect(page.locator('main a[href="/report-issue"]')).toHaveCount(1);
  });

  test('an external address that is not configured has no link: header, mobile menu, footer, contact', async ({
    page,
  }) => {
    // The stack's build sets none of PUBLIC_IMAGE_SITE_URL, PUBLIC_SOCIAL_URL, PUBLIC_SOURCE_REPO_URL and
    // PUBLIC_CONTACT_EMAIL.
    const unconfigured = page.locator('a[href*="example."], a[href^="mailto:"]');
    await page.goto('/about');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: 'FORUM' })).toBeVisible();
    await expect(menu.getByRole('link', { name: /GALLERY|SOCIAL/ })).toHaveCount(0);
    await expect(page.getByRole('banner').locator('a[target="_blank"]')).toHaveCount(0);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'About' })).toBeVisible();
    await expect(footer.getByRole('link', { name: /Source code/ })).toHaveCount(0);
    await expect(footer.locator('a[target="_blank"]')).toHaveCount(0);
    await expect(unconfigured).toHaveCount(0);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator('[data-menu-toggle]').click();
    await expect(menu.getByRole('link', { name: 'FORUM' })).toBeVisible();
    await expect(menu.getByRole('link', { name: /GALLERY|SOCIAL/ })).toHaveCount(0);
    await expect(page.getByRole('banner').locator('a[target="_blank"]')).toHaveCount(0);

    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Bugs, wrong data and ideas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /E-mail|Social media/ })).toHaveCount(0);
    await expect(unconfigured).toHaveCount(0);
  });

  test('footer links and the plain "Terms"', async ({ page }) => {
    await page.goto('/about');
    const footer = page.locator('footer');
    for (const href of [
      '/about',
      '/contact',
      '/report-issue',
      '/issues',
      '/how-rankings-work',
      '/developers',
    ]) {
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

  test('the menu panel and the search box close when the focus tabs out of them', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const toggle = page.locator('[data-menu-toggle]');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Past the panel's last control (Sign Up) the focus is on the page again, which the panel would hide.
    await page.getByRole('link', { name: 'Sign Up' }).focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#site-menu')).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 800 });
    const searchToggle = page.locator('[data-search-toggle]');
    await searchToggle.click();
    await expect(page.locator('[data-search-input]')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(searchToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[data-search-input]')).toBeHidden();
  });

  test('controls are at least 40 px tall at 320 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    for (const path of [
      '/',
      '/login',
      '/signup',
      '/check-your-email',
      '/verify-email?token=nope',
      '/about',
    ]) {
      await page.goto(path);
      await page.locator('[data-menu-toggle]').click();
      await expect(page.locator('[data-menu-toggle]')).toHaveAttribute('aria-expanded', 'true');
      // A failed verification shows its outcome after a call; wait for it.
      if (path.startsWith('/verify-email')) await expect(page.getByRole('alert')).toBeVisible();
      const small = await page.evaluate(() => {
        const found: string[] = [];
        for (const element of document.querySelectorAll<HTMLElement>('a[href], button, input, select')) {
          // A checkbox's label is part of its target.
          const label =
            element instanceof HTMLInputElement && element.type === 'checkbox' ? element.labels?.[0] : null;
          const box = (label ?? element).getBoundingClientRect();
          const style = getComputedStyle(element);
          if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
          // Links inside a sentence are exempt: their line is their target. So are decorative ones.
          if (element.tagName === 'A' && style.display === 'inline' && element.closest('p, li, dd')) continue;
          if (element.closest('[aria-hidden="true"]')) continue;
          if (box.height < 40)
            found.push(`${element.tagName} "${element.textContent?.trim()}" ${box.height}`);
        }
        return found;
      });
      expect(small, path).toEqual([]);
    }
  });

  test('check your email moves on to /login after 10 s, unless asked to stay', async ({ page }) => {
    await page.clock.install();
    await page.goto('/check-your-email');
    await expect(page.locator('main')).toContainText('Promotions');
    await page.clock.runFor(9_000);
    await expect(page).toHaveURL(/\/check-your-email$/);
    await page.clock.runFor(1_500);
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/check-your-email');
    const stay = page.getByRole('button', { name: 'Stay on this page' });
    await stay.focus();
    await page.keyboard.press('Enter');
    await expect(stay).toBeHidden();
    // The focus moves to the text that replaced the countdown, not back to the top of the page.
    await expect(page.getByText('You can log in whenever you are ready.')).toBeVisible();
    expect(await page.evaluate(() => document.activeElement?.matches('[data-countdown]'))).toBe(true);
    await page.clock.runFor(15_000);
    await expect(page).toHaveURL(/\/check-your-email$/);
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
