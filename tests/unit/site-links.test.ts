import { describe, expect, it } from 'vitest';
import { configuredLink, isExampleDomain, siteLinkProblems } from '../../src/lib/external-links';
import { footerLinks, menuExternalLinks } from '../../src/features/navigation/nav-links';

describe('configured external links', () => {
  it('gives no link for an address that is not set or blank', () => {
    expect(configuredLink(undefined, undefined, 'GALLERY')).toBeNull();
    expect(configuredLink('  ', 'Pictures', 'GALLERY')).toBeNull();
  });

  it('gives the trimmed address with its label, or the default label', () => {
    expect(configuredLink(' https://pics.panelrank.net ', undefined, 'GALLERY')).toEqual({
      href: 'https://pics.panelrank.net',
      label: 'GALLERY',
    });
    expect(configuredLink('https://pics.panelrank.net', ' Pictures ', 'GALLERY')?.label).toBe('Pictures');
  });
});

describe('the site links rule', () => {
  const production = { production: true };

  it('accepts nothing configured, in production too', () => {
    expect(siteLinkProblems({}, production)).toEqual([]);
    expect(siteLinkProblems({ PUBLIC_SOCIAL_URL: '', PUBLIC_CONTACT_EMAIL: ' ' }, production)).toEqual([]);
  });

  it('accepts real addresses in production', () => {
    const env = {
      PUBLIC_IMAGE_SITE_URL: 'https://gallery.panelrank.net',
      PUBLIC_SOCIAL_URL: 'https://social.network/@panelrank',
      PUBLIC_SOURCE_REPO_URL: 'https://git.panelrank.net/panelrank',
      PUBLIC_CONTACT_EMAIL: 'team@panelrank.net',
    };
    expect(siteLinkProblems(env, production)).toEqual([]);
  });

  it('refuses example.com (and its subdomains) in production, naming the setting', () => {
    const problems = siteLinkProblems(
      {
        PUBLIC_IMAGE_SITE_URL: 'https://gallery.example.com',
        PUBLIC_SOCIAL_URL: 'https://EXAMPLE.com/panelrank',
        PUBLIC_SOURCE_REPO_URL: 'http://git.example.org/panelrank',
        PUBLIC_CONTACT_EMAIL: 'contact@panelrank.example',
      },
      production,
    );
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^PUBLIC_IMAGE_SITE_URL=https:\/\/gallery\.example\.com: .*production/);
    expect(problems[1]).toMatch(/^PUBLIC_SOCIAL_URL=/);
    expect(problems[2]).toMatch(/^PUBLIC_SOURCE_REPO_URL=/);
    expect(problems[3]).toMatch(/^PUBLIC_CONTACT_EMAIL=contact@panelrank\.example: /);
    for (const problem of problems) expect(problem).toMatch(/leave it unset to hide/);
  });

  it('lets a development build use placeholders', () => {
    const env = { PUBLIC_SOCIAL_URL: 'https://social.example.com/panelrank' };
    expect(siteLinkProblems(env, { production: false })).toEqual([]);
  });

  it('refuses what is not a web or e-mail address, in any build', () => {
    const problems = siteLinkProblems(
      {
        PUBLIC_SOCIAL_URL: 'social.panelrank.net',
        PUBLIC_SOURCE_REPO_URL: 'javascript:alert(1)',
        PUBLIC_CONTACT_EMAIL: 'not an address',
      },
      { production: false },
    );
    expect(problems).toEqual([
      'PUBLIC_SOCIAL_URL=social.panelrank.net: must be an http(s) address, or unset to hide the link.',
      'PUBLIC_SOURCE_REPO_URL=javascript:alert(1): must be an http(s) address, or unset to hide the link.',
      'PUBLIC_CONTACT_EMAIL=not an address: must be an e-mail address, or unset to hide it.',
    ]);
  });

  it('knows the documentation names and nothing else', () => {
    for (const name of ['example.com', 'a.b.example.net', 'example.org.', 'panelrank.example']) {
      expect(isExampleDomain(name)).toBe(true);
    }
    for (const name of ['myexample.com', 'example.co', 'examples.org', 'example.com.panelrank.net']) {
      expect(isExampleDomain(name)).toBe(false);
    }
  });
});

describe("the navigation's link lists", () => {
  const gallery = { href: 'https://gallery.panelrank.net', label: 'GALLERY' };
  const social = { href: 'https://social.network/@panelrank', label: 'SOCIAL' };

  it('shows no external menu link when none is configured', () => {
    expect(menuExternalLinks({ imageSite: null, social: null })).toEqual([]);
  });

  it('shows the configured ones in order, and only those', () => {
    expect(menuExternalLinks({ imageSite: gallery, social })).toEqual([gallery, social]);
    expect(menuExternalLinks({ imageSite: null, social })).toEqual([social]);
    expect(menuExternalLinks({ imageSite: gallery, social: null })).toEqual([gallery]);
  });

  it('links the source code from the footer only when its address is configured', () => {
    const pages = ['/about', '/contact', '/how-rankings-work', '/report-issue', '/issues', '/developers'];
    expect(footerLinks(null).map((link) => link.href)).toEqual(pages);
    expect(footerLinks('https://git.panelrank.net/panelrank').at(-1)).toEqual({
      href: 'https://git.panelrank.net/panelrank',
      label: 'Source code',
      external: true,
    });
  });
});
