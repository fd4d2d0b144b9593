import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import {
  apiLogin,
  apiSignup,
  coverPng,
  newReader,
  nextVerificationLink,
  uniqueAccount,
  useSession,
  type LoginAnswer,
} from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * One page of every page type, signed out, as a reader and as an admin, in light and dark: none may log a
 * console error or warning, nor throw. Each page is given the time to do all it does on its own: every
 * island hydrated (scrolled to, or reached for), and every request it started answered.
 */

/** What the pages need that the build does not have: a series and a thread newer than it, a shared list. */
interface Fixture {
  admin: LoginAnswer;
  reader: LoginAnswer;
  seriesAfterBuild: number;
  threadAfterBuild: number;
  sharedListToken: string;
  /** The consent page asked for by an app the reader registered. */
  consentPath: string;
}

interface PageType {
  name: string;
  path: string | ((fixture: Fixture, request: APIRequestContext) => Promise<string> | string);
  /** What a visitor does there after it loaded (e.g. choosing a genre). */
  act?: (page: Page) => Promise<void>;
}

const PAGE_TYPES: PageType[] = [
  { name: 'home', path: '/' },
  { name: 'a later page of the home ranking', path: '/page/2' },
  { name: 'search results', path: '/?search=the' },
  { name: 'type page', path: '/type/manhwa' },
  { name: 'a later page of a type page', path: '/type/manga/page/2' },
  {
    name: 'a genre of a type page',
    path: '/type/manhua',
    act: async (page) => {
      const genres = page.getByRole('group', { name: 'Filter by genre' });
      await genres.locator('button[aria-pressed="false"]').first().click();
    },
  },
  { name: 'most popular, in a view of the address', path: '/popular?status=ONGOING&not=Drama' },
  { name: 'trending', path: '/trending' },
  {
    name: 'a genre page, another order chosen',
    path: async (_fixture, request) =>
      /href="(\/genre\/[a-z0-9-]+)"/.exec(await (await request.get('/')).text())![1]!,
    act: async (page) => {
      await page.getByRole('group', { name: 'Order and filters' }).getByLabel('Order').selectOption('newest');
    },
  },
  { name: 'series page', path: '/series/1' },
  { name: 'series newer than the build', path: (fixture) => `/series/${fixture.seriesAfterBuild}` },
  { name: 'compare', path: '/compare?ids=1,2,3' },
  { name: 'about', path: '/about' },
  { name: 'contact', path: '/contact' },
  { name: 'how rankings work', path: '/how-rankings-work' },
  { name: 'developers', path: '/developers' },
  { name: 'login', path: '/login' },
  { name: 'sign-up', path: '/signup' },
  { name: 'check your e-mail', path: '/check-your-email' },
  {
    name: 'verify e-mail',
    path: async (_fixture, request) => {
      const account = uniqueAccount('console');
      await apiSignup(request, account);
      const link = new URL(await nextVerificationLink(account.email));
      return `${link.pathname}${link.search}`;
    },
  },
  { name: 'account', path: '/account' },
  { name: 'my lists', path: '/my-lists' },
  { name: 'notifications', path: '/notifications' },
  { name: 'apps and tokens', path: '/account/apps' },
  { name: 'OAuth consent', path: (fixture) => fixture.consentPath },
  { name: 'shared list', path: (fixture) => `/lists/${fixture.sharedListToken}` },
  { name: 'forum', path: '/forum' },
  { name: 'forum thread', path: '/forum/1' },
  { name: 'forum thread newer than the build', path: (fixture) => `/forum/${fixture.threadAfterBuild}` },
  { name: 'issue tracker', path: '/issues' },
  { name: 'report an issue', path: '/report-issue' },
  { name: 'issue report sent', path: '/report-issue/sent' },
  { name: 'issue report not sent', path: '/report-issue/not-sent/fields' },
  { name: 'not found', path: '/no-such-page' },
];

/**
 * The only message allowed: the 404 page is answered with status 404, as it must be, and Chromium reports
 * every document answered with an error status as a failed resource.
 */
function expected(text: string, url: string): boolean {
  return (
    new URL(url).pathname === '/no-such-page' &&
    text === 'Failed to load resource: the server responded with a status of 404 (Not Found)'
  );
}

let fixture: Fixture;

test.beforeAll(async ({ request }) => {
  const admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
  const reader = await newReader(request, 'console');
  const asUser = (session: LoginAnswer) => ({ authorization: `Bearer ${session.access_token}` });

  const series = await request.post(`${e2eStack.apiUrl}/series`, {
    headers: asUser(admin),
    multipart: {
      title: `Console check ${Date.now().toString(36)}`,
      genre: 'Drama',
      type: 'MANHWA',
      cover: { name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(200, 300) },
    },
  });
  expect(series.status(), await series.text()).toBe(201);

  const thread = await request.post(`${e2eStack.apiUrl}/forum/threads`, {
    headers: asUser(reader),
    data: { title: `Console check ${Date.now().toString(36)}`, first_post_markdown: 'Newer than the build.' },
  });
  expect(thread.status(), await thread.text()).toBe(201);

  const list = await request.post(`${e2eStack.apiUrl}/reading-lists`, {
    headers: asUser(reader),
    data: { name: 'Console check' },
  });
  expect(list.status(), await list.text()).toBe(201);
  const { id: listId } = (await list.json()) as { id: number };
  const added = await request.post(`${e2eStack.apiUrl}/reading-lists/${listId}/items`, {
    headers: asUser(reader),
    data: { series_id: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const shared = await request.post(`${e2eStack.apiUrl}/reading-lists/${listId}/share`, {
    headers: asUser(reader),
  });
  expect(shared.status(), await shared.text()).toBe(200);

  const app = await request.post(`${e2eStack.apiUrl}/oauth/apps`, {
    headers: asUser(reader),
    data: { name: 'Console check', redirect_uris: ['http://127.0.0.1:7/callback'], client_type: 'public' },
  });
  expect(app.status(), await app.text()).toBe(201);
  const consent = new URLSearchParams({
    response_type: 'code',
    client_id: ((await app.json()) as { client_id: string }).client_id,
    redirect_uri: 'http://127.0.0.1:7/callback',
    scope: 'library.read',
    state: 'console',
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
  });

  fixture = {
    consentPath: `/oauth/authorize?${consent}`,
    admin,
    reader,
    seriesAfterBuild: ((await series.json()) as { id: number }).id,
    threadAfterBuild: ((await thread.json()) as { id: number }).id,
    sharedListToken: ((await shared.json()) as { share_token: string }).share_token,
  };
});

// The series made for this spec is Unranked and newer than the build: the specs after this one compare
// built pages with the live API, so it goes once this spec is done.
test.afterAll(async ({ request }) => {
  if (!fixture) return;
  const removed = await request.delete(`${e2eStack.apiUrl}/series/${fixture.seriesAfterBuild}`, {
    headers: { authorization: `Bearer ${fixture.admin.access_token}` },
  });
  expect(removed.ok(), await removed.text()).toBe(true);
});

/**
 * Waits until the page has done all it does on its own: every island hydrated (the ones that wait to be
 * seen are scrolled to, the ones that wait for a touch are reached for) and no request of its in flight.
 * A page that sends the visitor on (login while signed in) is followed to where it goes.
 */
async function settle(page: Page, inFlight: Set<Request>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForLoadState('load');
      // Islands that hydrate once seen, one at a time: each is held in view until it has hydrated (one of
      // its children is hidden for some visitors, so the one shown is scrolled to).
      for (const island of await page.locator('astro-island[ssr][client="visible"]').elementHandles()) {
        await island.evaluate((element: Element) => {
          const shown = [...element.children].find((child) => child.getClientRects().length > 0);
          shown?.scrollIntoView({ block: 'center' });
        });
        await expect
          .poll(() => island.evaluate((element: Element) => element.hasAttribute('ssr')), {
            message: `${await island.getAttribute('component-url')} hydrates once seen`,
          })
          .toBe(false);
      }
      // Islands that hydrate when reached for: focus counts anywhere inside one (the pointer only on the
      // controls of some, such as a thread's).
      await page.evaluate(() => {
        for (const island of document.querySelectorAll('astro-island[ssr][client="interaction"]')) {
          island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        }
      });
      const waiting = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('astro-island[ssr], [data-hydrating]')].map(
            (element) => element.getAttribute('component-url') ?? element.outerHTML.slice(0, 80),
          ),
        );
      await expect.poll(waiting, { message: 'islands not hydrated' }).toEqual([]);
      await expect.poll(() => inFlight.size).toBe(0);
      // What the last answers rendered has run its effects.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      return;
    } catch (error) {
      // A page that sends the visitor on may do so after a request of its own: let it land, then look again.
      if (attempt < 10 && /context was destroyed|navigat/i.test(String(error))) {
        await page.waitForTimeout(200);
        continue;
      }
      throw error;
    }
  }
}

for (const who of ['signed out', 'reader', 'admin'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`no console errors or warnings on any page type: ${who}, ${colorScheme}`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      if (who !== 'signed out') await useSession(page, who === 'admin' ? fixture.admin : fixture.reader);

      const problems: string[] = [];
      let current = '';
      // The page type, and where it sent the visitor if it did (login while signed in goes home).
      const where = () => `${current}, at ${new URL(page.url()).pathname}`;
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return;
        if (expected(message.text(), message.location().url || page.url())) return;
        problems.push(`${where()}: console.${message.type()}: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => problems.push(`${where()}: uncaught ${error.name}: ${error.message}`));
      // Requests still open; a stream of server-sent events stays open by design.
      const inFlight = new Set<Request>();
      page.on('request', (request) => {
        if (request.headers()['accept'] !== 'text/event-stream') inFlight.add(request);
      });
      page.on('requestfinished', (request) => inFlight.delete(request));
      page.on('requestfailed', (request) => inFlight.delete(request));

      for (const type of PAGE_TYPES) {
        const path = typeof type.path === 'string' ? type.path : await type.path(fixture, request);
        current = `${type.name} (${path})`;
        await page.goto(path);
        await settle(page, inFlight);
        if (type.act) {
          await type.act(page);
          await settle(page, inFlight);
        }
      }
      await context.close();
      expect(problems).toEqual([]);
    });
  }
}
