import type { Config } from '@netlify/functions';
import { onDemandCardEnv, onDemandCardResponse } from '../../src/features/social/on-demand-card';

/**
 * The social cards of series and forum threads, drawn on first request and then served by the CDN
 * (src/features/social/on-demand-card.ts; docs/decisions/on-demand-social-cards.md). Reads the API at
 * BUILD_API_URL, else PUBLIC_API_URL, from the site's environment; drawn cards are kept in /tmp while the
 * function instance lives.
 */
export default async function socialCard(request: Request): Promise<Response> {
  const env = onDemandCardEnv({ ...process.env, CARD_CACHE_DIR: '/tmp/panelrank-social-cards' });
  const response = await onDemandCardResponse(new URL(request.url).pathname, env);
  return response ?? new Response('Not found', { status: 404 });
}

export const config: Config = { path: ['/social/series/*', '/social/forum/*'] };
