import sharp from 'sharp';
import {
  COVER_MAX_RATIO,
  COVER_MIN_RATIO,
  COVER_RATIO_MESSAGE,
  DETAIL_COVER_MAX_BYTES,
  DETAIL_COVER_TOO_LARGE,
  IMAGE_MAX_SIDE,
  IMAGE_TOO_LARGE,
  INVALID_IMAGE,
  SERIES_COVER_TOO_LARGE,
} from '../../contract/catalogue';
import type { MediaStorage } from '../media/storage';
import {
  ACCEPTED_IMAGE_FORMATS,
  InvalidImageError,
  storeImage,
  type StoredImage,
} from '../media/store-image';
import type { UploadedFile } from './admin-form';

export interface CoverProbe {
  /** Upright size, after the EXIF orientation is applied: what a visitor sees. */
  width: number;
  height: number;
}

/**
 * Reads an upload's header: its format by its bytes (PNG, JPEG or WebP; the name and declared type are
 * ignored) and its upright size. Undefined for anything else, including a renamed non-image.
 */
export async function probeCover(bytes: Buffer): Promise<CoverProbe | undefined> {
  if (bytes.length === 0) return undefined;
  try {
    // Header only: metadata() decodes no pixels.
    const metadata = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
    if (!metadata.format || !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(metadata.format)) {
      return undefined;
    }
    const { width, height } = metadata.autoOrient;
    if (!width || !height) return undefined;
    return { width, height };
  } catch {
    return undefined;
  }
}

/** Larger than IMAGE_MAX_SIDE on a side: refused without decoding it. */
function tooLarge({ width, height }: CoverProbe): boolean {
  return width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE;
}

export function hasCoverRatio({ width, height }: CoverProbe): boolean {
  const ratio = width / height;
  return ratio >= COVER_MIN_RATIO && ratio <= COVER_MAX_RATIO;
}

/** The problem with a series cover (spec: 2:3 portrait), or undefined when it can be stored. */
export async function seriesCoverProblem(file: UploadedFile): Promise<string | undefined> {
  if (file.truncated) return SERIES_COVER_TOO_LARGE;
  const probe = await probeCover(file.bytes);
  if (!probe) return INVALID_IMAGE;
  if (tooLarge(probe)) return IMAGE_TOO_LARGE;
  return hasCoverRatio(probe) ? undefined : COVER_RATIO_MESSAGE;
}

/** The problem with a series detail cover (any shape, under 800 KB), or undefined when it can be stored. */
export async function detailCoverProblem(file: UploadedFile): Promise<string | undefined> {
  if (file.truncated || file.bytes.length > DETAIL_COVER_MAX_BYTES) return DETAIL_COVER_TOO_LARGE;
  const probe = await probeCover(file.bytes);
  if (!probe) return INVALID_IMAGE;
  return tooLarge(probe) ? IMAGE_TOO_LARGE : undefined;
}

/**
 * Stores a checked cover with its size variants. A file whose header passed but whose pixels cannot be
 * decoded still ends as InvalidImageError, which callers answer as INVALID_IMAGE.
 */
export function storeCover(
  media: MediaStorage,
  file: UploadedFile,
  folder: 'covers' | 'details',
  idHint: string | number,
): Promise<StoredImage> {
  return storeImage(media, { bytes: file.bytes, folder, idHint });
}

export { InvalidImageError };
