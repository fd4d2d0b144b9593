import { IMAGE_MAX_SIDE, IMAGE_TOO_LARGE } from '../../contract/catalogue';
import { ISSUE_SCREENSHOT_FORMATS, ISSUE_SCREENSHOT_MAX_BYTES, ISSUE_TEXTS } from '../../contract/issues';
import { checkImage, type FormatLimits, type ImageRules } from '../media/image-check';
import type { MediaStorage } from '../media/storage';
import { InvalidImageError, removeImage, storeImage } from '../media/store-image';
import type { UploadedFile } from '../plugins/forms';

const SCREENSHOT_FOLDER = 'issue-screenshots';

/** Screenshots are stored like any image: at most 4096 px a side. */
const SCREENSHOT_LIMITS: FormatLimits = { maxSide: IMAGE_MAX_SIDE, tooLarge: IMAGE_TOO_LARGE };

/** PNG, JPEG, WebP or GIF by their bytes, at most 2 MB; of an animated GIF, the first frame is kept. */
export const SCREENSHOT_RULES: ImageRules = {
  maxBytes: { bytes: ISSUE_SCREENSHOT_MAX_BYTES, problem: ISSUE_TEXTS.screenshotTooLarge },
  formats: Object.fromEntries(ISSUE_SCREENSHOT_FORMATS.map((format) => [format, SCREENSHOT_LIMITS])),
  unsupported: ISSUE_TEXTS.screenshotInvalid,
};

/** A browser submitting a form with no file chosen still sends the field: empty, without a name. */
export function isNoFile(file: UploadedFile): boolean {
  return file.bytes.length === 0 && file.filename === '';
}

/**
 * Checks a screenshot and stores it re-encoded as WebP from its decoded pixels, so nothing of the original
 * file but the picture survives: no EXIF, GPS, XMP, ICC or text chunks. Answers the stored key, or the
 * problem to show next to the field.
 */
export async function storeScreenshot(
  media: MediaStorage,
  file: UploadedFile,
): Promise<{ key: string } | { problem: string }> {
  const checked = await checkImage(file, SCREENSHOT_RULES);
  if (!checked.ok) return { problem: checked.problem };
  try {
    const stored = await storeImage(media, {
      image: checked.image,
      folder: SCREENSHOT_FOLDER,
      variantWidths: [],
    });
    return { key: stored.key };
  } catch (error) {
    if (error instanceof InvalidImageError) return { problem: ISSUE_TEXTS.screenshotInvalid };
    throw error;
  }
}

export { removeImage as removeScreenshot };
