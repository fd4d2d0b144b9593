import { randomBytes } from 'node:crypto';
import {
  FORUM_API_TEXTS as TEXTS,
  FORUM_ERROR_CODES as CODES,
  FORUM_GIF_MAX_BYTES,
  FORUM_GIF_MAX_SIDE,
  FORUM_GIF_MAX_FRAMES,
  FORUM_IMAGE_MAX_BYTES,
  FORUM_IMAGE_MAX_SIDE,
  type MediaUploadResult,
} from '../../contract/forum';
import type { Database } from '../db/client';
import { forumMedia } from '../db/schema';
import { httpError, type HttpError } from '../http-error';
import { checkImage, decodeChecked, type CheckedImage, type ImageRules } from '../media/image-check';
import type { MediaStorage } from '../media/storage';
import type { UploadedFile } from '../plugins/forms';
import { InvalidImageError, storeImage } from '../media/store-image';

const FOLDER = 'forum';

/** A refusal of an image: the contract's text with its code, each stated once here. */
interface ImageRefusal {
  detail: string;
  code: string;
}

const UNSUPPORTED: ImageRefusal = { detail: TEXTS.unsupportedImage, code: CODES.unsupportedImage };

const STILL_LIMITS = {
  maxBytes: {
    bytes: FORUM_IMAGE_MAX_BYTES,
    problem: { detail: TEXTS.imageTooLarge, code: CODES.imageTooLarge },
  },
  maxSide: FORUM_IMAGE_MAX_SIDE,
  tooLarge: { detail: TEXTS.imageDimensionsTooLarge, code: CODES.imageDimensions },
};

/**
 * PNG, JPEG and WebP at most 300 KB and 1024×1024; GIF at most 1 MB and 512×512 a frame, and at most
 * FORUM_GIF_MAX_FRAMES frames. Stills are stored re-encoded as WebP; GIFs stay GIFs, so animations survive.
 */
export const FORUM_IMAGE_RULES: ImageRules<ImageRefusal> = {
  formats: {
    png: STILL_LIMITS,
    jpeg: STILL_LIMITS,
    webp: STILL_LIMITS,
    gif: {
      maxBytes: {
        bytes: FORUM_GIF_MAX_BYTES,
        problem: { detail: TEXTS.gifTooLarge, code: CODES.imageTooLarge },
      },
      maxSide: FORUM_GIF_MAX_SIDE,
      tooLarge: { detail: TEXTS.gifDimensionsTooLarge, code: CODES.imageDimensions },
      maxFrames: {
        frames: FORUM_GIF_MAX_FRAMES,
        problem: { detail: TEXTS.gifTooManyFrames, code: CODES.imageDimensions },
      },
    },
  },
  unsupported: UNSUPPORTED,
};

const refused = ({ detail, code }: ImageRefusal): HttpError => httpError(400, detail, { code });

/** An upload that passes the forum's image rules (types, bytes, frame size and count), from its header; else 400. */
export async function checkForumImage(file: UploadedFile): Promise<CheckedImage> {
  const checked = await checkImage(file, FORUM_IMAGE_RULES);
  if (!checked.ok) throw refused(checked.problem);
  return checked.image;
}

export interface ForumUpload {
  /** Undefined for an image uploaded before its thread exists: unclaimed until a post shows it. */
  threadId?: number | undefined;
  postId?: number | undefined;
  uploaderId: number;
}

/**
 * Stores a checked image re-encoded from its decoded pixels, so none of the original's metadata (EXIF, GPS,
 * XMP, text chunks) survives: stills as WebP, GIFs as GIFs with every frame. Records it against its thread
 * (and post), so deleting those deletes the file, or without a thread for its uploader alone (see
 * unclaimed-media.ts). An image that cannot be decoded is refused as unsupported (400).
 */
export async function storeForumImage(
  db: Database,
  media: MediaStorage,
  image: CheckedImage,
  upload: ForumUpload,
): Promise<MediaUploadResult> {
  let stored: { key: string; mime: string; width: number; height: number; size: number };
  try {
    stored =
      image.format === 'gif'
        ? await storeGif(media, image, upload.threadId)
        : await storeStill(media, image, upload.threadId);
  } catch (error) {
    if (error instanceof InvalidImageError) throw refused(UNSUPPORTED);
    throw error;
  }
  try {
    await db.insert(forumMedia).values({
      threadId: upload.threadId ?? null,
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

/** The readable start of a key: the thread's id, or "new" for an image of a thread being written. */
const keyHint = (threadId: number | undefined) => threadId ?? 'new';

async function storeStill(media: MediaStorage, image: CheckedImage, threadId: number | undefined) {
  const stored = await storeImage(media, {
    image,
    folder: FOLDER,
    idHint: keyHint(threadId),
    variantWidths: [],
  });
  return {
    key: stored.key,
    mime: stored.mime,
    width: stored.width,
    height: stored.height,
    size: stored.bytes,
  };
}

/** Re-encodes every frame, so no comment or application extension of the original survives. */
async function storeGif(media: MediaStorage, image: CheckedImage, threadId: number | undefined) {
  const { data, info } = await decodeChecked(image, { animated: true })
    .gif()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new InvalidImageError(`The image could not be read: ${(error as Error).message}`);
    });
  const key = `${FOLDER}/${keyHint(threadId)}-${randomBytes(5).toString('hex')}.gif`;
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
