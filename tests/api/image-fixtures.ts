import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

type Format = 'png' | 'jpeg' | 'webp' | 'gif';

/** A flat-colour image of the given size and format, made in memory. */
export function solidImage(width: number, height: number, format: Format = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

/** Random pixels compress badly: a PNG of this size is roughly width * height * 3 bytes. */
export function noiseImage(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A JPEG whose pixels are stored landscape but whose EXIF orientation (6: rotate 90°) makes it upright
 * portrait: what a phone camera produces.
 */
export function rotatedPortraitJpeg(storedWidth: number, storedHeight: number): Promise<Buffer> {
  return sharp({
    create: { width: storedWidth, height: storedHeight, channels: 3, background: { r: 20, g: 90, b: 160 } },
  })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A file that only pretends to be an image. */
export const NOT_AN_IMAGE = Buffer.from('This is a text file renamed to cover.png\n'.repeat(20));

/** Builds a multipart form: strings become fields, `{bytes, filename}` become files. */
export function multipartForm(
  fields: Record<string, string | { bytes: Buffer; filename: string; type?: string } | undefined>,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.set(name, value);
    else
      form.set(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'image/png' }),
        value.filename,
      );
  }
  return form;
}
