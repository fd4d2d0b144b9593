import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PIECE_UNITS, PageBytes } from '../../src/lib/page-bytes';
import { islandId } from '../../src/lib/island-id';
import { astroPagePieces, rewriteAstroRuntime } from '../../src/lib/astro-page-pieces';
import { renderElement } from 'astro/runtime/server/render/util.js';

/** Feeds `chunks` to a PageBytes as Astro's rewritten render does: gathered, taken after each chunk. */
function encodeInPieces(chunks: string[]): Uint8Array {
  const bytes = new PageBytes();
  let text = '';
  for (const chunk of chunks) text = bytes.take(text, chunk);
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

  it('gives the bytes of the whole page when a chunk longer than a piece comes after gathered text', () => {
    const chunks = [
      '<p>탑법</p>',
      '<astro-island>',
      `${'카드 '.repeat(PIECE_UNITS)}\ud83d`,
      '\ude00',
      '</astro-island>',
    ];
    expect(Buffer.from(encodeInPieces(chunks)).equals(Buffer.from(whole(chunks)))).toBe(true);
  });

  it('encodes what has gathered once it reaches PIECE_UNITS characters, and waits before', () => {
    const bytes = new PageBytes();
    expect(bytes.take('', 'short')).toBe('short');
    expect(bytes.take('short', 'é'.repeat(PIECE_UNITS))).toBe('');
    expect(new TextDecoder().decode(bytes.finish('end'))).toBe(`short${'é'.repeat(PIECE_UNITS)}end`);
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

describe("an island's id from its parts", () => {
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const alphabet = ['a', 'Z', '<', '"', 'é', '–', '탑', '\ud83d\ude00', '\n'];
  const text = (length: number) =>
    Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  const component = '<!--default:/src/features/catalogue/RankingList.tsx-->\n';

  it('is the same for the same island, however its text was put together', () => {
    const html = text(70_000);
    const props = text(20_000);
    const id = islandId(component, html, '\n', props);
    expect(islandId(component, `${html.slice(0, 35_000)}${html.slice(35_000)}`, '\n', props)).toBe(id);
    expect(islandId(`${component}${html}`, `\n${props}`)).toBe(id);
    expect(id).toMatch(/^[\w-]{11}$/);
  });

  it('differs when the HTML, the props or the component differ', () => {
    const html = text(5_000);
    const props = text(1_000);
    const ids = new Set([
      islandId(component, html, '\n', props),
      islandId(component, `${html}x`, '\n', props),
      islandId(component, html, '\n', `${props}x`),
      islandId('<!--default:/src/features/catalogue/SignedInListTools.tsx-->\n', html, '\n', props),
      islandId('', '', ''),
    ]);
    expect(ids.size).toBe(5);
  });
});

describe("Astro's runtime rewritten to build pages without page-sized strings", () => {
  const renderFolder = join(
    dirname(createRequire(import.meta.url).resolve('astro/package.json')),
    'dist/runtime/server/render',
  );
  const astroRender = join(renderFolder, 'astro/render.js');
  const astroComponent = join(renderFolder, 'component.js');

  it("gathers the installed Astro's page string into a PageBytes, and other renders not", () => {
    const rewritten = rewriteAstroRuntime(readFileSync(astroRender, 'utf8'), astroRender);
    expect(rewritten).toMatch(/^import \{ PageBytes \} from ".*page-bytes\.ts";/);
    expect(rewritten).toContain('const pageBytes = isPage ? new PageBytes() : undefined;');
    expect(rewritten).toContain('if (pageBytes) str = pageBytes.take(str, chunkToString(result, chunk));');
    expect(rewritten).toContain('else str += chunkToString(result, chunk);');
    expect(rewritten).toContain('return pageBytes ? pageBytes.finish(str) : str;');
    // renderPage encodes only a string body: bytes go into its Response as they are.
    expect(readFileSync(join(renderFolder, 'page.js'), 'utf8')).toContain(
      'if (!streaming && typeof body === "string") {',
    );
  });

  it("hashes the installed Astro's island id from its parts and writes the island in three", () => {
    const rewritten = rewriteAstroRuntime(readFileSync(astroComponent, 'utf8'), astroComponent)!;
    expect(rewritten).toMatch(/^import \{ islandId \} from ".*island-id\.ts";/);
    expect(rewritten).toContain('const astroId = islandId(');
    expect(rewritten).not.toContain('const astroId = shorthash(');
    expect(rewritten).toContain('renderElement("astro-island", { ...island, children: "" }, false)');
    expect(rewritten).not.toContain('renderElement("astro-island", island, false)');
  });

  it('writes an island as the element Astro makes, in three pieces', () => {
    const island = { props: { uid: 'Z1x', props: '{"a":[0,"탑"]}', ssr: '' }, children: '<p>카드</p>' };
    const empty = renderElement('astro-island', { ...island, children: '' }, false);
    expect(`${empty.slice(0, -'</astro-island>'.length)}${island.children}</astro-island>`).toBe(
      renderElement('astro-island', island, false),
    );
  });

  it('leaves every other module alone, and only applies to builds', () => {
    expect(rewriteAstroRuntime('let str = "";', '/src/features/x.ts')).toBeNull();
    expect(rewriteAstroRuntime('let str = "";', join(renderFolder, 'page.js'))).toBeNull();
    expect(astroPagePieces().apply).toBe('build');
  });

  it('fails the build when Astro no longer has the code it rewrites', () => {
    expect(() => rewriteAstroRuntime('export {}', astroRender)).toThrow(/no longer has the code/);
    expect(() => rewriteAstroRuntime('export {}', astroComponent)).toThrow(/no longer has the code/);
  });
});
