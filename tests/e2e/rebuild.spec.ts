import { expect, test, type APIRequestContext } from '@playwright/test';
import { rebuildSite } from '../../scripts/lib/rebuild-job';
import { apiLogin, coverPng } from './api-helpers';
import { e2eStack, readE2eStackState } from './stack-config';

/*
 * The local rebuild job against the running stack: a real `astro build` into a new folder, swapped in while
 * pages are being fetched. No answer may be a 404, an error or a partial page, and a series added before
 * the rebuild is then served as a pre-rendered page.
 */

/** A page is whole when its HTML ends properly and its length is what the server announced. */
async function fetchWhole(request: APIRequestContext, path: string): Promise<string | undefined> {
  const response = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
  if (response.status() !== 200) return `${path}: ${response.status()}`;
  const body = await response.body();
  const html = body.toString('utf8');
  if (!html.trimEnd().endsWith('</html>')) return `${path}: page cut at ${body.length} bytes`;
  return undefined;
}

test('a rebuild while pages are fetched never answers a 404 or a partial page', async ({ request }) => {
  test.setTimeout(300_000);
  const state = readE2eStackState();
  const admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
  const title = `E2E Rebuilt ${Date.now().toString(36)}`;
  const added = await request.post(`${e2eStack.apiUrl}/series`, {
    headers: { authorization: `Bearer ${admin.access_token}` },
    multipart: {
      title,
      genre: 'Drama',
      type: 'MANHUA',
      cover: { name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(200, 300) },
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: number };
  // Not built yet: the client-rendered fallback answers for it.
  expect(await (await request.get(`/series/${id}`)).text()).not.toContain(`<title>${title}`);

  const paths = ['/', '/page/2', '/type/manga', '/type/manhwa/page/2', '/series/1', '/series/2', '/about'];
  const problems: string[] = [];
  let fetched = 0;
  let building = true;
  const build = rebuildSite(state.rebuild).finally(() => (building = false));
  const fetching = (async () => {
    while (building) {
      const results = await Promise.all(paths.map((path) => fetchWhole(request, path)));
      fetched += paths.length;
      problems.push(...results.filter((problem): problem is string => problem !== undefined));
    }
  })();
  await Promise.all([build, fetching]);

  expect(problems).toEqual([]);
  expect(fetched).toBeGreaterThan(paths.length * 10);
  const page = await (await request.get(`/series/${id}`)).text();
  expect(page).toContain(`<title>${title} (Manhua) | PanelRank</title>`);
});
