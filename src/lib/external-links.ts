/**
 * The addresses outside the site that a deployment configures: the image-collection site and the social
 * page (header and mobile menu), the source repository (footer), the contact address (contact page). Each
 * is shown only when it is set; nothing stands in for it, so no default leads nowhere. Pure, so that the
 * build's configuration check (astro.config.mjs) and the pages read them the same way.
 */

export interface ExternalLink {
  href: string;
  label: string;
}

/** The settings holding a web address, and the one holding an e-mail address. */
export const LINK_SETTINGS = [
  'PUBLIC_IMAGE_SITE_URL',
  'PUBLIC_SOCIAL_URL',
  'PUBLIC_SOURCE_REPO_URL',
] as const;
export const EMAIL_SETTING = 'PUBLIC_CONTACT_EMAIL';

export type SiteLinkEnv = Partial<Record<string, string | undefined>>;

/** The trimmed value, or null when unset or blank. */
export function configured(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** A link when its address is set, with its label (or the default label); null hides it. */
export function configuredLink(
  href: string | undefined,
  label: string | undefined,
  defaultLabel: string,
): ExternalLink | null {
  const address = configured(href);
  return address ? { href: address, label: configured(label) ?? defaultLabel } : null;
}

/**
 * True for the names kept for documentation (RFC 2606): example.com, example.net, example.org and the
 * .example top-level domain, with everything under them. Such an address never leads anywhere.
 */
export function isExampleDomain(domain: string): boolean {
  const name = domain.toLowerCase().replace(/\.$/, '');
  return /(^|\.)example\.(com|net|org)$/.test(name) || /(^|\.)example$/.test(name);
}

function webAddressProblem(name: string, value: string, production: boolean): string | undefined {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    return `${name}=${value}: must be an http(s) address, or unset to hide the link.`;
  }
  if (production && isExampleDomain(url.hostname)) {
    return (
      `${name}=${value}: ${url.hostname} is a placeholder that leads nowhere, refused in a production ` +
      'build; set the real address, or leave it unset to hide the link.'
    );
  }
  return undefined;
}

function emailProblem(name: string, value: string, production: boolean): string | undefined {
  const domain = /^[^\s@]+@([^\s@]+\.[^\s@]+)$/.exec(value)?.[1];
  if (!domain) return `${name}=${value}: must be an e-mail address, or unset to hide it.`;
  if (production && isExampleDomain(domain)) {
    return (
      `${name}=${value}: ${domain} is a placeholder that receives no mail, refused in a production build; ` +
      'set the real address, or leave it unset to hide it.'
    );
  }
  return undefined;
}

/**
 * What is wrong with the configured addresses: not an http(s) address (not an e-mail address for the
 * contact), or, in a production build, a documentation placeholder such as social.example.com.
 */
export function siteLinkProblems(env: SiteLinkEnv, { production }: { production: boolean }): string[] {
  const problems: (string | undefined)[] = [];
  for (const name of LINK_SETTINGS) {
    const value = configured(env[name]);
    if (value) problems.push(webAddressProblem(name, value, production));
  }
  const email = configured(env[EMAIL_SETTING]);
  if (email) problems.push(emailProblem(EMAIL_SETTING, email, production));
  return problems.filter((problem): problem is string => problem !== undefined);
}
