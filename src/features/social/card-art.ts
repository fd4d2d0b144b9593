import { createHash } from 'node:crypto';

/** What a social card looks like, apart from the page it belongs to: shared by the pages and the drawing. */

export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;

/** Bump when the drawing changes: cards get new addresses (and the card cache new keys), so all are redrawn. */
export const DRAWING_VERSION = 2;

/** How a card is drawn: a cover over a blurred, darkened copy of itself, or a title in the brand style. */
export type CardArt =
  { kind: 'cover'; coverUrl: string; title: string } | { kind: 'text'; eyebrow: string; title: string };

/** The fields of a series that decide its card (a SeriesDetail or a series page's data has them all). */
export interface SeriesCardFields {
  title: string;
  type: string;
  cover_url: string | null;
  has_detail_cover: boolean;
  series_cover_url: string | null;
}

/**
 * A series' card: its 2:3 cover (the composition is made for a portrait; a detail cover is a banner and
 * only used when there is no cover), else its title on the brand card. Media URLs are absolute in API
 * answers; a relative one is resolved against `apiUrl`.
 */
export function seriesCardArt(fields: SeriesCardFields, apiUrl: string): CardArt {
  const url = fields.cover_url || (fields.has_detail_cover ? fields.series_cover_url : null);
  let coverUrl: string | undefined;
  try {
    coverUrl = url ? new URL(url, `${apiUrl.replace(/\/+$/, '')}/`).href : undefined;
  } catch {
    coverUrl = undefined;
  }
  return coverUrl
    ? { kind: 'cover', coverUrl, title: fields.title }
    : { kind: 'text', eyebrow: fields.type, title: fields.title };
}

/** A forum thread's card: its title under "Forum". */
export function forumThreadCardArt(thread: { title: string }): CardArt {
  return { kind: 'text', eyebrow: 'Forum', title: thread.title };
}

/**
 * A short digest of a card's art and drawing version. It is part of the card's address, so a new cover or
 * title gives a new address and a cached card is never served for art it does not show.
 */
export function cardVersion(art: CardArt): string {
  return createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, art]))
    .digest('hex')
    .slice(0, 12);
}
