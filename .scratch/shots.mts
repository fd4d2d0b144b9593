import { chromium } from '@playwright/test';
const site = 'http://localhost:4372';
const api = 'http://localhost:8832';
const out = process.argv[2] ?? '/tmp/issues-shots';
const admin = process.argv.includes('--admin');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
let login: { access_token: string; user: unknown } | undefined;
if (admin) {
  const r = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'boss', password: 'correct horse battery' }),
  });
  login = (await r.json()) as { access_token: string; user: unknown };
}
for (const path of process.argv
  .find((a) => a.startsWith('--paths='))
  ?.slice(8)
  .split(',') ?? ['/issues', '/report-issue?page_url=/forum/3']) {
  for (const width of [320, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
      if (login)
        await context.addInitScript(
          ([t, u]) => {
            localStorage.setItem('token', t);
            localStorage.setItem('user', u);
          },
          [login.access_token, JSON.stringify(login.user)],
        );
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error') console.log('console:', m.text());
      });
      page.on('pageerror', (e) => console.log('pageerror:', e.message));
      await page.goto(site + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const name = `${out}/${path.replace(/[^a-z]+/g, '_')}${admin ? '-admin' : ''}-${width}-${scheme}.png`;
      await page.screenshot({ path: name, fullPage: true });
      console.log(name);
      await context.close();
    }
  }
}
await browser.close();
