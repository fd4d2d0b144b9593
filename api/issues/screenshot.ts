import { ISSUE_SCREENSHOT_FORMATS, ISSUE_SCREENSHOT_MAX_BYTES, ISSUE_TEXTS } from '../../contract/issues';
import type { MediaStorage } from '../media/storage';
import { InvalidImageError, removeImage, storeImage } from '../media/store-image';
import type { UploadedFile } from '../plugins/forms';

const SCREENSHOT_FOLDER = 'issue-screenshots';

/** A browser submitting a form with no file chosen still sends the field: empty, without a name. */
export function isNoFile(file: UploadedFile): boolean {
  return file.bytes.length === 0 && file.filename === '';
}

/**
 * Checks a screenshot (PNG, JPEG, WebP or GIF by its bytes, at most 2 MB) and stores it re-encoded as WebP
 * from its decoded pixels, so nothing of the original file but the picture survives: no EXIF, GPS, XMP,
 * ICC or text chunks. Answers the stored key, or the problem to show next to the field.
 */
export async function storeScreenshot(
  media: MediaStorage,
  file: UploadedFile,
): Promise<{ key: string } | { problem: string }> {
  if (file.truncated || file.bytes.length > ISSUE_SCREENSHOT_MAX_BYTES) {
    return { problem: ISSUE_TEXTS.screenshotTooLarge };
  }
  try {
    const stored = await storeImage(media, {
      bytes: file.bytes,
      folder: SCREENSHOT_FOLDER,
      formats: ISSUE_SCREENSHOT_FORMATS,
      variantWidths: [],
    });
    return { key: stored.key };
  } catch (error) {
    if (error instanceof InvalidImageError) return { problem: ISSUE_TEXTS.screenshotInvalid };
    throw error;
  }
}

export { removeImage as removeScreenshot };
