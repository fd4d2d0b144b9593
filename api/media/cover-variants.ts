import { VARIANT_WIDTHS, variantKey } from './images';
import type { MediaStorage } from './storage';

export interface CoverVariant {
  width: number;
  url: string;
}

/** The URLs of a stored cover's resized variants, narrowest first; none without a cover. */
export function coverVariants(media: MediaStorage, coverKey: string | null): CoverVariant[] {
  if (!coverKey) return [];
  return VARIANT_WIDTHS.map((width) => ({ width, url: media.url(variantKey(coverKey, width)) }));
}
