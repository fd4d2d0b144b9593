import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  FORUM_API_TEXTS,
  FORUM_GIF_MAX_BYTES,
  FORUM_GIF_MAX_SIDE,
  FORUM_IMAGE_MAX_BYTES,
  FORUM_IMAGE_MAX_SIDE,
  type ForumImageFormat,
  type MediaUploadResult,
} from '../../contract/forum';
import type { Database } from '../db/client';
import { forumMedia } from '../db/schema';
import type { MediaStorage } from '../media/storage';
import { InvalidImageError, storeImage } from '../media/store-image';
import type { UploadedFile } from '../plugins/forms';

const FOLDER = 'forum';
/** Formats stored re-encoded as WebP; GIFs stay GIFs, so animations survive. */
const STILL_FORMATS = ['png', 'jpeg', 'webp'] as const;
/** Decoding stops past this many pixels per frame, whatever the header claims (a decompression bomb). */
const MAX_INPUT_PIXELS = 1024 * 1024 * 4;

export type ImageCheck =
  { ok: true; format: ForumImageFormat; width: number; height: number } | { ok: false; problem: string };

/** The format named by a file's first bytes (its signature), whatever its name or declared type says. */
function formatBySignature(bytes: Buffer): ForumImageFormat | undefined {
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

/**
 * Checks an upload by its bytes: the format (PNG, JPEG, WebP, GIF by signature), then the byte limit of that
 * format (a file cut short at the route's limit is over every limit), then that it decodes as that format,
 * then its pixel size (a GIF's frame size).
 */
export async function checkForumImage(file: UploadedFile): Promise<ImageCheck> {
  const format = formatBySignature(file.bytes);
  if (!format) return { ok: false, problem: FORUM_API_TEXTS.unsupportedImage };
  const isGif = format === 'gif';
  const size = file.bytes.length;
  if (isGif && (file.truncated || size > FORUM_GIF_MAX_BYTES)) {
    return { ok: false, problem: FORUM_API_TEXTS.gifTooLarge };
  }
  if (!isGif && (file.truncated || size > FORUM_IMAGE_MAX_BYTES)) {
    return { ok: false, problem: FORUM_API_TEXTS.imageTooLarge };
  }
  const metadata = await sharp(file.bytes, { animated: true })
    .metadata()
    .catch(() => undefined);
  if (metadata?.format !== format) return { ok: false, problem: FORUM_API_TEXTS.unsupportedImage };
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  const maxSide = isGif ? FORUM_GIF_MAX_SIDE : FORUM_IMAGE_MAX_SIDE;
  if (width > maxSide || height > maxSide) {
    return {
      ok: false,
      problem: isGif ? FORUM_API_TEXTS.gifDimensionsTooLarge : FORUM_API_TEXTS.imageDimensionsTooLarge,
    };
  }
  return { ok: true, format, width, height };
}

export interface ForumUpload {
  threadId: number;
  postId?: number | undefined;
  uploaderId: number;
}

/**
 * Stores a checked image re-encoded from its decoded pixels, so none of the original's metadata (EXIF, GPS,
 * XMP, text chunks) survives: stills as WebP, GIFs as GIFs with every frame. Records it against its thread
 * (and post), so deleting those deletes the file. Answers the problem text for an unreadable image.
 */
export async function storeForumImage(
  db: Database,
  media: MediaStorage,
  file: UploadedFile,
  checked: Extract<ImageCheck, { ok: true }>,
  upload: ForumUpload,
): Promise<MediaUploadResult | { problem: string }> {
  let stored: { key: string; mime: string; width: number; height: number; size: number };
  try {
    stored =
      checked.format === 'gif'
        ? await storeGif(media, file.bytes, upload.threadId)
        : await storeStill(media, file.bytes, upload.threadId);
  } catch (error) {
    if (error instanceof InvalidImageError) return { problem: FORUM_API_TEXTS.unsupportedImage };
    throw error;
  }
  try {
    await db.insert(forumMedia).values({
      threadId: upload.threadId,
      postId: upload.postId ?? null,
      uploaderId: upload.uploaderId,
      storageKey: stored.key,
      mime: stored.mime,
      width: stored.width,
      height: stored.height,
      size: stored.size,
    });
  } catch (error) {
    // The thread or post went meanwhile: nothing names the file.
    await media.remove([stored.key]).catch(() => undefined);
    throw error;
  }
  return {
    url: media.url(stored.key),
    width: stored.width,
    height: stored.height,
    mime: stored.mime,
    size: stored.size,
  };
}

async function storeStill(media: MediaStorage, bytes: Buffer, threadId: number) {
  const image = await storeImage(media, {
    bytes,
    folder: FOLDER,
    idHint: threadId,
    formats: STILL_FORMATS,
    variantWidths: [],
  });
  return { key: image.key, mime: image.mime, width: image.width, height: image.height, size: image.bytes };
}

async function storeGif(media: MediaStorage, bytes: Buffer, threadId: number) {
  const { data, info } = await sharp(bytes, {
    animated: true,
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
  })
    .gif()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new InvalidImageError(`The image could not be read: ${(error as Error).message}`);
    });
  const key = `${FOLDER}/${threadId}-${randomBytes(5).toString('hex')}.gif`;
  await media.put(key, data, 'image/gif');
  return {
    key,
    mime: 'image/gif',
    width: info.width,
    height: info.pageHeight ?? info.height,
    size: data.length,
  };
}

/** Removes stored forum images; a failure leaves garbage files, never an error for the caller. */
export async function removeForumImages(media: MediaStorage, keys: string[]): Promise<void> {
  if (keys.length > 0) await media.remove(keys);
}
