import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PIECE_UNITS, PageBytes } from '../../src/lib/page-bytes';
import { astroPageBytes, rewriteAstroRender } from '../../src/lib/astro-page-bytes';

/** Feeds `chunks` to a PageBytes as Astro's rewritten render does: gathered, taken after each chunk. */
function encodeInPieces(chunks: string[]): Uint8Array {
  const bytes = new PageBytes();
  let text = '';
  for (const chunk of chunks) text = bytes.take(text + chunk);
  return bytes.finish(text);
}

const whole = (chunks: string[]) => new TextEncoder().encode(chunks.join(''));

describe('a page encoded a piece at a time', () => {
  it('gives the bytes of the whole page, of one-byte and two-byte characters', () => {
    const chunks = Array.from({ length: 400 }, (_, index) =>
      index % 7 === 0
        ? `<p>Search series… 탑법 ${index}</p>`
        : `<div class="card">${'x'.repeat(index)}</div>`,
    );
    expect(Buffer.from(encodeInPieces(chunks)).equals(Buffer.from(whole(chunks)))).toBe(true);
  });

  it('keeps a surrogate pair whole when a piece would end between its halves', () => {
    // The first chunk passes PIECE_UNITS and ends in the first half of 😀 (U+1F600); the second starts with
    // its second half. Encoded apart, each half would be U+FFFD.
    const chunks = ['a'.repeat(PIECE_UNITS) + '\ud83d', '\ude00 after'];
    const bytes = encodeInPieces(chunks);
    expect(new TextDecoder().decode(bytes)).toBe(`${'a'.repeat(PIECE_UNITS)}😀 after`);
    expect(Buffer.from(bytes).equals(Buffer.from(whole(chunks)))).toBe(true);
  });

  it('encodes what has gathered once it reaches PIECE_UNITS characters, and waits before', () => {
    const bytes = new PageBytes();
    expect(bytes.take('short')).toBe('short');
    expect(bytes.take('é'.repeat(PIECE_UNITS))).toBe('');
    expect(new TextDecoder().decode(bytes.finish('end'))).toBe(`${'é'.repeat(PIECE_UNITS)}end`);
  });

  it('gives the bytes of random pages, split anywhere', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['a', '<', 'é', '–', '탑', '\ud83d\ude00', '\ud83d', '\ude00'];
    for (let page = 0; page < 20; page += 1) {
      const chunks = Array.from({ length: 50 + Math.floor(random() * 200) }, () =>
        Array.from(
          { length: Math.floor(random() * 900) },
          () => alphabet[Math.floor(random() * alphabet.length)],
        ).join(''),
      );
      expect(Buffer.from(encodeInPieces(chunks)).equals(Buffer.from(whole(chunks)))).toBe(true);
    }
  });

  it('gives an empty page no bytes', () => {
    expect(encodeInPieces([]).byteLength).toBe(0);
  });
});

describe("Astro's page rendering rewritten to encode in pieces", () => {
  const astroRender = join(
    dirname(createRequire(import.meta.url).resolve('astro/package.json')),
    'dist/runtime/server/render/astro/render.js',
  );

  it("rewrites the installed Astro's page string into a PageBytes, and other renders not", () => {
    const rewritten = rewriteAstroRender(readFileSync(astroRender, 'utf8'), astroRender);
    expect(rewritten).toMatch(/^import \{ PageBytes \} from ".*page-bytes\.ts";/);
    expect(rewritten).toContain('const pageBytes = isPage ? new PageBytes() : undefined;');
    expect(rewritten).toContain('if (pageBytes) str = pageBytes.take(str);');
    expect(rewritten).toContain('return pageBytes ? pageBytes.finish(str) : str;');
    // renderPage encodes only a string body: bytes go into its Response as they are.
    const page = readFileSync(join(dirname(astroRender), '..', 'page.js'), 'utf8');
    expect(page).toContain('if (!streaming && typeof body === "string") {');
  });

  it('leaves every other module alone, and only applies to builds', () => {
    expect(rewriteAstroRender('let str = "";', '/src/features/x.ts')).toBeNull();
    expect(astroPageBytes().apply).toBe('build');
  });

  it('fails the build when Astro no longer has the lines it rewrites', () => {
    expect(() => rewriteAstroRender('export {}', astroRender)).toThrow(/no longer has the lines/);
  });
});
