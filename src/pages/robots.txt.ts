import type { APIRoute } from 'astro';
import { SITE_URL } from '../lib/site-config';

/** robots.txt, pointing crawlers at the sitemap index that @astrojs/sitemap writes. */
export const GET: APIRoute = () =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      // Client-rendered stand-ins with no content of their own.
      'Disallow: /series/fallback',
      // The admins' pages: signed-in tools with nothing to index.
      'Disallow: /admin/',
      '',
      `Sitemap: ${SITE_URL}/sitemap-index.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
