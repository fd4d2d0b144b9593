/** What a social card looks like, apart from the page it belongs to: shared by the pages and the drawing. */

export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;

/** How a card is drawn: a cover over a blurred, darkened copy of itself, or a title in the brand style. */
export type CardArt =
  { kind: 'cover'; coverUrl: string; title: string } | { kind: 'text'; eyebrow: string; title: string };
