import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { IMAGE_MAX_SIDE } from '../../contract/catalogue';
import { decodeChecked, type CheckedImage } from './image-check';
import { allKeys, VARIANT_WIDTHS, variantKey, type VariantWidth } from './images';
import type { MediaStorage } from './storage';

export const STORED_IMAGE_MIME = 'image/webp';

/** WebP cannot encode past 16383 px a side, and nothing on the site needs more than this. */
const MAX_STORED_SIDE = IMAGE_MAX_SIDE;
const DEFAULT_QUALITY = 80;

/** A checked image whose pixels cannot be decoded after all (a readable header over broken data). */
export class InvalidImageError extends Error {
  constructor(message = 'The image could not be decoded.') {
    super(message);
    this.name = 'InvalidImageError';
  }
}

interface EncodingOptions {
  /** Key prefix, e.g. `covers`. */
  folder: string;
  /** Readable start of the key (a series id or title); it is slugged and given a random suffix. */
  idHint?: string | number;
  /** WebP quality, 1-100. */
  quality?: number;
  /** libwebp effort 0 (fastest) to 6 (smallest files); bulk generation uses 0. */
  effort?: number;
  /** Narrower renditions to store beside the full size; all of VARIANT_WIDTHS by default, [] for none. */
  variantWidths?: readonly VariantWidth[];
}

export interface StoreImageInput extends EncodingOptions {
  /** An upload that passed checkImage; of an animation, the first frame is stored. */
  image: CheckedImage;
}

/** Uncompressed 8-bit sRGB pixels, e.g. from sharp's `.raw().toBuffer({ resolveWithObject: true })`. */
export interface ImagePixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
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
 * Converts a checked image to WebP at full size (upright per its EXIF orientation, metadata stripped) and
 * at each variant width narrower than it, and stores them all under a fresh key. Keys are never reused, so
 * the media they name can be cached as immutable. Throws InvalidImageError when the pixels cannot be decoded.
 */
export async function storeImage(storage: MediaStorage, input: StoreImageInput): Promise<StoredImage> {
  const folder = checkFolder(input.folder);
  // Decode once and encode every size from the pixels: decoding is a large share of the work.
  const { data, info } = await decodeChecked(input.image)
    .rotate()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new InvalidImageError(`The image could not be read: ${(error as Error).message}`);
    });
  return storeImagePixels(storage, { ...input, folder, pixels: { data, ...info } });
}

/**
 * The encoding half of storeImage, for images the server drew itself (generated covers): the same keys,
 * WebP settings and variants, without a round trip through an intermediate file format.
 */
export async function storeImagePixels(
  storage: MediaStorage,
  input: EncodingOptions & { pixels: ImagePixels },
): Promise<StoredImage> {
  const folder = checkFolder(input.folder);
  const { data, width, height, channels } = input.pixels;
  if (width > MAX_STORED_SIDE || height > MAX_STORED_SIDE) {
    throw new RangeError(`Images are stored at most ${MAX_STORED_SIDE} px a side`);
  }
  const webp = { quality: input.quality ?? DEFAULT_QUALITY, effort: input.effort ?? 4 };
  const pixels = () => sharp(data, { raw: { width, height, channels } });

  const widths = input.variantWidths ?? VARIANT_WIDTHS;
  const narrower = widths.filter((variantWidth) => variantWidth < width);
  const [full, ...variants] = await Promise.all([
    pixels().webp(webp).toBuffer(),
    ...narrower.map((variantWidth) => pixels().resize({ width: variantWidth }).webp(webp).toBuffer()),
  ]);
  const key = freshKey(folder, input.idHint);
  const encoded = [
    { key, bytes: full! },
    ...narrower.map((variantWidth, index) => ({
      key: variantKey(key, variantWidth),
      bytes: variants[index]!,
    })),
  ];
  // Never upscale: a variant at least as wide as the original is a copy of the original.
  const copies = widths.filter((variantWidth) => variantWidth >= width).map((w) => variantKey(key, w));
  try {
    await Promise.all(encoded.map((file) => storage.put(file.key, file.bytes, STORED_IMAGE_MIME)));
    await Promise.all(
      copies.map((copy) =>
        storage.duplicate ? storage.duplicate(key, copy) : storage.put(copy, full!, STORED_IMAGE_MIME),
      ),
    );
  } catch (error) {
    await storage.remove(allKeys(key)).catch(() => undefined);
    throw error;
  }
  return { key, width, height, mime: STORED_IMAGE_MIME, bytes: full!.length };
}

/**
 * Stores a copy of an already stored image (with its width variants) under a fresh key, for content that
 * is the same for several owners: each owner keeps its own key, so removing one never touches another's.
 * Uses the storage's server-side duplicate (a hard link on disk) where it has one.
 */
export async function copyStoredImage(
  storage: MediaStorage,
  sourceKey: string,
  target: Pick<EncodingOptions, 'folder' | 'idHint'>,
): Promise<string> {
  const key = freshKey(checkFolder(target.folder), target.idHint);
  const sources = allKeys(sourceKey);
  const copies = allKeys(key);
  try {
    await Promise.all(
      sources.map(async (source, index) => {
        if (storage.duplicate) return storage.duplicate(source, copies[index]!);
        const stored = await storage.get?.(source);
        if (!stored) throw new Error(`No stored image at ${source}`);
        await storage.put(copies[index]!, await buffer(stored.body), STORED_IMAGE_MIME);
      }),
    );
  } catch (error) {
    await storage.remove(copies).catch(() => undefined);
    throw error;
  }
  return key;
}

/** A key never used before: the readable hint and a random suffix. */
function freshKey(folder: string, idHint: string | number | undefined): string {
  return `${folder}/${slug(idHint)}${randomBytes(5).toString('hex')}.webp`;
}

function checkFolder(folder: string): string {
  const trimmed = folder.replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(trimmed))
    throw new Error(`Bad media folder: ${folder}`);
  return trimmed;
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
