import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { join, normalize } from 'node:path';
import sirv from 'sirv';
import { headersFor, loadHeaderRules, type HeaderRule } from './netlify-headers';
import { projectRoot } from './processes';
import { genrePageRedirect } from '../../src/features/navigation/genre-redirects';
import { findRedirect, parseRedirects, type RedirectRule } from './redirects';
import {
  ON_DEMAND_CARD_PATH,
  onDemandCardEnv,
  onDemandCardResponse,
  type OnDemandCardEnv,
} from '../../src/features/social/on-demand-card';

export interface SiteServerOptions {
  /** The built site: a folder, or a link to the current build that rebuilds swap (site-builds.ts). */
  distDir: string;
  port: number;
  host?: string;
  /** Where the `[[headers]]` rules come from; the deploy's own netlify.toml by default. */
  netlifyToml?: string;
  /**
   * The API the social-card function reads (netlify/functions/social-card.mts, run here as Netlify runs
   * it); from PUBLIC_API_URL / BUILD_API_URL / CARD_CACHE_DIR of this process by default.
   */
  socialCards?: OnDemandCardEnv;
}

/** Pages and anything without a rule of its own: always revalidated, like Netlify's default. */
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Everything served from one build folder; a build folder never changes once it is served. */
interface ServedBuild {
  rules: RedirectRule[];
  fileFor(pathname: string): string | undefined;
  serveStatic: ReturnType<typeof sirv>;
  notFoundPage: string;
}

function serveBuild(root: string, headerRules: readonly HeaderRule[]): ServedBuild {
  const redirectsFile = join(root, '_redirects');
  const rules = existsSync(redirectsFile) ? parseRedirects(readFileSync(redirectsFile, 'utf8')) : [];
  const fileFor = (pathname: string): string | undefined => {
    const base = normalize(join(root, pathname));
    if (!base.startsWith(normalize(root))) return undefined;
    for (const candidate of [base, join(base, 'index.html'), `${base.replace(/\/+$/, '')}.html`]) {
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // not this candidate
      }
    }
    return undefined;
  };
  const serveStatic = sirv(root, {
    extensions: ['html'],
    etag: true,
    // The `.br` and `.gz` copies written at build (precompress.ts), to clients that accept them.
    brotli: true,
    gzip: true,
    setHeaders(response, pathname) {
      response.setHeader('Cache-Control', DEFAULT_CACHE_CONTROL);
      setRuleHeaders(response, headerRules, pathname);
    },
  });
  return { rules, fileFor, serveStatic, notFoundPage: join(root, '404.html') };
}

/** A function's answer, as Netlify sends it: its status, headers and body. */
async function serveOnDemandCard(pathname: string, env: OnDemandCardEnv, response: ServerResponse) {
  try {
    const answer = (await onDemandCardResponse(pathname, env))!;
    const body = Buffer.from(await answer.arrayBuffer());
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(body);
  } catch (error) {
    console.error(`${pathname}: ${(error as Error).message}`);
    response.writeHead(500).end();
  }
}

function setRuleHeaders(response: ServerResponse, rules: readonly HeaderRule[], pathname: string) {
  for (const [name, value] of Object.entries(headersFor(rules, pathname))) response.setHeader(name, value);
}

/**
 * Serves the built site the way Netlify does: static files first (precompressed Brotli or gzip when the
 * client accepts it), then the rules of dist/_redirects (public/_redirects and the type-page rules the
 * build appends), then 404.html, with netlify.toml's headers (immutable caching of hashed assets among them).
 *
 * The build folder is resolved per request, so a rebuild that swaps the `dist` link (site-builds.ts) takes
 * effect at once, and a request already started finishes from the build it started on.
 */
export async function startSiteServer({
  distDir,
  port,
  host = '127.0.0.1',
  netlifyToml = join(projectRoot, 'netlify.toml'),
  socialCards = onDemandCardEnv(process.env),
}: SiteServerOptions): Promise<Server> {
  const headerRules = existsSync(netlifyToml) ? loadHeaderRules(netlifyToml) : [];
  const builds = new Map<string, ServedBuild>();
  const buildFor = (): ServedBuild => {
    const root = realpathSync(distDir);
    let build = builds.get(root);
    if (!build) {
      build = serveBuild(root, headerRules);
      builds.set(root, build);
      // The previous build may still be finishing a response; older ones are gone.
      while (builds.size > 2) builds.delete(builds.keys().next().value!);
    }
    return build;
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site.local');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      response.writeHead(400).end('Bad request');
      return;
    }
    let build: ServedBuild;
    try {
      build = buildFor();
    } catch {
      response.writeHead(503, { 'Retry-After': '5' }).end('The site is not built yet.');
      return;
    }
    setRuleHeaders(response, headerRules, pathname);
    if (ON_DEMAND_CARD_PATH.test(pathname)) {
      void serveOnDemandCard(pathname, socialCards, response);
      return;
    }
    const match = findRedirect(build.rules, pathname, (path) => build.fileFor(path) !== undefined);
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
        const file = build.fileFor(target.pathname);
        response.writeHead(match.rule.status, { 'Content-Type': 'text/html; charset=utf-8' });
        response.end(file ? readFileSync(file) : '');
        return;
      }
    }
    build.serveStatic(request, response, () => {
      // A genre page in another spelling: what netlify/functions/genre-redirect.mts answers there.
      const genrePage = genrePageRedirect(pathname);
      if (genrePage) {
        response.writeHead(301, { Location: genrePage + url.search, 'Cache-Control': 'public, max-age=0' });
        response.end();
        return;
      }
      response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      response.end(existsSync(build.notFoundPage) ? readFileSync(build.notFoundPage) : 'Not found');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
