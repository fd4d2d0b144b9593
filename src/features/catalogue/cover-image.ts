import type { CoverVariant } from './catalogue-types';

/** Covers are 2:3; these are the intrinsic dimensions given to every card cover (no layout shift). */
export const CARD_COVER_WIDTH = 200;
export const CARD_COVER_HEIGHT = 300;

/**
 * The cover's rendered width in each grid layout: 2 columns on phones, 3 small, 4 medium, 6 wide (the
 * grid stops growing at the content width, 80rem, so 6 columns never exceed ~210 px).
 */
export const CARD_COVER_SIZES =
  '(min-width: 75em) 210px, (min-width: 56em) 25vw, (min-width: 36em) 33vw, 50vw';

export interface CoverSources {
  src: string;
  srcSet: string | undefined;
}

/** `src` and `srcset` of a cover: the width variants when the API made them, else the original. */
export function coverSources(
  coverUrl: string | null,
  variants: readonly CoverVariant[] = [],
): CoverSources | null {
  const sorted = [...variants].filter((variant) => variant.url).sort((a, b) => a.width - b.width);
  const largest = sorted.at(-1);
  const src = largest?.url ?? coverUrl;
  if (!src) return null;
  return {
    src,
    srcSet: sorted.length
      ? sorted.map((variant) => `${variant.url} ${variant.width}w`).join(', ')
      : undefined,
  };
}

/**
 * How a card cover loads: the first one eagerly at high priority, the second (the rest of a phone's first
 * row) eagerly, the rest lazily. A phone on a slow network shares its bandwidth among every eager cover, so
 * more of them delay the first one, the page's largest paint; wider screens' later covers in view load as
 * soon as they are laid out.
 */
export type CoverLoading = 'priority' | 'eager' | 'lazy';

export function coverLoadingFor(index: number): CoverLoading {
  if (index === 0) return 'priority';
  return index < 2 ? 'eager' : 'lazy';
}
