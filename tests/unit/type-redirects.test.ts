import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findRedirect, parseRedirects } from '../../scripts/lib/redirects';
import {
  appendTypePageRedirects,
  casings,
  typePageRedirects,
} from '../../src/features/navigation/type-redirects';

const none = () => false;

describe('type-page redirects', () => {
  it('spells a word in every casing once, lowercase first', () => {
    const spellings = casings('Manga');
    expect(spellings).toHaveLength(32);
    expect(new Set(spellings).size).toBe(32);
    expect(spellings[0]).toBe('manga');
    expect(spellings).toContain('MaNgA');
  });

  it('sends every other casing and every short form to the lowercase type page', () => {
    const rules = parseRedirects(typePageRedirects().join('\n'));
    // Short forms in 64 + 32 + 64 casings, /type/ forms in all but the lowercase one.
    expect(rules).toHaveLength(64 + 32 + 64 + 63 + 31 + 63);
    for (const path of [
      '/manhwa',
      '/MANHWA',
      '/Manga',
      '/mAnHuA',
      '/type/MANHWA',
      '/type/Manga',
      '/type/manhuA',
    ]) {
      const match = findRedirect(rules, path, none);
      expect(match?.target, path).toBe(`/type/${path.split('/').at(-1)!.toLowerCase()}`);
      expect(match?.rule.status).toBe(301);
    }
  });

  it('leaves the lowercase type pages alone, so no redirect loops', () => {
    const rules = parseRedirects(typePageRedirects().join('\n'));
    for (const path of ['/type/manhwa', '/type/manga', '/type/manhua']) {
      expect(findRedirect(rules, path, none)).toBeUndefined();
    }
  });

  describe('in the build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'panelrank-redirects-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('keeps the hand-written rules and appends the generated ones', async () => {
      const file = join(dir, '_redirects');
      writeFileSync(file, '/series/*  /series/fallback  200\n');
      const count = await appendTypePageRedirects(pathToFileURL(file));
      const rules = parseRedirects(readFileSync(file, 'utf8'));
      expect(rules).toHaveLength(1 + count);
      expect(findRedirect(rules, '/series/9', none)?.target).toBe('/series/fallback');
      expect(findRedirect(rules, '/MaNhWa', none)?.target).toBe('/type/manhwa');
    });
  });
});
