import sharp from 'sharp';
import { renderCoverArtPixels } from './api/catalogue/cover-art';
async function prof(name: string, f: (i: number) => Promise<unknown>, n = 200) {
  const c0 = process.cpuUsage(); const t = performance.now();
  for (let i = 0; i < n; i++) await f(i);
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(28), 'wall', ((performance.now() - t) / n).toFixed(2), 'cpu', ((c.user + c.system) / 1000 / n).toFixed(2), 'ms');
}
sharp.cache(false);
const p = await renderCoverArtPixels({ title: 'The Crimson Sword Saint', type: 'MANHWA', credit: 'Kim Ji-woo', seed: 3 }, 300);
const R = () => sharp(p.data, { raw: p });
await prof('resize lanczos3 raw', () => R().resize({ width: 200 }).raw().toBuffer());
await prof('resize linear raw', () => R().resize({ width: 200, kernel: 'linear' }).raw().toBuffer());
await prof('resize cubic raw', () => R().resize({ width: 200, kernel: 'cubic' }).raw().toBuffer());
await prof('resize mitchell raw', () => R().resize({ width: 200, kernel: 'mitchell' }).raw().toBuffer());
await prof('no resize raw', () => R().raw().toBuffer());
const small = await R().resize({ width: 200 }).raw().toBuffer({ resolveWithObject: true });
await prof('webp 200x300', () => sharp(small.data, { raw: small.info }).webp({ effort: 0, quality: 80 }).toBuffer());
await prof('webp 300x450', () => R().webp({ effort: 0, quality: 80 }).toBuffer());
await prof('webp 300x450 q60', () => R().webp({ effort: 0, quality: 60 }).toBuffer());
