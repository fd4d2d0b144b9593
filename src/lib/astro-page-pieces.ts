import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/*
 * Astro's static build without page-sized strings: each page encoded to bytes a piece at a time
 * (src/lib/page-bytes.ts says why), and each island's id hashed natively from its parts (src/lib/island-id.ts).
 *
 * This plugin rewrites two modules of Astro's runtime:
 * - `render/astro/render.js`, `renderStreamToString`: a page's chunks go to a PageBytes as they come, and the
 *   function returns the page's bytes, which `renderPage` wraps in its Response as they are. Renders to a
 *   string that are not a page are unchanged.
 * - `render/component.js`, `renderFrameworkComponent`: the island's id is hashed from its parts, and the
 *   island is written as its opening tag, its HTML and its closing tag rather than as one string of them.
 * The output is what Astro writes but for each island's id (another hash of the same text). The build fails
 * if Astro's code no longer has the lines it rewrites, so an upgrade that changes them is noticed: check then
 * whether Astro still builds these strings.
 */
const RUNTIME = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]/;
const here = (file: string) => JSON.stringify(fileURLToPath(new URL(file, import.meta.url)));

interface Rewrite {
  /** The module, under Astro's `runtime/server/render/`. */
  module: string;
  /** What the rewritten module imports. */
  imports: string;
  /** Each passage Astro has, and what it becomes. */
  passages: [string, string][];
}

const REWRITES: Rewrite[] = [
  {
    module: 'astro/render.js',
    imports: `import { PageBytes } from ${here('./page-bytes.ts')};`,
    passages: [
      [
        'async function renderStreamToString(result, templateResult, isPage) {\n  let str = "";\n',
        'async function renderStreamToString(result, templateResult, isPage) {\n  let str = "";\n' +
          '  const pageBytes = isPage ? new PageBytes() : undefined;\n',
      ],
      [
        '      str += chunkToString(result, chunk);\n    }\n  };\n' +
          '  await renderStreaming(templateResult, result, destination);\n  return str;\n',
        '      if (pageBytes) str = pageBytes.take(str, chunkToString(result, chunk));\n' +
          '      else str += chunkToString(result, chunk);\n    }\n  };\n' +
          '  await renderStreaming(templateResult, result, destination);\n' +
          '  return pageBytes ? pageBytes.finish(str) : str;\n',
      ],
    ],
  },
  {
    module: 'component.js',
    imports: `import { islandId } from ${here('./island-id.ts')};`,
    passages: [
      [
        '  const astroId = shorthash(\n    `<!--${metadata.componentExport.value}:${metadata.componentUrl}-->\n' +
          '${html}\n${serializeProps(\n      props,\n      metadata\n    )}`\n  );\n',
        '  const astroId = islandId(\n    `<!--${metadata.componentExport.value}:${metadata.componentUrl}-->\n`,\n' +
          '    `${html}`,\n    "\\n",\n    serializeProps(props, metadata)\n  );\n',
      ],
      [
        '      const renderedElement = renderElement("astro-island", island, false);\n' +
          '      destination.write(markHTMLString(renderedElement));\n',
        '      const emptyIsland = renderElement("astro-island", { ...island, children: "" }, false);\n' +
          '      destination.write(markHTMLString(emptyIsland.slice(0, -"</astro-island>".length)));\n' +
          '      destination.write(markHTMLString(`${island.children ?? ""}`));\n' +
          '      destination.write(markHTMLString("</astro-island>"));\n',
      ],
    ],
  },
];

/** Rewrites the two modules as above; leaves every other module alone. */
export function rewriteAstroRuntime(code: string, id: string): string | null {
  const path = id.split('?')[0]!.replaceAll('\\', '/');
  const rewrite = REWRITES.find(({ module }) => RUNTIME.test(path) && path.endsWith(`/render/${module}`));
  if (!rewrite) return null;
  let rewritten = code;
  for (const [passage, replacement] of rewrite.passages) {
    if (rewritten.split(passage).length !== 2) {
      throw new Error(
        `${id} no longer has the code that builds a page-sized string: check ${import.meta.url} against the new Astro`,
      );
    }
    rewritten = rewritten.replace(passage, () => replacement);
  }
  return `${rewrite.imports}\n${rewritten}`;
}

export function astroPagePieces(): Plugin {
  return {
    name: 'panelrank-astro-page-pieces',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const rewritten = rewriteAstroRuntime(code, id);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  };
}
