import { configured, configuredLink, type ExternalLink } from './external-links';

/**
 * Site configuration, read from the environment at build time. The external links, the contact address and
 * the source repository belong to whoever deploys the site: each is shown only once it is set
 * (external-links.ts), and a production build refuses a placeholder address (astro.config.mjs). PUBLIC_*
 * values are also inlined into client scripts and islands.
 */

function fromEnv(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export { SITE_NAME } from './site-name';

export const SITE_DESCRIPTION =
  'Community rankings for manhwa, manga and manhua: readers score every series in five categories, ' +
  'and the averages decide the ranking.';

/** The public origin of the site, without a trailing slash. `astro.config.mjs` reads SITE_URL into `site`. */
export const SITE_URL: string = withoutTrailingSlash(
  fromEnv(import.meta.env.SITE ?? import.meta.env.SITE_URL, 'http://localhost:4321'),
);

export const API_URL: string = withoutTrailingSlash(
  fromEnv(import.meta.env.PUBLIC_API_URL, 'http://localhost:8787'),
);

export type { ExternalLink } from './external-links';

/**
 * The external image-collection site linked from the header and the mobile menu; null (no link) until
 * PUBLIC_IMAGE_SITE_URL is set.
 */
export const IMAGE_SITE: ExternalLink | null = configuredLink(
  import.meta.env.PUBLIC_IMAGE_SITE_URL,
  import.meta.env.PUBLIC_IMAGE_SITE_LABEL,
  'GALLERY',
);

/** The product's social-media page, linked from the header and the contact page; null until set. */
export const SOCIAL: ExternalLink | null = configuredLink(
  import.meta.env.PUBLIC_SOCIAL_URL,
  import.meta.env.PUBLIC_SOCIAL_LABEL,
  'SOCIAL',
);

/** The contact address shown on the contact page; null (not shown) until set. */
export const CONTACT_EMAIL: string | null = configured(import.meta.env.PUBLIC_CONTACT_EMAIL);

/** The source repository linked from the footer; null (no link) until set. */
export const SOURCE_REPO_URL: string | null = configured(import.meta.env.PUBLIC_SOURCE_REPO_URL);

/** An absolute URL on this site for a path such as "/series/12". Absolute URLs pass through. */
export function absoluteUrl(path: string): string {
  return new URL(path, `${SITE_URL}/`).href;
}
