import { genreSlug } from '../../../contract/catalogue-values';

/*
 * Genre pages live at /genre/{slug} and /type/{type}/genre/{slug}, the slug in lowercase (genreSlug). A
 * genre name can have any number of casings and spellings ("Slice of Life", "SLICE-OF-LIFE"), too many for
 * one `_redirects` rule each (Netlify matches paths case-sensitively), so an address under these paths that
 * no built page answers is redirected here: to the canonical slug, type in lowercase, page 1 to the list
 * itself. Netlify runs it as a function that static pages shadow (netlify/functions/genre-redirect.mts); the
 * local site server calls it before its 404.
 */

const GENRE_PATH = /^(?:\/type\/([^/]+))?\/genre\/([^/]+)(?:\/page\/([^/]+))?\/?$/i;

/** Where an address of a genre page in another spelling belongs; undefined when it is not one or is already canonical. */
export function genrePageRedirect(pathname: string): string | undefined {
  const match = GENRE_PATH.exec(pathname);
  if (!match) return undefined;
  const [, type, rawSlug = '', rawPage] = match;
  let slug: string;
  try {
    slug = genreSlug(decodeURIComponent(rawSlug));
  } catch {
    return undefined;
  }
  if (!slug) return undefined;
  if (rawPage !== undefined && !/^\d+$/.test(rawPage)) return undefined;
  const page = rawPage === undefined ? 1 : Number(rawPage);
  if (page < 1) return undefined;
  const canonical = `${type ? `/type/${type.toLowerCase()}` : ''}/genre/${slug}${page > 1 ? `/page/${page}` : ''}`;
  return canonical === pathname ? undefined : canonical;
}
