import { cardVersion, forumThreadCardArt, seriesCardArt, type CardArt } from './card-art';
import { drawCard } from './draw-card';

/*
 * The cards of series and forum threads, drawn when first asked for: `/social/series/{id}-{version}.jpg`
 * and `/social/forum/{id}-{version}.jpg`. The handler reads the series or thread from the API, draws its
 * card (draw-card.ts) and answers with long caching: the version in the address is a digest of the art
 * (card-art.ts), so the bytes at an address never change and the CDN can keep them. Netlify runs it as a
 * function (netlify/functions/social-card.mts); the local site server calls it the same way
 * (scripts/lib/site-server.ts). See docs/decisions/on-demand-social-cards.md.
 */

export interface OnDemandCardEnv {
  /** The API as this process reaches it (BUILD_API_URL, else PUBLIC_API_URL). */
  apiUrl: string;
  /** The browser-facing API origin media URLs start with (PUBLIC_API_URL). */
  publicApiUrl: string;
  /** Where drawn cards are kept between requests; see draw-card.ts. */
  cacheDir?: string | undefined;
}

export const ON_DEMAND_CARD_PATH = /^\/social\/(series|forum)\/(\d{1,15})-([0-9a-f]{12})\.jpg$/;

/** A year, immutable: the address changes with the art. Netlify's CDN header keeps it across edge nodes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NETLIFY_DURABLE = 'public, durable, max-age=31536000, immutable';
/** A card for an address whose version is not the current art's, or drawn without its cover: short. */
const SHORT = 'public, max-age=300';

const API_TIMEOUT_MS = 10_000;

class NotFound extends Error {}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });
  if (response.status === 404 || response.status === 422) throw new NotFound();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The current art of a series or thread, from the API. */
async function currentArt(kind: 'series' | 'forum', id: string, env: OnDemandCardEnv): Promise<CardArt> {
  const api = env.apiUrl.replace(/\/+$/, '');
  if (kind === 'series') {
    const detail = await getJson(`${api}/series-details/${id}`);
    return seriesCardArt(
      {
        title: text(detail.title),
        type: text(detail.type),
        cover_url: textOrNull(detail.cover_url),
        has_detail_cover: detail.has_detail_cover === true,
        series_cover_url: textOrNull(detail.series_cover_url),
      },
      env.publicApiUrl,
    );
  }
  const body = await getJson(`${api}/forum/threads/${id}`);
  const thread = (body.thread ?? {}) as Record<string, unknown>;
  return forumThreadCardArt({ title: text(thread.title) });
}

/** Answers a card request; `undefined` when the path is not a card's. */
export async function onDemandCardResponse(
  pathname: string,
  env: OnDemandCardEnv,
): Promise<Response | undefined> {
  const match = ON_DEMAND_CARD_PATH.exec(pathname);
  if (!match) return undefined;
  const [, kind, id, version] = match as unknown as [string, 'series' | 'forum', string, string];
  let art: CardArt;
  try {
    art = await currentArt(kind, id, env);
  } catch (error) {
    if (error instanceof NotFound) {
      return new Response('Not found', { status: 404, headers: { 'Cache-Control': SHORT } });
    }
    console.error(`Social card ${pathname}: ${(error as Error).message}`);
    return new Response('The card cannot be drawn now', {
      status: 503,
      headers: { 'Retry-After': '30', 'Cache-Control': 'no-store' },
    });
  }
  let coverMissing = false;
  const bytes = await drawCard(
    art,
    { publicApiUrl: env.publicApiUrl, buildApiUrl: env.apiUrl, cacheDir: env.cacheDir },
    {
      warn(message) {
        coverMissing = true;
        console.warn(message);
      },
    },
  );
  const lasting = !coverMissing && cardVersion(art) === version;
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': 'image/jpeg',
      'Cache-Control': lasting ? IMMUTABLE : SHORT,
      ...(lasting ? { 'Netlify-CDN-Cache-Control': NETLIFY_DURABLE } : {}),
    },
  });
}

/** The handler's settings from an environment: the variables the build and the site's functions share. */
export function onDemandCardEnv(env: Record<string, string | undefined>): OnDemandCardEnv {
  const publicApiUrl = (env.PUBLIC_API_URL?.trim() || 'http://localhost:8787').replace(/\/+$/, '');
  return {
    apiUrl: (env.BUILD_API_URL?.trim() || publicApiUrl).replace(/\/+$/, ''),
    publicApiUrl,
    cacheDir: env.CARD_CACHE_DIR,
  };
}
