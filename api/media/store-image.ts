import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { allKeys, VARIANT_WIDTHS, variantKey } from './images';
import type { MediaStorage } from './storage';

/** Formats accepted from uploads, identified by their bytes (never by the file name or declared type). */
export const ACCEPTED_IMAGE_FORMATS = ['png', 'jpeg', 'webp'] as const;
export const STORED_IMAGE_MIME = 'image/webp';

/** A small file can declare enormous dimensions; refuse to decode more pixels than this. */
const MAX_INPUT_PIXELS = 50_000_000;
/** WebP cannot encode past 16383 px a side, and nothing on the site needs more than this. */
const MAX_STORED_SIDE = 4096;
const DEFAULT_QUALITY = 80;

export class InvalidImageError extends Error {
  constructor(message = 'The file is not a PNG, JPEG or WebP image.') {
    super(message);
    this.name = 'InvalidImageError';
  }
}

export interface StoreImageInput {
  /** Key prefix, e.g. `covers`. */
  folder: string;
  bytes: Buffer | Uint8Array;
  /** Readable start of the key (a series id or title); it is slugged and given a random suffix. */
  idHint?: string | number;
  /** WebP quality, 1-100. */
  quality?: number;
  /** libwebp effort 0 (fastest) to 6 (smallest files); bulk generation uses 0. */
  effort?: number;
}

export interface StoredImage {
  /** Key of the full-size WebP; the width variants are `variantKey(key, w)`. */
  key: string;
  width: number;
  height: number;
  mime: typeof STORED_IMAGE_MIME;
  /** Size of the stored full-size file, in bytes. */
  bytes: number;
}

/**
 * Checks that the bytes are a PNG, JPEG or WebP image, converts it to WebP at full size (upright per its
 * EXIF orientation, metadata stripped) and at each variant width narrower than it, and stores them all
 * under a fresh key. Keys are never reused, so the media they name can be cached as immutable.
 */
export async function storeImage(storage: MediaStorage, input: StoreImageInput): Promise<StoredImage> {
  const folder = input.folder.replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(folder)) {
    throw new Error(`Bad media folder: ${input.folder}`);
  }
  const quality = input.quality ?? DEFAULT_QUALITY;
  const effort = input.effort ?? 4;

  const source = sharp(input.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const format = await source.metadata().then(
    (metadata) => metadata.format,
    () => undefined,
  );
  if (!format || !(ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format)) {
    throw new InvalidImageError();
  }

  // Decode once into pixels and encode every size from them: for covers, decoding dominates the cost.
  const decoded = await source
    .rotate()
    .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new InvalidImageError(`The image could not be read: ${(error as Error).message}`);
    });
  const { width, height, channels } = decoded.info;
  const pixels = () => sharp(decoded.data, { raw: { width, height, channels } });
  const encode = (image: sharp.Sharp) => image.webp({ quality, effort }).toBuffer();

  const full = await encode(pixels());
  const key = `${folder}/${slug(input.idHint)}${randomBytes(5).toString('hex')}.webp`;
  const files: { key: string; bytes: Buffer }[] = [{ key, bytes: full }];
  for (const variantWidth of VARIANT_WIDTHS) {
    // Never upscale: a variant at least as wide as the original is the original.
    const bytes = variantWidth >= width ? full : await encode(pixels().resize({ width: variantWidth }));
    files.push({ key: variantKey(key, variantWidth), bytes });
  }

  try {
    await Promise.all(files.map((file) => storage.put(file.key, file.bytes, STORED_IMAGE_MIME)));
  } catch (error) {
    await storage.remove(files.map((file) => file.key)).catch(() => undefined);
    throw error;
  }
  return { key, width, height, mime: STORED_IMAGE_MIME, bytes: full.length };
}

/** Removes a stored image and its width variants; missing files are not an error. */
export async function removeImage(storage: MediaStorage, key: string): Promise<void> {
  await storage.remove(allKeys(key));
}

/** `The Crimson Blade!` → `the-crimson-blade-`; the hex suffix that follows can never look like `-w200`. */
function slug(hint: string | number | undefined): string {
  if (hint === undefined) return '';
  const text = String(hint)
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return text ? `${text}-` : '';
}
