import {
  COVER_MAX_RATIO,
  COVER_MIN_RATIO,
  COVER_RATIO_MESSAGE,
  DETAIL_COVER_MAX_BYTES,
  DETAIL_COVER_TOO_LARGE,
  IMAGE_MAX_SIDE,
  IMAGE_TOO_LARGE,
  INVALID_IMAGE,
  SERIES_COVER_MAX_BYTES,
  SERIES_COVER_TOO_LARGE,
} from '../../contract/catalogue';
import {
  checkImage,
  type CheckedImage,
  type FormatLimits,
  type ImageCheck,
  type ImageRules,
} from '../media/image-check';
import type { MediaStorage } from '../media/storage';
import { InvalidImageError, storeImage, type StoredImage } from '../media/store-image';
import type { UploadedFile } from './admin-form';

/** PNG, JPEG or WebP by their bytes (the name and declared type are ignored), at most 4096 px a side. */
const COVER_LIMITS: FormatLimits = { maxSide: IMAGE_MAX_SIDE, tooLarge: IMAGE_TOO_LARGE };
const COVER_FORMATS = { png: COVER_LIMITS, jpeg: COVER_LIMITS, webp: COVER_LIMITS };

export const SERIES_COVER_RULES: ImageRules = {
  maxBytes: { bytes: SERIES_COVER_MAX_BYTES, problem: SERIES_COVER_TOO_LARGE },
  formats: COVER_FORMATS,
  unsupported: INVALID_IMAGE,
};

export const DETAIL_COVER_RULES: ImageRules = {
  maxBytes: { bytes: DETAIL_COVER_MAX_BYTES, problem: DETAIL_COVER_TOO_LARGE },
  formats: COVER_FORMATS,
  unsupported: INVALID_IMAGE,
};

/** Upright, as a visitor sees it. */
export function hasCoverRatio({ width, height }: { width: number; height: number }): boolean {
  const ratio = width / height;
  return ratio >= COVER_MIN_RATIO && ratio <= COVER_MAX_RATIO;
}

/** A series cover is also a 2:3 portrait. */
export async function checkSeriesCover(file: UploadedFile): Promise<ImageCheck> {
  const checked = await checkImage(file, SERIES_COVER_RULES);
  if (checked.ok && !hasCoverRatio(checked.image)) return { ok: false, problem: COVER_RATIO_MESSAGE };
  return checked;
}

/** A detail cover has any shape, under 800 KB. */
export function checkDetailCover(file: UploadedFile): Promise<ImageCheck> {
  return checkImage(file, DETAIL_COVER_RULES);
}

/**
 * Stores a checked cover with its size variants. A file whose header passed but whose pixels cannot be
 * decoded still ends as InvalidImageError, which callers answer as INVALID_IMAGE.
 */
export function storeCover(
  media: MediaStorage,
  image: CheckedImage,
  folder: 'covers' | 'details',
  idHint: string | number,
): Promise<StoredImage> {
  return storeImage(media, { image, folder, idHint });
}

export { InvalidImageError };
