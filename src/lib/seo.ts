import { SITE_NAME } from './site-name';

/** The document title: the page title followed by " | PanelRank", unless it already names the site. */
export function documentTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) return SITE_NAME;
  return trimmed.includes(SITE_NAME) ? trimmed : `${trimmed} | ${SITE_NAME}`;
}

/**
 * The clean form of a page path: no `.html` (the build writes `about.html`), no `/index`, no trailing
 * slash except for the root.
 */
export function cleanPath(pathname: string): string {
  let path = pathname.replace(/\.html$/i, '').replace(/\/index$/i, '/');
  if (!path.startsWith('/')) path = `/${path}`;
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/**
 * JSON-LD for a `<script type="application/ld+json">`. Escaping `<` keeps a value such as
 * "</script>" from ending the element early; the JSON stays equivalent.
 */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A BreadcrumbList for JSON-LD: the trail from home to the page, each step an absolute URL. */
export function breadcrumbJsonLd(trail: Array<{ name: string; url: string }>): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}
