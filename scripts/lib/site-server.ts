import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, normalize } from 'node:path';
import sirv from 'sirv';
import { findRedirect, parseRedirects } from './redirects';

export interface SiteServerOptions {
  distDir: string;
  port: number;
  host?: string;
}

/**
 * Serves the built site the way Netlify does: static files first, then the rules of dist/_redirects
 * (copied from public/_redirects), then 404.html. Hashed assets are cached for a year, HTML is revalidated.
 */
export async function startSiteServer({
  distDir,
  port,
  host = '127.0.0.1',
}: SiteServerOptions): Promise<Server> {
  const redirectsFile = join(distDir, '_redirects');
  const rules = existsSync(redirectsFile) ? parseRedirects(readFileSync(redirectsFile, 'utf8')) : [];
  const notFoundPage = join(distDir, '404.html');

  const fileFor = (pathname: string): string | undefined => {
    const base = normalize(join(distDir, pathname));
    if (!base.startsWith(normalize(distDir))) return undefined;
    for (const candidate of [base, join(base, 'index.html'), `${base.replace(/\/+$/, '')}.html`]) {
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // not this candidate
      }
    }
    return undefined;
  };

  const serveStatic = sirv(distDir, {
    extensions: ['html'],
    etag: true,
    setHeaders(response, pathname) {
      response.setHeader(
        'Cache-Control',
        pathname.startsWith('/_astro/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      );
    },
  });

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site.local');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      response.writeHead(400).end('Bad request');
      return;
    }
    const match = findRedirect(rules, pathname, (path) => fileFor(path) !== undefined);
    if (match && match.rule.status >= 300 && match.rule.status < 400) {
      const location = match.target + (match.target.includes('?') ? '' : url.search);
      response.writeHead(match.rule.status, { Location: location, 'Cache-Control': 'public, max-age=0' });
      response.end();
      return;
    }
    if (match) {
      const target = new URL(match.target, 'http://site.local');
      if (match.rule.status === 200) {
        request.url = target.pathname + url.search;
      } else {
        const file = fileFor(target.pathname);
        response.writeHead(match.rule.status, { 'Content-Type': 'text/html; charset=utf-8' });
        response.end(file ? readFileSync(file) : '');
        return;
      }
    }
    serveStatic(request, response, () => {
      response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      response.end(existsSync(notFoundPage) ? readFileSync(notFoundPage) : 'Not found');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
