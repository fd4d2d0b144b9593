import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { startSiteServer } from '../lib/site-server';
import { listFiles } from './build-output';

/**
 * Serves the build as it is deployed (scripts/lib/site-server.ts) and asks for the social card of `count`
 * series pages spread over the catalogue: each must answer 200 with a 1200×630 JPEG.
 */
export async function checkSocialCards(
  dist: string,
  env: NodeJS.ProcessEnv,
  count: number,
  port: number,
): Promise<void> {
  if (count <= 0) return;
  const pages = listFiles(join(dist, 'series')).filter((file) => /^\d+\.html$/.test(file));
  if (pages.length === 0) return;
  const step = Math.max(1, Math.floor(pages.length / count));
  const picked = pages.filter((_, index) => index % step === 0).slice(0, count);
  const apiUrl = `http://127.0.0.1:${env.PORT}`;
  const server = await startSiteServer({
    distDir: dist,
    port,
    socialCards: { apiUrl, publicApiUrl: env.PUBLIC_API_URL!, cacheDir: env.CARD_CACHE_DIR },
  });
  const siteUrl = env.SITE_URL!.replace(/\/+$/, '');
  let good = 0;
  const times: number[] = [];
  const problems: string[] = [];
  try {
    for (const page of picked) {
      const html = readFileSync(join(dist, 'series', page), 'utf8');
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      if (!image?.startsWith(siteUrl)) {
        problems.push(`${page}: og:image ${image ?? 'missing'}`);
        continue;
      }
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}${image.slice(siteUrl.length)}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      times.push(performance.now() - started);
      const meta = response.ok ? await sharp(bytes).metadata() : undefined;
      if (response.ok && meta?.format === 'jpeg' && meta.width === 1200 && meta.height === 630) good += 1;
      else
        problems.push(
          `${page}: ${response.status} ${meta?.format ?? ''} ${meta?.width ?? ''}×${meta?.height ?? ''}`,
        );
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `social cards: ${good} of ${picked.length} series pages' og:image answer 200 with a 1200×630 JPEG ` +
      `(first request, median ${median.toFixed(0)} ms)${problems.length ? `; ${problems.slice(0, 3).join('; ')}` : ''}`,
  );
  if (good !== picked.length) process.exitCode = 1;
}
