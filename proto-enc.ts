import sharp from 'sharp';
import { renderCoverArt } from './api/catalogue/cover-art';
async function prof(name: string, f: (i: number) => Promise<unknown>, n = 200) {
  const c0 = process.cpuUsage(); const t = performance.now();
  for (let i = 0; i < n; i++) await f(i);
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(28), 'wall', ((performance.now() - t) / n).toFixed(2), 'cpu', ((c.user + c.system) / 1000 / n).toFixed(2), 'ms');
}
sharp.cache(false);
const png = await renderCoverArt({ title: 'The Crimson Sword Saint', type: 'MANHWA', credit: 'Kim Ji-woo', seed: 1 }, { width: 300 });
const raw = await sharp(png).raw().toBuffer({ resolveWithObject: true });
const R = () => sharp(raw.data, { raw: raw.info });
await prof('e0 q80', () => R().webp({ quality: 80, effort: 0 }).toBuffer());
await prof('e0 q80 again', () => R().webp({ quality: 80, effort: 0 }).toBuffer());
await prof('e0 q80 drawing', () => R().webp({ quality: 80, effort: 0, preset: 'drawing' }).toBuffer());
await prof('e0 q80 picture', () => R().webp({ quality: 80, effort: 0, preset: 'picture' }).toBuffer());
await prof('e0 lossless', () => R().webp({ lossless: true, effort: 0 }).toBuffer());
await prof('jpeg q80', () => R().jpeg({ quality: 80 }).toBuffer());
await prof('png c0', () => R().png({ compressionLevel: 0, adaptiveFiltering: false }).toBuffer());
await prof('raw copy', () => R().raw().toBuffer());
const tiny = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#345' } }).raw().toBuffer();
await prof('tiny raw->webp', () => sharp(tiny, { raw: { width: 16, height: 16, channels: 3 } }).webp({ effort: 0 }).toBuffer());
await prof('tiny raw->raw', () => sharp(tiny, { raw: { width: 16, height: 16, channels: 3 } }).raw().toBuffer());
console.log((await R().webp({ quality: 80, effort: 0 }).toBuffer()).length, (await R().webp({ lossless: true, effort: 0 }).toBuffer()).length);
