import { appendFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { SERIES_TYPES } from './series-types';

/*
 * Type pages live at /type/{type} in lowercase. Every other casing, and the short forms /{type} in any
 * casing, redirect there permanently. Netlify matches redirect paths case-sensitively ("Paths are
 * case-sensitive", docs.netlify.com/routing/redirects), so each casing needs a rule of its own: the build
 * writes them into dist/_redirects after the hand-written rules of public/_redirects.
 */

/** Every spelling of `word` in upper- and lowercase letters, the lowercase one first. */
export function casings(word: string): string[] {
  let spellings = [''];
  for (const letter of word.toLowerCase()) {
    const upper = letter.toUpperCase();
    spellings = spellings.flatMap((start) =>
      upper === letter ? [start + letter] : [start + letter, start + upper],
    );
  }
  return spellings;
}

/** The `_redirects` rules of the type pages, one a line. */
export function typePageRedirects(types: readonly string[] = SERIES_TYPES): string[] {
  return types.flatMap((type) => {
    const canonical = `/type/${type.toLowerCase()}`;
    const [lowercase, ...others] = casings(type);
    return [
      ...[lowercase, ...others].map((spelling) => `/${spelling}  ${canonical}  301`),
      ...others.map((spelling) => `/type/${spelling}  ${canonical}  301`),
    ];
  });
}

/** Appends the type pages' rules to the built `_redirects` (Astro copies it from public/ first). */
export async function appendTypePageRedirects(redirectsFile: URL): Promise<number> {
  const rules = typePageRedirects();
  await appendFile(
    redirectsFile,
    `\n# Type pages in every other casing, written by the build (src/features/navigation/type-redirects.ts).\n${rules.join('\n')}\n`,
  );
  return rules.length;
}

export function typePageRedirectsIntegration(): AstroIntegration {
  return {
    name: 'panelrank-type-page-redirects',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const count = await appendTypePageRedirects(new URL('_redirects', dir));
        logger.info(`${count} type-page redirects added to _redirects.`);
      },
    },
  };
}
