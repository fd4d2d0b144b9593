import { GIF_MAX_BYTES, IMAGE_MAX_BYTES, IMAGE_TYPES, TEXT } from '../forum-texts';

/**
 * Why an image may not be uploaded, checked before the call (spec §5, Image upload), or null. The API
 * checks the bytes and the pixel sizes again; the browser's type is only a first guess.
 */
export function imageUploadProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  const type = file.type.toLowerCase();
  if (!(IMAGE_TYPES as readonly string[]).includes(type)) return TEXT.unsupportedImage;
  if (type === 'image/gif') return file.size > GIF_MAX_BYTES ? TEXT.gifTooLarge : null;
  return file.size > IMAGE_MAX_BYTES ? TEXT.imageTooLarge : null;
}
