import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { TestServer } from './harness';

/** Strings planted in screenshot metadata; none may ever be served back. */
export const SECRET_CAMERA = 'SecretCam X1000';
export const SECRET_AUTHOR = 'Jane Reporter-Private';
export const SECRET_COMMENT = 'home address: 12 Hidden Lane';
export const SECRET_XMP_TITLE = 'private-xmp-title';

/** A JPEG carrying EXIF (camera, artist), GPS coordinates and XMP: what a phone screenshot can carry. */
export function jpegWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: SECRET_CAMERA, Model: SECRET_CAMERA, Artist: SECRET_AUTHOR, Copyright: SECRET_AUTHOR },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2964/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4014/100',
      },
    })
    .withXmp(
      `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">` +
        `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description ` +
        `xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${SECRET_XMP_TITLE}</dc:title>` +
        `</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`,
    )
    .toBuffer();
}

/** Whether EXIF data (as sharp's metadata().exif gives it) holds a GPS IFD: the pointer tag 0x8825. */
export function hasGpsIfd(exif: Buffer): boolean {
  const tiff = exif.indexOf('Exif\0\0', 0, 'latin1') + 6;
  const littleEndian = exif.toString('latin1', tiff, tiff + 2) === 'II';
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

/** A PNG with a tEXt chunk (`Comment`), spliced in after IHDR as image editors write it. */
export async function pngWithTextChunk(): Promise<Buffer> {
  const png = await sharp({
    create: { width: 240, height: 160, channels: 3, background: { r: 220, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
  const data = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.from(SECRET_COMMENT, 'latin1')]);
  const type = Buffer.from('tEXt', 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0, 8 + data.length);
  // Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 CRC).
  const afterIhdr = 8 + 25;
  return Buffer.concat([png.subarray(0, afterIhdr), chunk, png.subarray(afterIhdr)]);
}

/** A report's text fields, valid as they are; override what a test is about. */
export function reportFields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    type: 'BUG',
    title: 'Cover of Solo Climber is broken',
    description: 'The cover image does not load on the series page.',
    page_url: 'http://localhost:4321/series/12',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** Reports through the API as JSON; the new report's id. */
export async function report(
  server: TestServer,
  overrides: Record<string, string | undefined> = {},
): Promise<number> {
  const response = await server.request('/issues/report', { method: 'POST', json: reportFields(overrides) });
  if (response.status !== 201)
    throw new Error(`report answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}
