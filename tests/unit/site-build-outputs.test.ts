import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPhases, pageKind } from '../../scripts/bench/build-phases';
import { precompressSite } from '../../scripts/lib/precompress';
import { linkUnchangedFiles } from '../../scripts/lib/unchanged-files';
import {
  keptFiles,
  manifest,
  MANIFEST_FILE,
  type BuildManifest,
} from '../../src/features/incremental-build/build-manifest';

const readManifestFile = (dir: string) =>
  JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as BuildManifest;

const scratch: string[] = [];
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'panelrank-outputs-'));
  scratch.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a rebuild keeps unchanged files untouched', () => {
  const page = (text: string) => `<!doctype html><p>${text.repeat(2000)}</p>`;

  it("links each byte-identical file to the previous build's and leaves changed ones alone", async () => {
    const previous = folder({ 'series/1.html': page('a'), 'series/2.html': page('b'), 'gone.html': 'x' });
    const next = folder({ 'series/1.html': page('a'), 'series/2.html': page('c'), 'new.html': 'y' });
    const { unchanged } = await linkUnchangedFiles(previous, next);
    expect([...unchanged]).toEqual(['series/1.html']);
    expect(statSync(join(next, 'series/1.html')).ino).toBe(statSync(join(previous, 'series/1.html')).ino);
    expect(statSync(join(next, 'series/2.html')).ino).not.toBe(statSync(join(previous, 'series/2.html')).ino);
    expect(readFileSync(join(next, 'series/2.html'), 'utf8')).toBe(page('c'));
  });

  it('takes the files a build linked itself from the two manifests, only when it was built against that output', async () => {
    const previous = folder({ 'series/1.html': page('a'), 'series/2.html': page('b') });
    const next = folder({
      'series/2.html': page('b'),
      'series/3.html': page('c'),
      'series/4.html': page('d'),
    });
    linkSync(join(previous, 'series/1.html'), join(next, 'series/1.html'));
    const pages = { '/series/1': 'one', '/series/2': 'two', '/series/4': 'four' };
    const writeManifestOf = (dir: string, prints: Record<string, string>, restored: string[] = []) =>
      writeFileSync(
        join(dir, MANIFEST_FILE),
        JSON.stringify(manifest('code', new Map(Object.entries(prints)), restored)),
      );
    writeManifestOf(previous, pages);
    // Page 2's inputs changed (it came out the same); page 4's did not, but the previous output had lost it.
    writeManifestOf(next, { ...pages, '/series/2': 'two, again', '/series/3': 'three' }, ['/series/4']);
    expect(keptFiles(readManifestFile(previous), readManifestFile(next))).toEqual(['series/1.html']);
    expect([...(await linkUnchangedFiles(previous, next)).unchanged].sort()).toEqual([
      'series/1.html',
      'series/2.html',
    ]);
    // Manifests that say a file was kept where it is not the output's own (built against another) are not
    // taken at their word.
    const other = folder({ 'series/1.html': page('a'), 'series/2.html': page('b') });
    writeManifestOf(other, pages);
    rmSync(join(next, 'series/1.html'));
    writeFileSync(join(next, 'series/1.html'), page('z'));
    expect([...(await linkUnchangedFiles(other, next)).unchanged]).toEqual(['series/2.html']);
  });

  it('keeps nothing by the manifests of builds of other code', () => {
    const pages = new Map([['/series/1', 'one']]);
    expect(keptFiles(manifest('code', pages, []), manifest('other code', pages, []))).toEqual([]);
    expect(keptFiles(manifest('code', pages, []), manifest('code', pages, []))).toEqual(['series/1.html']);
  });

  it("links the previous build's compressed copies of unchanged files instead of compressing again", async () => {
    const previous = folder({ 'a.html': page('a'), 'b.html': page('b') });
    await precompressSite(previous);
    const next = folder({ 'a.html': page('a'), 'b.html': page('z') });
    const { unchanged } = await linkUnchangedFiles(previous, next);
    const result = await precompressSite(next, { previous, unchanged });
    expect(result).toMatchObject({ files: 1, linked: 1 });
    expect(statSync(join(next, 'a.html.br')).ino).toBe(statSync(join(previous, 'a.html.br')).ino);
    expect(statSync(join(next, 'b.html.br')).ino).not.toBe(statSync(join(previous, 'b.html.br')).ino);
  });
});

describe('build benchmark phases', () => {
  it('tells the kinds of files apart', () => {
    expect(pageKind('/series/12.html')).toBe('series');
    expect(pageKind('/index.html')).toBe('ranking');
    expect(pageKind('/type/manga/page/3.html')).toBe('ranking');
    expect(pageKind('/genre/slice-of-life.html')).toBe('browse');
    expect(pageKind('/type/manhwa/genre/action/page/2.html')).toBe('browse');
    expect(pageKind('/popular.html')).toBe('browse');
    expect(pageKind('/trending/page/4.html')).toBe('browse');
    expect(pageKind('/forum/7.html')).toBe('forum');
    expect(pageKind('/social/lists.jpg')).toBe('card');
    expect(pageKind('/series/fallback.html')).toBe('other');
  });

  it("splits Astro's output into the catalogue read, the routes' preparation and rendering, and the end", () => {
    const { phases, firstPageMs, files } = buildPhases(
      [
        { at: 50, text: '[catalogue] Reading the catalogue …' },
        { at: 100, text: '[content] Syncing content' },
        { at: 900, text: '[content] Synced content' },
        { at: 2000, text: ' generating static routes ' },
        { at: 2200, text: '[catalogue] Catalogue ready: 3 series in 2.2 s' },
        { at: 2400, text: '[catalogue] Indexes ready in 0.1 s' },
        { at: 2500, text: '  ├─ /about.html14:02:16   ├─ /account.html (+3ms)' },
        { at: 6000, text: '  ├─ /series/1.html (+4ms)  ├─ /series/2.html (+4ms)' },
        { at: 7000, text: '  └─ /series/3.html (+4ms)' },
        { at: 7100, text: '  ├─ /index.html (+4ms)' },
      ],
      8000,
    );
    const ms = Object.fromEntries(phases.map((phase) => [phase.name, phase.ms]));
    expect(ms['content sync (forum)']).toBe(800);
    expect(ms['reading the catalogue (API, beside sync and bundling)']).toBe(2150);
    expect(ms['bundling']).toBe(1100);
    // From the routes' start to the first file, less the catalogue still arriving and its indexes.
    expect(ms['preparing routes (getStaticPaths)']).toBe(500 - 200 - 100);
    expect(ms['rendering: series pages']).toBe(1000);
    expect(ms['pauses between routes']).toBe(3500 + 100);
    expect(ms['writing (redirects, sitemap) to the end']).toBe(900);
    expect(firstPageMs).toBe(2500);
    expect(files).toMatchObject({ series: 3, ranking: 1, other: 2 });
  });

  it('reports one rendering phase, first file to last, when render workers interleave the kinds', () => {
    const lines = Array.from({ length: 40 }, (_, index) => ({
      at: 1000 + index * 10,
      text: index % 2 === 0 ? `  ├─ /series/${index}.html (+4ms)` : `  ├─ /page/${index}.html (+4ms)`,
    }));
    const { phases } = buildPhases(lines, 2000);
    const names = phases.map((phase) => phase.name);
    expect(names).toContain('rendering, kinds interleaved: 20 series pages, 20 ranking pages');
    expect(phases.find((phase) => phase.name.startsWith('rendering, kinds'))?.ms).toBe(390);
    expect(names.some((name) => name.startsWith('rendering: ') || name === 'pauses between routes')).toBe(
      false,
    );
  });
});
