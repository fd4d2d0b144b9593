import sharp from 'sharp';
import { coverArtSvg, renderCoverArt } from './api/catalogue/cover-art';
import { storeImage } from './api/media/store-image';
const W = Number(process.argv[2] ?? 300);
const noop = { put: async () => {}, remove: async () => {}, url: (k: string) => k };
async function prof(name: string, f: (i: number) => Promise<unknown>, n = 200) {
  const c0 = process.cpuUsage(); const t = performance.now();
  for (let i = 0; i < n; i++) await f(i);
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(28), 'wall', ((performance.now() - t) / n).toFixed(2), 'cpu', ((c.user + c.system) / 1000 / n).toFixed(2), 'ms');
}
const input = (i: number) => ({ title: 'The Crimson Sword Saint ' + i, type: 'MANHWA', credit: 'Kim Ji-woo', seed: i });
await prof('svg string', async (i) => coverArtSvg(input(i), W));
await prof('svg->raw', (i) => sharp(Buffer.from(coverArtSvg(input(i), W))).raw().toBuffer());
await prof('render png', (i) => renderCoverArt(input(i), { width: W }));
const png = await renderCoverArt(input(1), { width: W });
await prof('metadata', () => sharp(png).metadata());
await prof('decode raw', () => sharp(png).rotate().resize({ width: 4096, height: 4096, fit: 'inside', withoutEnlargement: true }).toColourspace('srgb').raw().toBuffer());
await prof('decode raw plain', () => sharp(png).raw().toBuffer());
const raw = await sharp(png).raw().toBuffer({ resolveWithObject: true });
await prof('webp full e0', () => sharp(raw.data, { raw: raw.info }).webp({ quality: 80, effort: 0 }).toBuffer());
await prof('webp w200 e0', () => sharp(raw.data, { raw: raw.info }).resize({ width: 200 }).webp({ quality: 80, effort: 0 }).toBuffer());
await prof('storeImage noop', () => storeImage(noop, { folder: 'covers', bytes: png, idHint: 'x', effort: 0 }));
await prof('all', async (i) => storeImage(noop, { folder: 'covers', bytes: await renderCoverArt(input(i), { width: W }), idHint: 'x', effort: 0 }));
