import sharp from 'sharp';
import { renderCoverArtPixels } from './api/catalogue/cover-art';
import { storeImagePixels } from './api/media/store-image';
const noop = { put: async () => {}, remove: async () => {}, url: (k: string) => k };
async function prof(name: string, f: (i: number) => Promise<unknown>, n = 200) {
  const c0 = process.cpuUsage(); const t = performance.now();
  for (let i = 0; i < n; i++) await f(i);
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(28), 'wall', ((performance.now() - t) / n).toFixed(2), 'cpu', ((c.user + c.system) / 1000 / n).toFixed(2), 'ms');
}
sharp.cache(false);
const input = (i: number) => ({ title: 'The Crimson Sword Saint ' + i, type: 'MANHWA', credit: 'Kim Ji-woo', seed: i });
for (const W of [200, 240, 300, 400]) await prof('pixels ' + W, async (i) => storeImagePixels(noop, { folder: 'covers', pixels: await renderCoverArtPixels(input(i), W), idHint: 'x', effort: 0 }));
