import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findRedirect, parseRedirects } from '../../scripts/lib/redirects';

const rules = parseRedirects(`
# comment
/manhwa        /type/manhwa        301
/type/MANHWA   /type/manhwa        301!
/old/*         /new/:splat         302
/users/:id/x   /profile/:id
/series/*      /series/fallback    200
`);

const none = () => false;

describe('_redirects rules', () => {
  it('parses status, force flag and defaults to 301', () => {
    expect(rules.map((r) => [r.status, r.force])).toEqual([
      [301, false],
      [301, true],
      [302, false],
      [301, false],
      [200, false],
    ]);
  });

  it('matches exact paths, ignoring a trailing slash but not case', () => {
    expect(findRedirect(rules, '/manhwa/', none)?.target).toBe('/type/manhwa');
    expect(findRedirect(rules, '/Manhwa', none)).toBeUndefined();
  });

  it('fills splats and placeholders', () => {
    expect(findRedirect(rules, '/old/a/b', none)?.target).toBe('/new/a/b');
    expect(findRedirect(rules, '/users/7/x', none)?.target).toBe('/profile/7');
    expect(findRedirect(rules, '/users/7/y', none)).toBeUndefined();
  });

  it('lets an existing file shadow unforced rules only', () => {
    const exists = () => true;
    expect(findRedirect(rules, '/series/12', exists)).toBeUndefined();
    expect(findRedirect(rules, '/series/99999', none)?.rule.status).toBe(200);
    expect(findRedirect(rules, '/type/MANHWA', exists)?.target).toBe('/type/manhwa');
  });

  it('rejects a malformed line', () => {
    expect(() => parseRedirects('/only-from')).toThrow(/line 1/);
  });

  it("the site's rules: a series' reviews go to the one review page, a series without a page to the fallback", () => {
    const site = parseRedirects(readFileSync('public/_redirects', 'utf8'));
    const built = (path: string) => path === '/series/9';
    expect(findRedirect(site, '/series/9/reviews', built)).toMatchObject({
      target: '/series/reviews',
      rule: { status: 200 },
    });
    expect(findRedirect(site, '/series/12345/reviews/', none)?.target).toBe('/series/reviews');
    expect(findRedirect(site, '/series/12345', none)?.target).toBe('/series/fallback');
    expect(findRedirect(site, '/series/9', built)).toBeUndefined();
  });
});
