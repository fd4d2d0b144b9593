import type { Config } from '@netlify/functions';
import { genrePageRedirect } from '../../src/features/navigation/genre-redirects';

/**
 * Genre pages in another spelling (`/genre/Slice%20of%20Life`, `/type/MANHWA/genre/Action`, `…/page/1`):
 * a permanent redirect to the lowercase slug (src/features/navigation/genre-redirects.ts). The built pages
 * shadow this function, so it only answers addresses no page has.
 */
export default function genreRedirect(request: Request): Response {
  const url = new URL(request.url);
  const target = genrePageRedirect(url.pathname);
  if (!target) return new Response('Not found', { status: 404 });
  return new Response(null, { status: 301, headers: { Location: `${target}${url.search}` } });
}

// Netlify reads this config without running the module: the paths are written out here.
export const config: Config = { path: ['/genre/*', '/type/*/genre/*'], preferStatic: true };
