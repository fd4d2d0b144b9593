import { absoluteMediaUrl } from '../series/series-seo';
import type { SeriesPageData } from '../catalogue/catalogue-types';
import type { CardArt } from './card-art';

/*
 * Social cards: the 1200×630 image a shared link previews with. Each page that has one describes it here
 * (where it is served and how it is drawn); the page puts the description in its <head> through
 * BaseLayout's `socialCard`, and `src/pages/social/[...card].ts` draws every card listed in
 * card-registry.ts at build time. A new kind of page plugs in with one description function and one line
 * in the registry.
 */

export { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type CardArt } from './card-art';

export interface SocialCard {
  /** Site path of the image, e.g. `/social/series/12.jpg`. */
  path: string;
  alt: string;
  art: CardArt;
}

export const SOCIAL_CARD_PREFIX = '/social/';

/**
 * A series: its 2:3 cover (the composition is made for a portrait; a detail cover is a banner and only used
 * when there is no cover), else its title on the brand card.
 */
export function seriesSocialCard(data: SeriesPageData): SocialCard {
  const { series, detail } = data;
  const coverUrl = absoluteMediaUrl(
    series.cover_url || (detail.has_detail_cover ? detail.series_cover_url : null),
  );
  return {
    path: `${SOCIAL_CARD_PREFIX}series/${series.id}.jpg`,
    alt: coverUrl ? `Cover of ${series.title}` : `${series.title} on PanelRank`,
    art: coverUrl
      ? { kind: 'cover', coverUrl, title: series.title }
      : { kind: 'text', eyebrow: series.type, title: series.title },
  };
}

/** A forum thread: its title under "Forum". */
export function forumThreadSocialCard(thread: { id: number; title: string }): SocialCard {
  return {
    path: `${SOCIAL_CARD_PREFIX}forum/${thread.id}.jpg`,
    alt: `Forum thread: ${thread.title}`,
    art: { kind: 'text', eyebrow: 'Forum', title: thread.title },
  };
}

/**
 * Every shared reading list (/lists/{token}): one static page serves every token, so its card names the
 * kind of content only, never a list's name, items or owner.
 */
export function sharedListSocialCard(): SocialCard {
  return {
    path: `${SOCIAL_CARD_PREFIX}lists.jpg`,
    alt: 'A reading list of manhwa, manga and manhua shared on PanelRank',
    art: { kind: 'text', eyebrow: 'Reading list', title: 'A shared reading list of comics' },
  };
}
