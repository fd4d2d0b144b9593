import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/*
 * Astro's static build encodes each page to bytes a piece at a time (src/lib/page-bytes.ts explains why).
 *
 * Astro renders a page with `renderStreamToString` (its runtime's `render/astro/render.js`): each chunk is
 * appended to one string, which `renderPage` then encodes. This plugin rewrites that function so that a
 * page's string goes to a PageBytes as it grows and the function returns the page's bytes, which
 * `renderPage` wraps in its Response as they are. Other renders to a string (not a page) are unchanged. The
 * build fails if Astro's code no longer has the lines it rewrites, so an upgrade that changes them is
 * noticed: check then whether Astro still builds one string per page.
 */
const ASTRO_RENDER = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]astro[\\/]render\.js$/;
const PAGE_BYTES = fileURLToPath(new URL('./page-bytes.ts', import.meta.url));

/** Each line Astro has, and what it becomes. */
const REWRITES: [string, string][] = [
  [
    'async function renderStreamToString(result, templateResult, isPage) {\n  let str = "";\n',
    'async function renderStreamToString(result, templateResult, isPage) {\n  let str = "";\n' +
      '  const pageBytes = isPage ? new PageBytes() : undefined;\n',
  ],
  [
    '      str += chunkToString(result, chunk);\n    }\n  };\n  await renderStreaming(templateResult, result, destination);\n  return str;\n',
    '      str += chunkToString(result, chunk);\n      if (pageBytes) str = pageBytes.take(str);\n    }\n  };\n' +
      '  await renderStreaming(templateResult, result, destination);\n  return pageBytes ? pageBytes.finish(str) : str;\n',
  ],
];

/** Rewrites Astro's `render.js` as above; leaves every other module alone. */
export function rewriteAstroRender(code: string, id: string): string | null {
  if (!ASTRO_RENDER.test(id.split('?')[0]!)) return null;
  let rewritten = code;
  for (const [line, replacement] of REWRITES) {
    if (rewritten.split(line).length !== 2) {
      throw new Error(
        `${id} no longer has the lines that build a page's string: check ${import.meta.url} against the new Astro`,
      );
    }
    rewritten = rewritten.replace(line, replacement);
  }
  return `import { PageBytes } from ${JSON.stringify(PAGE_BYTES)};\n${rewritten}`;
}

export function astroPageBytes(): Plugin {
  return {
    name: 'panelrank-astro-page-bytes',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const rewritten = rewriteAstroRender(code, id);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
