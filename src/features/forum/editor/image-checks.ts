import {
  FORUM_API_TEXTS,
  FORUM_GIF_MAX_BYTES,
  FORUM_IMAGE_ACCEPT,
  FORUM_IMAGE_MAX_BYTES,
} from '../../../../contract/forum-values';

const ACCEPTED_TYPES = FORUM_IMAGE_ACCEPT.split(',');

/**
 * Why an image may not be uploaded, checked before the call, or null. The API
 * checks the bytes and the pixel sizes again; the browser's type is only a first guess.
 */
export function imageUploadProblem(file: Pick<File, 'type' | 'size'>): string | null {
  const type = file.type.toLowerCase();
  if (!ACCEPTED_TYPES.includes(type)) return FORUM_API_TEXTS.unsupportedImage;
  if (type === 'image/gif') return file.size > FORUM_GIF_MAX_BYTES ? FORUM_API_TEXTS.gifTooLarge : null;
  return file.size > FORUM_IMAGE_MAX_BYTES ? FORUM_API_TEXTS.imageTooLarge : null;
}
