import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const scheme of ['light', 'dark'] as const) {
  const page = await browser.newPage({ viewport: { width: 320, height: 900 }, colorScheme: scheme });
  await page.goto('http://localhost:4372/report-issue', { waitUntil: 'networkidle' });
  await page.getByLabel('Email (optional)').fill('bad');
  await page.getByRole('button', { name: 'Send report' }).click();
  await page.getByLabel('Screenshot (optional)').setInputFiles('/work/wt-issues/public/apple-touch-icon.png');
  await page.screenshot({ path: `/tmp/issues-shots/report-errors-320-${scheme}.png`, fullPage: true });
  const wide = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
  await wide.goto('http://localhost:4372/issues?status=FIXED', { waitUntil: 'networkidle' });
  await wide.waitForTimeout(300);
  await wide.screenshot({ path: `/tmp/issues-shots/issues-filtered-1280-${scheme}.png`, fullPage: true });
}
await browser.close();
