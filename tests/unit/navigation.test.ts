import { describe, expect, it } from 'vitest';
import { searchHref } from '../../src/features/navigation/search-href';
import { TYPE_LINKS, typeFromPath } from '../../src/features/navigation/series-types';

describe('typeFromPath', () => {
  it('gives ALL for the home page and unknown paths', () => {
    for (const path of [
      '/',
      '',
      '/about',
      '/series/12',
      '/type',
      '/type/webtoon',
      '/type/manga/extra',
      '/forum/3',
    ]) {
      expect(typeFromPath(path)).toBe('ALL');
    }
  });

  it('reads /type/{type} in any casing', () => {
    expect(typeFromPath('/type/manhwa')).toBe('MANHWA');
    expect(typeFromPath('/type/MANGA')).toBe('MANGA');
    expect(typeFromPath('/TYPE/MaNhUa/')).toBe('MANHUA');
  });

  it('reads the short form and built file names', () => {
    expect(typeFromPath('/MANHWA')).toBe('MANHWA');
    expect(typeFromPath('/type/manga.html')).toBe('MANGA');
  });

  it('survives malformed escapes', () => {
    expect(typeFromPath('/type/%E0%A4%A')).toBe('ALL');
  });

  it('links each type to its lowercase page', () => {
    expect(TYPE_LINKS.map((link) => link.href)).toEqual(['/', '/type/manhwa', '/type/manga', '/type/manhua']);
  });
});

describe('searchHref', () => {
  it('ignores a blank term', () => {
    expect(searchHref('')).toBeNull();
    expect(searchHref('  \t\n ')).toBeNull();
  });

  it('encodes the trimmed term', () => {
    expect(searchHref('  solo & leveling ')).toBe('/?search=solo%20%26%20leveling');
    expect(searchHref('나 혼자')).toBe(`/?search=${encodeURIComponent('나 혼자')}`);
  });
});
