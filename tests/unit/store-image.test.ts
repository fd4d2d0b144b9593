import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { variantKey } from '../../api/media/images';
import { LocalDiskStorage, type MediaStorage } from '../../api/media/storage';
import { checkImage, type CheckedImage, type ImageRules } from '../../api/media/image-check';
import { copyStoredImage, InvalidImageError, removeImage, storeImage } from '../../api/media/store-image';

let root: string;
let storage: LocalDiskStorage;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'panelrank-store-image-'));
  storage = new LocalDiskStorage(root, 'http://media.test');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

const STILLS = { maxSide: 4096, tooLarge: 'Too large.' };
const RULES: ImageRules = {
  formats: { png: STILLS, jpeg: STILLS, webp: STILLS },
  unsupported: 'Unsupported.',
};

async function checked(bytes: Buffer): Promise<CheckedImage> {
  const check = await checkImage({ bytes }, RULES);
  if (!check.ok) throw new Error(check.problem);
  return check.image;
}

async function storedSize(key: string) {
  const metadata = await sharp(join(root, key)).metadata();
  return { format: metadata.format, width: metadata.width, height: metadata.height };
}

describe('storeImage', () => {
  it('stores a full-size WebP and its 200 and 400 px variants under a fresh key', async () => {
    const bytes = await picture(1000, 1500).png().toBuffer();
    const stored = await storeImage(storage, {
      folder: 'covers',
      image: await checked(bytes),
      idHint: 'The Crimson Blade!',
    });
    expect(stored.key).toMatch(/^covers\/the-crimson-blade-[0-9a-f]{10}\.webp$/);
    expect(stored).toMatchObject({ width: 1000, height: 1500, mime: 'image/webp' });
    expect(await storedSize(stored.key)).toEqual({ format: 'webp', width: 1000, height: 1500 });
    expect(await storedSize(variantKey(stored.key, 200))).toEqual({
      format: 'webp',
      width: 200,
      height: 300,
    });
    expect(await storedSize(variantKey(stored.key, 400))).toEqual({
      format: 'webp',
      width: 400,
      height: 600,
    });
    expect(stored.bytes).toBeGreaterThan(0);

    const again = await storeImage(storage, {
      folder: 'covers',
      image: await checked(bytes),
      idHint: 'The Crimson Blade!',
    });
    expect(again.key).not.toBe(stored.key);
    expect(storage.url(stored.key)).toBe(`http://media.test/media/${stored.key}`);
  });

  it('accepts JPEG and WebP by content and never upscales a small image', async () => {
    const jpeg = await picture(150, 225).jpeg().toBuffer();
    const stored = await storeImage(storage, {
      folder: 'uploads/forum',
      image: await checked(jpeg),
      idHint: 12,
    });
    expect(stored.key).toMatch(/^uploads\/forum\/12-[0-9a-f]{10}\.webp$/);
    for (const key of [stored.key, variantKey(stored.key, 200), variantKey(stored.key, 400)]) {
      expect(await storedSize(key)).toEqual({ format: 'webp', width: 150, height: 225 });
      expect(readFileSync(join(root, key)).length).toBe(stored.bytes);
    }
    const webp = await picture(300, 450).webp().toBuffer();
    const fromWebp = await storeImage(storage, { folder: 'covers', image: await checked(webp) });
    expect(await storedSize(variantKey(fromWebp.key, 200))).toMatchObject({ width: 200 });
    expect(await storedSize(variantKey(fromWebp.key, 400))).toMatchObject({ width: 300 });
  });

  it('copies the original as a variant through storages that cannot duplicate', async () => {
    const plain: MediaStorage = {
      kind: 'local',
      put: (key, bytes) => storage.put(key, bytes),
      remove: (keys) => storage.remove(keys),
      url: (key) => storage.url(key),
    };
    const stored = await storeImage(plain, {
      folder: 'covers',
      image: await checked(await picture(300, 450).png().toBuffer()),
    });
    const original = readFileSync(join(root, stored.key));
    expect(readFileSync(join(root, variantKey(stored.key, 400))).equals(original)).toBe(true);
    expect(await storedSize(variantKey(stored.key, 200))).toMatchObject({ width: 200, height: 300 });
  });

  it('turns an image upright per its EXIF orientation', async () => {
    const sideways = await picture(300, 200).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const stored = await storeImage(storage, { folder: 'covers', image: await checked(sideways) });
    expect(stored).toMatchObject({ width: 200, height: 300 });
  });

  it('stores nothing for a readable header over pixels that cannot be decoded', async () => {
    const png = await picture(200, 300).png().toBuffer();
    // The pixel data (from byte 62, inside the IDAT chunk) overwritten: the header before it is intact.
    const image = await checked(Buffer.from(png).fill(7, 62, 1062));
    await expect(storeImage(storage, { folder: 'covers', image })).rejects.toBeInstanceOf(InvalidImageError);
    expect(readdirSync(root)).toEqual([]);
  });

  it('refuses a folder that could escape the media root', async () => {
    const bytes = await picture(10, 15).png().toBuffer();
    await expect(storeImage(storage, { folder: '../etc', image: await checked(bytes) })).rejects.toThrow(
      /folder/,
    );
  });
});

describe('removeImage', () => {
  it('removes the image and its variants, and tolerates a second removal', async () => {
    const stored = await storeImage(storage, {
      folder: 'covers',
      image: await checked(await picture(600, 900).png().toBuffer()),
    });
    await removeImage(storage, stored.key);
    for (const key of [stored.key, variantKey(stored.key, 200), variantKey(stored.key, 400)]) {
      expect(existsSync(join(root, key))).toBe(false);
    }
    await expect(removeImage(storage, stored.key)).resolves.toBeUndefined();
  });
});

describe('copyStoredImage', () => {
  it('stores the same image and variants under a fresh key that outlives the original', async () => {
    const stored = await storeImage(storage, {
      folder: 'covers',
      image: await checked(await picture(600, 900).png().toBuffer()),
    });
    const copy = await copyStoredImage(storage, stored.key, { folder: 'covers', idHint: 'Other Series' });
    expect(copy).toMatch(/^covers\/other-series-[0-9a-f]{10}\.webp$/);
    const pairs = [
      [stored.key, copy],
      [variantKey(stored.key, 200), variantKey(copy, 200)],
      [variantKey(stored.key, 400), variantKey(copy, 400)],
    ] as const;
    const originals = pairs.map(([original]) => readFileSync(join(root, original)));
    await removeImage(storage, stored.key);
    pairs.forEach(([, copied], index) => expect(readFileSync(join(root, copied))).toEqual(originals[index]));
  });

  it('copies through storages that cannot duplicate, and into a folder not created yet', async () => {
    const stored = await storeImage(storage, {
      folder: 'covers',
      image: await checked(await picture(300, 450).png().toBuffer()),
    });
    const plain: MediaStorage = {
      kind: 's3',
      put: (key, bytes) => storage.put(key, bytes),
      remove: (keys) => storage.remove(keys),
      url: (key) => storage.url(key),
      get: async (key) => {
        const { createReadStream } = await import('node:fs');
        return { body: createReadStream(join(root, key)), contentType: 'image/webp' };
      },
    };
    for (const target of [plain, storage]) {
      const copy = await copyStoredImage(target, stored.key, { folder: 'elsewhere/new' });
      expect(readFileSync(join(root, copy))).toEqual(readFileSync(join(root, stored.key)));
    }
  });
});
