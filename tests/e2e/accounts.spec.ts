import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { e2eStack, readE2eStackState } from './stack-config';

/** Spec texts the screens must show verbatim. */
const TEXT = {
  loginRequired: 'Username and password are required.',
  captchaRequired: 'Please complete the CAPTCHA.',
  emailNotVerified: 'Email not verified. Please check your inbox or spam folder.',
  invalidCredentials: 'Invalid username or password.',
  signupRequired: 'All fields are required.',
  invalidEmail: 'Invalid email. Only Gmail or Yahoo addresses are allowed.',
  emailExists: 'Email already exists. Please log in or use a different email.',
  signupSuccess: 'Signup successful! Please verify your email.',
  resendFallback: 'If an account exists, a new link was sent.',
  missingToken: 'Missing verification token.',
  linkExpired: 'Verification link expired. Please request a new one.',
  invalidToken: 'Invalid or already-used token.',
  sessionExpired: 'You were logged out due to inactivity or token expiry. Please log in again.',
};

function uniqueAccount() {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return { username: `e2e_${suffix}`, email: `e2e.${suffix}@gmail.com`, password: 'e2e-reader-password' };
}

/**
 * An unsigned JWT-shaped token. The client only reads `exp` (it cannot check the signature, and does not
 * try), so a crafted token is a fair way to drive its expiry timer without a short-lived API.
 */
function craftedToken(expiresInSeconds: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '999999', username: 'crafted', role: 'USER', exp })}.x`;
}

async function storeSession(page: Page, token: string, username = 'crafted'): Promise<void> {
  await page.evaluate(
    ([storedToken, user]) => {
      localStorage.setItem('token', storedToken);
      localStorage.setItem('user', user);
    },
    [token, JSON.stringify({ id: 999999, username, role: 'USER' })] as const,
  );
}

/**
 * Ticks the ALTCHA checkbox in `scope` as a person would (its label, or Space from the keyboard) and
 * waits for the proof of work to finish.
 */
async function solveAltcha(scope: Page | Locator, how: 'click' | 'keyboard' = 'click'): Promise<void> {
  const widget = scope.locator('altcha-widget');
  const checkbox = widget.getByRole('checkbox');
  if (how === 'keyboard') {
    await checkbox.focus();
    await checkbox.press('Space');
  } else {
    await widget.getByText("I'm not a robot").click();
  }
  await expect(checkbox).toBeChecked({ timeout: 20_000 });
}

/** Quoted-printable, as nodemailer writes long lines: soft breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The verification link of the newest e-mail sent to `email`, if any has been written yet. */
function newestVerificationLink(email: string): string | undefined {
  const outbox = join(readE2eStackState().dataDir, 'outbox');
  if (!existsSync(outbox)) return undefined;
  const newest = readdirSync(outbox)
    .filter((name) => name.endsWith(`-${email}-verify.eml`))
    .sort()
    .at(-1);
  if (!newest) return undefined;
  const message = decodeQuotedPrintable(readFileSync(join(outbox, newest), 'utf8'));
  return /https?:\/\/[^\s"<>]+\/verify-email\?token=[^\s"<>]+/.exec(message)?.[0].replaceAll('&amp;', '&');
}

/** Waits for a verification link to `email` other than `previous`. */
async function nextVerificationLink(email: string, previous?: string): Promise<string> {
  await expect
    .poll(() => {
      const link = newestVerificationLink(email);
      return link !== undefined && link !== previous;
    })
    .toBe(true);
  return newestVerificationLink(email)!;
}

function header(page: Page) {
  const area = page.locator('header [data-auth-area]');
  return {
    login: area.getByRole('link', { name: 'Login' }),
    signup: area.getByRole('link', { name: 'Sign Up' }),
    myLists: area.getByRole('link', { name: 'My Lists' }),
    username: area.locator('[data-username]'),
    logout: area.getByRole('button', { name: 'Logout' }),
  };
}

test.describe('accounts', () => {
  test('sign up, verify by e-mail, log in and log out', async ({ page }) => {
    test.setTimeout(90_000);
    const account = uniqueAccount();

    await page.goto('/signup');
    await page.getByLabel('Username', { exact: true }).fill(`  ${account.username} `);
    await page.getByLabel('Email', { exact: true }).fill(account.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await solveAltcha(page);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText(TEXT.signupSuccess)).toBeVisible();

    await expect(page).toHaveURL(/\/check-your-email$/);
    await expect(page.locator('main')).toContainText('Spam');
    await expect(page.locator('main')).toContainText('Promotions');
    await expect(page.getByRole('link', { name: 'Go to login now' })).toHaveAttribute('href', '/login');
    // The trimmed, lowercased e-mail is the one the API wrote to.
    const firstLink = await nextVerificationLink(account.email);
    expect(firstLink.startsWith(`${e2eStack.siteUrl}/verify-email?token=`)).toBe(true);

    // Not verified yet: 403 reveals the resend panel, which always answers the same.
    await page.goto('/login');
    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    const loginForm = page.locator('main form').first();
    await solveAltcha(loginForm);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(TEXT.emailNotVerified)).toBeVisible();
    // The captcha is single-use: it is reset after the failure.
    await expect(loginForm.locator('altcha-widget').getByRole('checkbox')).not.toBeChecked();

    const resendPanel = page.getByRole('region', { name: 'Resend verification email' });
    await expect(resendPanel.getByLabel('Email or username')).toHaveValue(account.username);
    await resendPanel.getByLabel('Email or username').fill(account.email);
    await solveAltcha(resendPanel);
    await resendPanel.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(resendPanel.getByText(TEXT.resendFallback)).toBeVisible();

    // The newest link verifies, then /login follows after 3 s.
    const link = await nextVerificationLink(account.email, firstLink);
    await page.goto(link);
    await expect(page.getByText('Email verification successful')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });

    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await solveAltcha(page);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`${e2eStack.siteUrl}/`);

    const nav = header(page);
    await expect(nav.username).toHaveText(account.username);
    await expect(nav.logout).toBeVisible();
    await expect(nav.myLists).toBeVisible();
    await expect(nav.login).toBeHidden();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: localStorage.getItem('user'),
    }));
    expect(stored.token?.split('.')).toHaveLength(3);
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ username: account.username, role: 'USER' });

    // A used link does not work twice.
    await page.goto(link);
    await expect(page.getByText(TEXT.invalidToken)).toBeVisible();

    await header(page).logout.click();
    await expect(page).toHaveURL(`${e2eStack.siteUrl}/`);
    await expect(header(page).login).toBeVisible();
    await expect(header(page).signup).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
  });

  test('login and signup show the spec messages', async ({ page }) => {
    await page.goto('/login');
    const logIn = page.getByRole('button', { name: 'Log in' });
    await logIn.click();
    await expect(page.getByText(TEXT.loginRequired)).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toBeFocused();

    await page.getByLabel('Username', { exact: true }).fill(e2eStack.admin.username);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await logIn.click();
    await expect(page.getByText(TEXT.captchaRequired)).toBeVisible();

    await solveAltcha(page);
    await logIn.click();
    await expect(page.getByText(TEXT.invalidCredentials)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Resend verification email' })).toHaveCount(0);

    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText(TEXT.signupRequired)).toBeVisible();

    await page.getByLabel('Username', { exact: true }).fill('someone_new');
    await page.getByLabel('Email', { exact: true }).fill('someone@hotmail.com');
    await page.getByLabel('Password', { exact: true }).fill('long-enough-password');
    await solveAltcha(page);
    await page.getByRole('button', { name: 'Sign up' }).click();
    // A field's error sits next to it and is read with it.
    const emailField = page.getByLabel('Email', { exact: true });
    await expect(emailField).toHaveAccessibleDescription(
      new RegExp(`^${TEXT.invalidEmail.replaceAll('.', '\\.')}`),
    );
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#signup-email-error')).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill(e2eStack.admin.email);
    await solveAltcha(page);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.locator('#signup-email-error')).toHaveText(TEXT.emailExists);
  });

  test('the verification page handles missing, invalid and expired links', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByText(TEXT.missingToken)).toBeVisible();

    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByText(TEXT.invalidToken)).toBeVisible();

    // A genuinely expired link needs a day to pass; the API's answer for one is stubbed here.
    await page.route('**/auth/verify-email?*', (route) =>
      route.fulfill({ status: 400, json: { detail: 'Verification link expired' } }),
    );
    await page.goto('/verify-email?token=expired-token');
    await expect(page.getByText(TEXT.linkExpired)).toBeVisible();
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveAttribute('type', 'email');
    await email.fill('nobody.here@gmail.com');
    await solveAltcha(page, 'keyboard');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText(TEXT.resendFallback)).toBeVisible();
  });

  test('the session ends 30 s before the token expires, with the dialog', async ({ page }) => {
    await page.goto('/about');
    // 33 s left: the client signs out at 30 s, about 3 s from now.
    await storeSession(page, craftedToken(33));
    await page.reload();
    await expect(header(page).username).toHaveText('crafted');

    const dialog = page.getByRole('dialog', { name: 'Session expired' });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(`${e2eStack.siteUrl}/`);
    await expect(dialog).toContainText(TEXT.sessionExpired);
    await expect(header(page).login).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Session expired' })).toBeHidden();
  });

  test('a 401 from a non-auth call signs out and asks for a login', async ({ page }) => {
    // No page calls a user-only endpoint on load yet, so the series detail call (optional auth, which the
    // API answers for a bad token) is made to answer 401 here; the request itself goes out unchanged.
    const token = craftedToken(3600);
    const authorizations: (string | undefined)[] = [];
    await page.route(`${e2eStack.apiUrl}/series-details/**`, async (route) => {
      authorizations.push(route.request().headers().authorization);
      await route.fulfill({ status: 401, json: { detail: 'Could not validate credentials' } });
    });
    const configAuthorizations: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${e2eStack.apiUrl}/auth/`))
        configAuthorizations.push(request.headers().authorization);
    });

    await page.goto('/about');
    await storeSession(page, token);
    await page.goto('/series/1');
    await expect(page).toHaveURL(/\/login\?next=%2Fseries%2F1$/);
    expect(authorizations[0]).toBe(`Bearer ${token}`);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await expect(header(page).login).toBeVisible();
    // The login page's own auth calls carry no token.
    await expect(page.locator('altcha-widget')).toBeVisible();
    expect(configAuthorizations.every((value) => value === undefined)).toBe(true);
  });

  test('removing the token in one tab signs the other tab out', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/about');
    await storeSession(first, craftedToken(3600));
    await first.reload();
    await second.goto('/how-rankings-work');
    await expect(header(first).username).toHaveText('crafted');
    await expect(header(second).username).toHaveText('crafted');

    await first.evaluate(() => localStorage.removeItem('token'));
    await expect(header(second).login).toBeVisible();
    await expect(header(second).logout).toBeHidden();
    await expect(second).toHaveURL(/\/how-rankings-work$/);

    // Logging out is the usual way to remove it.
    await storeSession(first, craftedToken(3600));
    await expect(header(second).username).toHaveText('crafted');
    await first.reload();
    await header(first).logout.click();
    await expect(first).toHaveURL(`${e2eStack.siteUrl}/`);
    await expect(header(second).login).toBeVisible();
  });

  test('My Lists is highlighted on /my-lists', async ({ page }) => {
    await page.goto('/about');
    await storeSession(page, craftedToken(3600));
    await page.goto('/my-lists');
    await expect(header(page).myLists).toHaveAttribute('aria-current', 'page');
    await page.goto('/about');
    await expect(header(page).myLists).not.toHaveAttribute('aria-current', 'page');
  });
});
