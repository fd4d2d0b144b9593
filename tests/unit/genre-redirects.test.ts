import { describe, expect, it } from 'vitest';
import { genrePageRedirect } from '../../src/features/navigation/genre-redirects';
import genreRedirect from '../../netlify/functions/genre-redirect.mts';

describe('genre pages in another spelling', () => {
  it('redirect to the lowercase slug, type in lowercase, page 1 to the list', () => {
    expect(genrePageRedirect('/genre/Action')).toBe('/genre/action');
    expect(genrePageRedirect('/genre/Slice%20of%20Life')).toBe('/genre/slice-of-life');
    expect(genrePageRedirect('/genre/SLICE-OF-LIFE/page/3')).toBe('/genre/slice-of-life/page/3');
    expect(genrePageRedirect('/genre/action/page/1')).toBe('/genre/action');
    expect(genrePageRedirect('/type/MANHWA/genre/Action')).toBe('/type/manhwa/genre/action');
    expect(genrePageRedirect('/Type/Manga/Genre/Drama/Page/2')).toBe('/type/manga/genre/drama/page/2');
  });

  it('leave canonical addresses and other paths alone', () => {
    expect(genrePageRedirect('/genre/action')).toBeUndefined();
    expect(genrePageRedirect('/type/manhwa/genre/action/page/2')).toBeUndefined();
    expect(genrePageRedirect('/genre/action/page/two')).toBeUndefined();
    expect(genrePageRedirect('/genre/%E0%A4%A')).toBeUndefined();
    expect(genrePageRedirect('/genre/!!!')).toBeUndefined();
    expect(genrePageRedirect('/series/1')).toBeUndefined();
  });

  it('are answered by the deploy’s function with a 301 that keeps the query, else a 404', async () => {
    const moved = genreRedirect(new Request('https://site.test/genre/Action?sort=popular'));
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/genre/action?sort=popular');
    expect(genreRedirect(new Request('https://site.test/genre/action')).status).toBe(404);
  });
});
