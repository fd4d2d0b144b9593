import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignup, newReader, nextVerificationLink, uniqueAccount, useSession } from './api-helpers';
import { e2eStack } from './stack-config';

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
  /**
   * An unverified account whose link is left to expire: signed up first, so that by the last test (the
   * verification page) most of the link's lifetime has already passed.
   */
  let toExpire: { account: ReturnType<typeof uniqueAccount>; link: string; expiresAt: number };

  test.beforeAll(async ({ request }) => {
    const account = uniqueAccount();
    await apiSignup(request, account);
    // The token was issued before the answer came; a second's margin for the database's clock.
    const expiresAt = Date.now() + e2eStack.emailTokenTtlSeconds * 1000 + 1000;
    toExpire = { account, link: await nextVerificationLink(account.email), expiresAt };
  });

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

  test('login and signup show their messages', async ({ page }) => {
    await page.goto('/login');
    const logIn = page.getByRole('button', { name: 'Log in' });
    await logIn.click();
    await expect(page.getByText(TEXT.loginRequired)).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toBeFocused();
    // The message is read with the fields it is about.
    await expect(page.getByLabel('Username', { exact: true })).toHaveAccessibleDescription(
      TEXT.loginRequired,
    );
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      TEXT.loginRequired,
    );

    await page.getByLabel('Username', { exact: true }).fill(e2eStack.admin.username);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await logIn.click();
    await expect(page.getByText(TEXT.captchaRequired)).toBeVisible();

    await solveAltcha(page);
    await logIn.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(TEXT.invalidCredentials)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Resend verification email' })).toHaveCount(0);
    // While the call was out the button stayed focusable: the keyboard user is still on it, not at the top.
    await expect(logIn).toBeFocused();

    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText(TEXT.signupRequired)).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
      new RegExp(`^${TEXT.signupRequired.replaceAll('.', '\\.')}`),
    );

    await page.getByLabel('Username', { exact: true }).fill('someone_new');
    await page.getByLabel('Password', { exact: true }).fill('long-enough-password');
    const emailField = page.getByLabel('Email', { exact: true });
    await emailField.fill('someone@hotmail.com');
    await solveAltcha(page);
    // Sent from the field with Enter (never left): refused before anything is sent.
    await emailField.press('Enter');
    // A field's error sits next to it and is read with it.
    await expect(emailField).toHaveAccessibleDescription(
      new RegExp(`^${TEXT.invalidEmail.replaceAll('.', '\\.')}`),
    );
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#signup-email-error')).toBeVisible();
    // Refused, but the solved captcha is kept: the API has not used it.
    const captcha = page.locator('altcha-widget').getByRole('checkbox');
    await expect(captcha).toBeChecked();

    // The API refuses a taken address after using the captcha: a fresh one is solved without a click.
    await emailField.fill(e2eStack.admin.email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.locator('#signup-email-error')).toHaveText(TEXT.emailExists);
    await expect(captcha).toBeChecked({ timeout: 20_000 });
    const account = uniqueAccount();
    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await emailField.fill(account.email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText(TEXT.signupSuccess)).toBeVisible();
  });

  test('sign-up checks the e-mail domain as the field is left, before the captcha', async ({ page }) => {
    await page.goto('/signup');
    const emailField = page.getByLabel('Email', { exact: true });
    const error = page.locator('#signup-email-error');
    const captcha = page.locator('altcha-widget').getByRole('checkbox');

    // Typed as soon as the page shows, and left at once: the message comes once the domains are known.
    await emailField.fill('  Someone@Hotmail.com ');
    await emailField.press('Tab');
    await expect(error).toHaveText(TEXT.invalidEmail);
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(emailField).toHaveAccessibleDescription(TEXT.invalidEmail);
    await expect(captcha).not.toBeChecked();

    // An allowed domain (any case, spaces around) clears it as the field is left again.
    await emailField.fill(' someone@GMAIL.com ');
    await emailField.press('Tab');
    await expect(error).toHaveCount(0);
    await expect(emailField).not.toHaveAttribute('aria-invalid', 'true');
    // A half-typed address is not judged yet: only a domain that cannot be right is.
    await emailField.fill('someone');
    await emailField.press('Tab');
    await expect(error).toHaveCount(0);
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

    // OK acknowledges at once: read in the same task as the click, before the dialog's close event.
    const markerAfterOk = await page.evaluate(() => {
      document.querySelector<HTMLButtonElement>('#session-expired-dialog button[value="ok"]')!.click();
      return localStorage.getItem('session_expired');
    });
    expect(markerAfterOk).toBeNull();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Session expired' })).toBeHidden();
  });

  test('a 401 from a non-auth call signs out and asks for a login', async ({ page, request }) => {
    // A crafted token: the API ignores it where a user is optional (the series detail) and refuses it with
    // 401 where one is required (a vote).
    const token = craftedToken(3600);
    const refused = await request.post(`${e2eStack.apiUrl}/series-details/1/vote`, {
      headers: { authorization: `Bearer ${token}` },
      form: { category: 'Story', score: '8' },
    });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ detail: 'Could not validate credentials' });

    const seriesCalls: { method: string; url: string; authorization: string | undefined }[] = [];
    const configAuthorizations: (string | undefined)[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'OPTIONS') return;
      const authorization = sent.headers().authorization;
      if (sent.url().startsWith(`${e2eStack.apiUrl}/series-details/`))
        seriesCalls.push({ method: sent.method(), url: sent.url(), authorization });
      if (sent.url().startsWith(`${e2eStack.apiUrl}/auth/`)) configAuthorizations.push(authorization);
    });

    await page.goto('/about');
    await storeSession(page, token);
    // The series page's Track panel reads the reader's lists at once, and that read's 401 would end the
    // session before the vote (track-panel.spec.ts checks that it does): here the network drops those reads,
    // so the vote's is the 401.
    await page.route(`${e2eStack.apiUrl}/reading-lists/**`, (route) => route.abort('failed'));
    await page.goto('/series/1');
    // Loading the page needs no user: the detail is read with the token, answered, and the session stays.
    const panel = page.locator('#series-vote');
    await panel.scrollIntoViewIfNeeded();
    const story = panel.getByRole('group', { name: 'Story', exact: true });
    await expect(story.getByRole('radio', { name: '8', exact: true })).toBeEnabled();
    await expect(header(page).username).toHaveText('crafted');
    const loads = seriesCalls.filter((call) => call.method === 'GET');
    expect(loads.length).toBeGreaterThan(0);
    expect(loads.every((call) => call.authorization === `Bearer ${token}`)).toBe(true);

    // A vote needs a user: the API's 401 ends the session and asks for a login, then back here.
    await story.getByRole('radio', { name: '8', exact: true }).check();
    const voteAnswer = page.waitForResponse(
      (answer) =>
        answer.url() === `${e2eStack.apiUrl}/series-details/1/votes` && answer.request().method() === 'POST',
    );
    await panel.getByRole('button', { name: 'Vote', exact: true }).click();
    const answer = await voteAnswer;
    expect(answer.status()).toBe(401);
    expect(answer.request().headers().authorization).toBe(`Bearer ${token}`);
    await expect(page).toHaveURL(/\/login\?next=%2Fseries%2F1$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await expect(header(page).login).toBeVisible();
    // The login page's own auth calls carry no token; they start when the visitor reaches for the form.
    await page.getByLabel('Username', { exact: true }).focus();
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

  test('My Lists is highlighted on /my-lists', async ({ page, request }) => {
    // Signed in for real: /my-lists checks the session with the API and sends visitors to log in.
    const reader = await newReader(request, 'highlight');
    await useSession(page, reader);
    await page.goto('/my-lists');
    await expect(header(page).username).toHaveText(reader.user.username);
    await expect(header(page).myLists).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/\/my-lists$/);
    await page.goto('/about');
    await expect(header(page).myLists).not.toHaveAttribute('aria-current', 'page');
  });

  // Last in the file, so the link signed up for in beforeAll has had the time of the other tests to expire.
  test('the verification page handles missing, invalid and expired links', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByText(TEXT.missingToken)).toBeVisible();

    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByText(TEXT.invalidToken)).toBeVisible();

    // A genuinely expired link: the stack's links live emailTokenTtlSeconds; wait for whatever is left.
    const remaining = toExpire.expiresAt - Date.now();
    test.setTimeout(Math.max(remaining, 0) + 60_000);
    if (remaining > 0) await page.waitForTimeout(remaining);
    await page.goto(toExpire.link);
    await expect(page.getByText(TEXT.linkExpired)).toBeVisible();
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveAttribute('type', 'email');
    await email.fill(toExpire.account.email);
    await solveAltcha(page, 'keyboard');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByText(TEXT.resendFallback)).toBeVisible();
    // The account is real and unverified, so a fresh link is on its way.
    await nextVerificationLink(toExpire.account.email, toExpire.link);
  });
});
