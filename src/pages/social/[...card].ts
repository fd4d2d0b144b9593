import type { APIRoute, GetStaticPaths } from 'astro';
import { socialCardsToBuild } from '../../features/social/card-registry';
import { drawCard } from '../../features/social/draw-card';
import { SOCIAL_CARD_PREFIX, type SocialCard } from '../../features/social/social-card';
import { buildSourceEnv } from '../../lib/build-source-env';
import { API_URL } from '../../lib/site-config';

// One JPEG per card in the registry, e.g. /social/lists.jpg (see features/social/card-registry.ts).
export const getStaticPaths = (() =>
  socialCardsToBuild().map((card) => ({
    params: { card: card.path.slice(SOCIAL_CARD_PREFIX.length) },
    props: { card },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ card: SocialCard }> = async ({ props }) => {
  const bytes = await drawCard(props.card.art, {
    publicApiUrl: API_URL,
    buildApiUrl: buildSourceEnv.BUILD_API_URL,
    cacheDir: process.env.CARD_CACHE_DIR,
  });
  return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/jpeg' } });
};
