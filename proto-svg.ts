import sharp from 'sharp';
import { coverArtSvg } from './api/catalogue/cover-art';
async function prof(name: string, f: (i: number) => Promise<unknown>, n = 200) {
  const c0 = process.cpuUsage(); const t = performance.now();
  for (let i = 0; i < n; i++) await f(i);
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(28), 'wall', ((performance.now() - t) / n).toFixed(2), 'cpu', ((c.user + c.system) / 1000 / n).toFixed(2), 'ms');
}
sharp.cache(false);
const full = coverArtSvg({ title: 'The Crimson Sword Saint', type: 'MANHWA', credit: 'Kim Ji-woo', seed: 1 }, 300);
const noText = full.replace(/<text[\s\S]*?<\/text>/g, '').replace(/<g [^>]*>[\s\S]*?<\/g>/, '');
const textOnly = full.replace(/<defs>[\s\S]*?<\/defs>/, '').replace(/<rect[^>]*\/>/g, '').replace(/<polygon[^>]*\/>/g, '').replace(/<circle[^>]*\/>/g, '');
const noGrad = full.replace('fill="url(#bg)"', 'fill="#234"');
const r = (svg: string) => sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
await prof('full', () => r(full));
await prof('no text', () => r(noText));
await prof('text only', () => r(textOnly));
await prof('no gradient', () => r(noGrad));
await prof('empty', () => r('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450"></svg>'));
console.log(textOnly);
