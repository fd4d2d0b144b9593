import {
  FORUM_API_TEXTS as FORUM_TEXTS,
  FORUM_ERROR_CODES as FORUM_CODES,
} from '../../contract/forum-values';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, AVATAR_SIZE } from '../../contract/profiles-values';
import { httpError, type HttpError } from '../http-error';
import { checkImage, decodeChecked, type ImageRules } from '../media/image-check';
import type { MediaStorage } from '../media/storage';
import { InvalidImageError, storeImagePixels } from '../media/store-image';
import type { UploadedFile } from '../plugins/forms';

const FOLDER = 'avatars';

interface ImageRefusal {
  detail: string;
  code: string;
}

const UNSUPPORTED: ImageRefusal = {
  detail: FORUM_TEXTS.unsupportedImage,
  code: FORUM_CODES.unsupportedImage,
};

const STILL_LIMITS = {
  maxBytes: {
    bytes: AVATAR_MAX_BYTES,
    problem: { detail: FORUM_TEXTS.imageTooLarge, code: FORUM_CODES.imageTooLarge },
  },
  maxSide: AVATAR_MAX_SIDE,
  tooLarge: { detail: FORUM_TEXTS.imageDimensionsTooLarge, code: FORUM_CODES.imageDimensions },
};

/**
 * An avatar is refused exactly as a forum still image is (PNG, JPEG or WebP, at most 300 KB and 1024×1024,
 * the same texts and codes); a GIF or anything else is unsupported. The check reads only the header, so a
 * decompression bomb (a tiny file declaring a huge image) is refused before any pixel is decoded.
 */
export const AVATAR_IMAGE_RULES: ImageRules<ImageRefusal> = {
  formats: { png: STILL_LIMITS, jpeg: STILL_LIMITS, webp: STILL_LIMITS },
  unsupported: UNSUPPORTED,
};

const refused = ({ detail, code }: ImageRefusal): HttpError => httpError(400, detail, { code });

/**
 * Checks an upload, then stores it re-encoded from its pixels (no metadata survives) as a square WebP of
 * AVATAR_SIZE px, cropped to the centre, under a fresh key. Answers the key; 400 when refused.
 */
export async function storeAvatar(media: MediaStorage, file: UploadedFile, userId: number): Promise<string> {
  const checked = await checkImage(file, AVATAR_IMAGE_RULES);
  if (!checked.ok) throw refused(checked.problem);
  const { data, info } = await decodeChecked(checked.image)
    .rotate()
    .toColourspace('srgb')
    .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover', position: 'centre' })
    .raw()
    .toBuffer({ resolveWithObject: true })
    // A readable header over pixels that cannot be decoded.
    .catch(() => {
      throw refused(UNSUPPORTED);
    });
  try {
    const stored = await storeImagePixels(media, {
      folder: FOLDER,
      idHint: userId,
      variantWidths: [],
      pixels: { data, width: info.width, height: info.height, channels: info.channels },
    });
    return stored.key;
  } catch (error) {
    if (error instanceof InvalidImageError) throw refused(UNSUPPORTED);
    throw error;
  }
}
