import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
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

/** An animated GIF of `frames` frames, each width × height, alternately red and blue. */
export async function animatedGif(width: number, height: number, frames = 3): Promise<Buffer> {
  const colours = [
    { r: 230, g: 40, b: 40 },
    { r: 30, g: 60, b: 220 },
  ];
  const images = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      // Consecutive frames differ, so the encoder keeps every one of them.
      sharp({ create: { width, height, channels: 3, background: colours[i % 2]! } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(images, { join: { animated: true } })
    .gif()
    .toBuffer();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A complete, decodable black PNG of 1 bit a pixel: 20000×20000 px weigh 48 KB. Written directly, as sharp
 * takes about 15 s to encode 400 megapixels.
 */
export function bilevelPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Each row: filter type 0, then width bits of zeros.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A 1×1 PNG whose header claims width × height: its pixel data cannot fill that, so decoding it fails.
 * Only a check that reads the header alone can tell that its dimensions are the problem.
 */
export async function pngClaimingSize(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solidImage(1, 1, 'png'));
  // The IHDR chunk follows the signature: length (4), type (4), then width and height.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
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
