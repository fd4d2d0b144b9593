import type { SeriesPageData } from '../catalogue/catalogue-types';
import { API_URL } from '../../lib/api-client';
import { cardVersion, forumThreadCardArt, seriesCardArt, type CardArt } from './card-art';

/*
 * Social cards: the 1200×630 image a shared link previews with. Each page that has one describes it here
 * (where it is served and how it is drawn); the page puts the description in its <head> through
 * BaseLayout's `socialCard`.
 *
 * Series and forum threads are too many to draw at build time (100,000 cards take hours): their cards are
 * drawn on first request by the social-card function (netlify/functions/social-card.mts, on-demand-card.ts)
 * and cached by the CDN; their addresses carry the art's version, so a new cover gets a new address. Cards
 * of pages that are few (the shared reading list's) are drawn by the build: card-registry.ts.
 * See docs/decisions/on-demand-social-cards.md.
 */

export { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type CardArt } from './card-art';

export interface SocialCard {
  /** Site path of the image, e.g. `/social/series/12-0a1b2c3d4e5f.jpg`. */
  path: string;
  alt: string;
  art: CardArt;
}

export const SOCIAL_CARD_PREFIX = '/social/';

/** A series: its cover over its own blur, else its title; drawn on request. */
export function seriesSocialCard({ series, detail }: SeriesPageData): SocialCard {
  const art = seriesCardArt(
    {
      title: series.title,
      type: series.type,
      cover_url: series.cover_url,
      has_detail_cover: detail.has_detail_cover,
      series_cover_url: detail.series_cover_url,
    },
    API_URL,
  );
  return {
    path: `${SOCIAL_CARD_PREFIX}series/${series.id}-${cardVersion(art)}.jpg`,
    alt: art.kind === 'cover' ? `Cover of ${series.title}` : `${series.title} on PanelRank`,
    art,
  };
}

/** A forum thread: its title under "Forum"; drawn on request. */
export function forumThreadSocialCard(thread: { id: number; title: string }): SocialCard {
  const art = forumThreadCardArt(thread);
  return {
    path: `${SOCIAL_CARD_PREFIX}forum/${thread.id}-${cardVersion(art)}.jpg`,
    alt: `Forum thread: ${thread.title}`,
    art,
  };
}

/**
 * Every shared reading list (/lists/{token}): one static page serves every token, so its card names the
 * kind of content only, never a list's name, items or owner. Drawn by the build.
 */
export function sharedListSocialCard(): SocialCard {
  return {
    path: `${SOCIAL_CARD_PREFIX}lists.jpg`,
    alt: 'A reading list of manhwa, manga and manhua shared on PanelRank',
    art: { kind: 'text', eyebrow: 'Reading list', title: 'A shared reading list of comics' },
  };
}
