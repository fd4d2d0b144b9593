import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { coverArtSvg, renderCoverArt, renderCoverArtPixels } from '../../scripts/demo/cover-art';

const cover = { title: 'The Crimson Sword Saint', type: 'MANHWA', credit: 'Kim Ji-woo', seed: 3 };

describe('generated cover art', () => {
  it('draws a 2:3 PNG, 400x600 by default', async () => {
    const metadata = await sharp(await renderCoverArt(cover)).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 400, height: 600 });
  });

  it('draws at any width, and as WebP on request', async () => {
    const metadata = await sharp(await renderCoverArt(cover, { width: 200, format: 'webp' })).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 200, height: 300 });
    const pixels = await renderCoverArtPixels(cover, 300);
    expect(pixels).toMatchObject({ width: 300, height: 450, channels: 3 });
    expect(pixels.data.length).toBe(300 * 450 * 3);
  });

  it('gives the same bytes for the same input and different art for different titles', async () => {
    const [first, again, other] = await Promise.all([
      renderCoverArt(cover),
      renderCoverArt({ ...cover }),
      renderCoverArt({ ...cover, title: 'Moonlit Tea' }),
    ]);
    expect(first.equals(again)).toBe(true);
    expect(first.equals(other)).toBe(false);
  });

  it('picks different palettes for different seeds', async () => {
    const averages = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (seed) => {
        const { channels } = await sharp(await renderCoverArt({ ...cover, seed }, { width: 90 })).stats();
        return channels.map((channel) => Math.round(channel.mean)).join(',');
      }),
    );
    expect(new Set(averages).size).toBeGreaterThan(3);
  });

  it('escapes markup in titles and wraps very long ones onto the cover', async () => {
    const svg = coverArtSvg({ title: 'Tom & Jerry <3 "Quotes"', type: 'MANGA' });
    for (const escaped of ['Tom &amp;', 'Jerry &lt;3', '&quot;Quotes&quot;']) expect(svg).toContain(escaped);
    expect(svg).not.toMatch(/[^>]<3/);
    const long = {
      title: 'Return of the Ninth-Ranked Necromancer Who Refused to Die Again and Again',
      type: 'MANHUA',
    };
    expect((await sharp(await renderCoverArt(long)).metadata()).height).toBe(600);
    const lines = coverArtSvg(long).match(/<text x="44" y="[\d.]+">/g) ?? [];
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(5);
  });

  it('refuses silly widths', async () => {
    await expect(renderCoverArt(cover, { width: 10 })).rejects.toThrow(RangeError);
  });
});
