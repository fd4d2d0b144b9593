import sharp, { type Sharp } from 'sharp';

/**
 * The one check every image upload goes through (forum images, series covers, detail covers, issue
 * screenshots). Each kind of upload states its limits and refusals as ImageRules (a refusal is its text, or
 * whatever the feature refuses with: the forum's carry their error code); the check answers the refusal of
 * the first limit the file actually exceeds, reading only the file's header: no pixel is decoded before the
 * size is known to be acceptable. A small file can declare enormous dimensions (a 49-megapixel cover took
 * 1.4 s and 320 MB to decode; a 48 KB PNG declares 400 megapixels), and costs nothing this way.
 */

export const IMAGE_FORMATS = ['png', 'jpeg', 'webp', 'gif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/* `P`: what a refusal is (its text by default). */

export interface ByteLimit<P = string> {
  /** Largest accepted size, in bytes. */
  bytes: number;
  /** The refusal for a larger file, or one cut short at the route's limit. */
  problem: P;
}

export interface FormatLimits<P = string> {
  /** The byte limit of this format, checked once the bytes are known to be of this format. */
  maxBytes?: ByteLimit<P>;
  /** Largest width and height, of each frame for an animation, upright per the EXIF orientation. */
  maxSide: number;
  /** The refusal for a larger image. */
  tooLarge: P;
  /** Most frames of an animation, with its refusal; unset: as many as the bytes hold. */
  maxFrames?: { frames: number; problem: P };
}

export interface ImageRules<P = string> {
  /** A byte limit for any file, checked before anything else. */
  maxBytes?: ByteLimit<P>;
  /** The accepted formats, recognised by their bytes, with their limits. */
  formats: { readonly [F in ImageFormat]?: FormatLimits<P> };
  /** The refusal for anything else: another format, a renamed file, a header that cannot be read. */
  unsupported: P;
}

/** An upload that passed ImageRules: its bytes and what its header says. */
export interface CheckedImage {
  bytes: Buffer;
  format: ImageFormat;
  /** Upright size of one frame. */
  width: number;
  height: number;
  /** Frames of an animation; 1 for a still. */
  pages: number;
}

export type ImageCheck<P = string> = { ok: true; image: CheckedImage } | { ok: false; problem: P };

export interface ImageUpload {
  bytes: Buffer;
  /** The file was longer than the route's limit and `bytes` holds only its start: over any byte limit. */
  truncated?: boolean;
}

/** The format named by a file's first bytes (its signature), whatever its name or declared type says. */
export function formatBySignature(bytes: Buffer): ImageFormat | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpeg';
  if (/^GIF8[79]a/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

function exceeds<P>(upload: ImageUpload, limit: ByteLimit<P> | undefined): limit is ByteLimit<P> {
  return limit !== undefined && (upload.truncated === true || upload.bytes.length > limit.bytes);
}

/**
 * Checks an upload against its rules, in this order: the byte limit for any file, the format by signature,
 * that format's byte limit (a file cut short at the route's limit is over both), that the header reads as
 * that format, and the size of a frame.
 */
export async function checkImage<P = string>(
  upload: ImageUpload,
  rules: ImageRules<P>,
): Promise<ImageCheck<P>> {
  if (exceeds(upload, rules.maxBytes)) return { ok: false, problem: rules.maxBytes.problem };
  const format = formatBySignature(upload.bytes);
  const limits = format && rules.formats[format];
  if (!format || !limits) return { ok: false, problem: rules.unsupported };
  if (exceeds(upload, limits.maxBytes)) return { ok: false, problem: limits.maxBytes.problem };
  // The header only. sharp's pixel limit (on by default) would refuse a large header as unreadable
  // instead of letting the rules name the limit; decoding is bounded by decodeChecked instead.
  const metadata = await sharp(upload.bytes, { limitInputPixels: false, failOn: 'error' })
    .metadata()
    .catch(() => undefined);
  // Without `pages` or `animated`, the header describes one frame.
  const width = metadata?.autoOrient.width;
  const height = metadata?.autoOrient.height;
  if (metadata?.format !== format || !width || !height) return { ok: false, problem: rules.unsupported };
  if (width > limits.maxSide || height > limits.maxSide) return { ok: false, problem: limits.tooLarge };
  const pages = metadata.pages ?? 1;
  if (limits.maxFrames && pages > limits.maxFrames.frames)
    return { ok: false, problem: limits.maxFrames.problem };
  return { ok: true, image: { bytes: upload.bytes, format, width, height, pages } };
}

/**
 * A sharp instance that decodes a checked image (its first frame, or every frame when `animated`) and
 * refuses to decode more pixels than the header it was checked by declared.
 */
export function decodeChecked(image: CheckedImage, { animated = false } = {}): Sharp {
  const frames = animated ? image.pages : 1;
  return sharp(image.bytes, {
    animated,
    limitInputPixels: image.width * image.height * frames,
    failOn: 'error',
  });
}
