import { COVER_RATIO_MESSAGE, DETAIL_COVER_TOO_LARGE, INVALID_IMAGE_MESSAGE } from './admin-messages';

/** Series covers are 2:3 portraits: width / height from 0.6 to 0.7. */
export const COVER_MIN_RATIO = 0.6;
export const COVER_MAX_RATIO = 0.7;
/** A detail cover must be under 800 KB. */
export const DETAIL_COVER_MAX_BYTES = 800 * 1024 - 1;

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** The image format by the file's first bytes, as the API judges it; undefined for anything else. */
export function sniffImageFormat(head: Uint8Array): ImageFormat | undefined {
  const startsWith = (bytes: number[], offset = 0) =>
    bytes.every((byte, index) => head[offset + index] === byte);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'jpeg';
  // "RIFF" .... "WEBP"
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

export function coverRatioProblem(width: number, height: number): string | undefined {
  const ratio = width / height;
  return ratio >= COVER_MIN_RATIO && ratio <= COVER_MAX_RATIO ? undefined : COVER_RATIO_MESSAGE;
}

export function detailCoverSizeProblem(bytes: number): string | undefined {
  return bytes > DETAIL_COVER_MAX_BYTES ? DETAIL_COVER_TOO_LARGE : undefined;
}

/**
 * The upright size of an image file (EXIF orientation applied, as the browser shows it), or undefined when
 * it is not a PNG, JPEG or WebP image the browser can decode.
 */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number } | undefined> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (!sniffImageFormat(head)) return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size.width > 0 && size.height > 0 ? size : undefined;
  } catch {
    return undefined;
  }
}

/** Why a file cannot be a series cover, or undefined when it can (the API checks the same again). */
export async function seriesCoverProblem(file: Blob): Promise<string | undefined> {
  const size = await readImageSize(file);
  if (!size) return INVALID_IMAGE_MESSAGE;
  return coverRatioProblem(size.width, size.height);
}

/** Why a file cannot be a detail cover (any shape, under 800 KB), or undefined when it can. */
export async function detailCoverProblem(file: Blob): Promise<string | undefined> {
  const tooLarge = detailCoverSizeProblem(file.size);
  if (tooLarge) return tooLarge;
  return (await readImageSize(file)) ? undefined : INVALID_IMAGE_MESSAGE;
}
