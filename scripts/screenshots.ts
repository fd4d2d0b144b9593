/**
 * `npm run screenshots -- --site URL --out DIR /path [/path ...]`: full-page PNGs of each path at 320, 390
 * and 1280 px, light and dark, in the browser the end-to-end tests use, so a change is looked at before it
 * is called done. `--session FILE` signs the pages in with a login answer (`{access_token, user}`) saved as
 * JSON; `--widths 320,1280` and `--schemes dark` narrow the set; `--wait SELECTOR` waits for an element;
 * `--no-js` shows the pre-rendered HTML alone.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Request } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from './lib/browser';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    site: { type: 'string', default: 'http://localhost:4321' },
    out: { type: 'string', default: 'screenshots' },
    widths: { type: 'string', default: '320,390,1280' },
    schemes: { type: 'string', default: 'light,dark' },
    session: { type: 'string' },
    wait: { type: 'string' },
    // The pages as crawlers and readers without JavaScript get them: the pre-rendered HTML alone.
    'no-js': { type: 'boolean', default: false },
  },
});

if (positionals.length === 0) {
  console.error('usage: npm run screenshots -- [--site URL] [--out DIR] [--session FILE] /path [/path ...]');
  process.exit(2);
}

const widths = values.widths.split(',').map(Number);
const schemes = values.schemes.split(',') as ('light' | 'dark')[];
const session = values.session
  ? (JSON.parse(readFileSync(values.session, 'utf8')) as { access_token: string; user: unknown })
  : undefined;

mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({ executablePath: findBrowser()?.path, args: CHROMIUM_ARGS });
try {
  for (const path of positionals) {
    for (const scheme of schemes) {
      for (const width of widths) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          colorScheme: scheme,
          javaScriptEnabled: !values['no-js'],
        });
        if (session) {
          await context.addInitScript(
            ([token, user]) => {
              localStorage.setItem('token', token);
              localStorage.setItem('user', user);
            },
            [session.access_token, JSON.stringify(session.user)] as const,
          );
        }
        const page = await context.newPage();
        // Every request answered, but a signed-in page keeps its notification stream open: "networkidle"
        // would never come, so the requests still open are counted without it.
        const open = new Set<Request>();
        page.on('request', (request) => {
          if (request.headers()['accept'] !== 'text/event-stream') open.add(request);
        });
        page.on('requestfinished', (request) => open.delete(request));
        page.on('requestfailed', (request) => open.delete(request));
        await page.goto(new URL(path, values.site).href, { waitUntil: 'load' });
        for (let quiet = 0; quiet < 5; quiet = open.size === 0 ? quiet + 1 : 0)
          await page.waitForTimeout(100);
        if (values.wait) await page.locator(values.wait).first().waitFor();
        const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}-${scheme}.png`;
        // A whole page at once: what is laid out only near the screen (content-visibility: auto) is drawn as
        // a reader scrolling to it would see it, not as the blank it stays while off screen.
        await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
        await page.screenshot({ path: join(values.out, name), fullPage: true });
        console.log(join(values.out, name));
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
}
