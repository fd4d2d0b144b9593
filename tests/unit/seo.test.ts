import { describe, expect, it } from 'vitest';
import { cleanPath, documentTitle, serializeJsonLd } from '../../src/lib/seo';

describe('documentTitle', () => {
  it('appends the site name once', () => {
    expect(documentTitle('About')).toBe('About | PanelRank');
    expect(documentTitle('PanelRank: rankings')).toBe('PanelRank: rankings');
    expect(documentTitle('  ')).toBe('PanelRank');
  });
});

describe('cleanPath', () => {
  it('drops .html, /index and trailing slashes', () => {
    expect(cleanPath('/about.html')).toBe('/about');
    expect(cleanPath('/about/')).toBe('/about');
    expect(cleanPath('/index.html')).toBe('/');
    expect(cleanPath('/type/manga/index.html')).toBe('/type/manga');
    expect(cleanPath('/')).toBe('/');
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element and still parses to the same data', () => {
    const data = { name: '</script><script>alert(1)</script>', note: 'a\u2028b' };
    const text = serializeJsonLd(data);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(data);
  });
});
