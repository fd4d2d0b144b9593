import sharp from 'sharp';
import { coverArtSvg } from './api/catalogue/cover-art';
async function prof(name: string, f: (i: number) => Promise<unknown>, n = 100, per = 1) {
  const c0 = process.cpuUsage(); const t = performance.now();
  for (let i = 0; i < n; i++) await f(i);
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(28), 'wall', ((performance.now() - t) / n / per).toFixed(2), 'cpu', ((c.user + c.system) / 1000 / n / per).toFixed(2), 'ms per cover');
}
sharp.cache(false);
const W = 300, H = 450, K = 8;
const input = (i: number) => ({ title: 'The Crimson Sword Saint ' + i, type: 'MANHWA', credit: 'Kim Ji-woo', seed: i });
const inner = (i: number) => coverArtSvg(input(i), W).replace(/^<svg [^>]*>/, `<svg x="${(i % K) * W}" y="0" width="${W}" height="${H}" viewBox="0 0 600 900">`).replace(/id="bg"/, `id="bg${i}"`).replace(/url\(#bg\)/, `url(#bg${i})`);
const sheet = (b: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W * K}" height="${H}">${Array.from({ length: K }, (_, j) => inner(b * K + j)).join('')}</svg>`;
await prof('single raw', (i) => sharp(Buffer.from(coverArtSvg(input(i), W))).removeAlpha().raw().toBuffer(), 100);
await prof('sheet raw', (b) => sharp(Buffer.from(sheet(b))).removeAlpha().raw().toBuffer(), 20, K);
const { data, info } = await sharp(Buffer.from(sheet(0))).removeAlpha().raw().toBuffer({ resolveWithObject: true });
await sharp(data, { raw: info }).png().toFile('/tmp/covers/sheet8.png');
await prof('extract+webp', (i) => sharp(data, { raw: info }).extract({ left: (i % K) * W, top: 0, width: W, height: H }).webp({ effort: 0, quality: 80 }).toBuffer(), 100);
await prof('extract+w200', (i) => sharp(data, { raw: info }).extract({ left: (i % K) * W, top: 0, width: W, height: H }).resize({ width: 200 }).webp({ effort: 0, quality: 80 }).toBuffer(), 100);
