import type { ExternalLink } from '../../lib/external-links';

/** A footer link; `external` ones open in a new tab. */
export interface FooterLink {
  href: string;
  label: string;
  external?: boolean;
}

const FOOTER_PAGES: FooterLink[] = [
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/how-rankings-work', label: 'How Rankings Work' },
  { href: '/report-issue', label: 'Report an Issue' },
  { href: '/issues', label: 'Issues' },
  { href: '/developers', label: 'Developers' },
];

/**
 * The external links of the main menu (the header on wide screens, the menu panel on small ones), in
 * order: the image-collection site, then the social page. One that is not configured is left out.
 */
export function menuExternalLinks(links: {
  imageSite: ExternalLink | null;
  social: ExternalLink | null;
}): ExternalLink[] {
  return [links.imageSite, links.social].filter((link): link is ExternalLink => link !== null);
}

/** The footer's links: the site's own pages, then the source repository when it is configured. */
export function footerLinks(sourceRepoUrl: string | null): FooterLink[] {
  return sourceRepoUrl
    ? [...FOOTER_PAGES, { href: sourceRepoUrl, label: 'Source code', external: true }]
    : FOOTER_PAGES;
}
