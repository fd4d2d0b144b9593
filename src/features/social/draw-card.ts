import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { buildFetch } from '../../lib/build-fetch';
import { DRAWING_VERSION, SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type CardArt } from './card-art';

/*
 * Draws social cards with sharp: the build's few (card-registry.ts) and, on request, those of series and
 * forum threads (on-demand-card.ts). Covers are fetched from the API; a card depends only on its art (a
 * cover URL is never reused for other bytes: media keys are immutable), so drawn cards are kept in a cache
 * folder keyed by the art. node_modules/.cache survives between Netlify builds; CARD_CACHE_DIR moves it.
 */

const MARGIN = 40;
const JPEG = { quality: 82, progressive: true } as const;
const ACCENT = '#4338ca';

export interface DrawEnv {
  /** The browser-facing API origin media URLs start with (PUBLIC_API_URL). */
  publicApiUrl: string;
  /** Where the build reaches the same API, when it differs (BUILD_API_URL). */
  buildApiUrl?: string | undefined;
  cacheDir?: string | undefined;
}

function cacheDirFor(env: DrawEnv): string {
  return resolve(env.cacheDir?.trim() || 'node_modules/.cache/panelrank/social-cards');
}

/** A media URL as the build reaches it: the public API origin swapped for BUILD_API_URL when set. */
export function buildFetchUrl(url: string, env: DrawEnv): string {
  const from = env.publicApiUrl.replace(/\/+$/, '');
  const to = env.buildApiUrl?.trim().replace(/\/+$/, '');
  return to && url.startsWith(`${from}/`) ? to + url.slice(from.length) : url;
}

/** Drawing the soft shadow is the slowest step; covers share a few sizes, so each is drawn once. */
const shadows = new Map<string, Promise<Buffer>>();
function shadowFor(left: number, top: number, width: number, height: number): Promise<Buffer> {
  const key = `${left},${top},${width},${height}`;
  let shadow = shadows.get(key);
  if (!shadow) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_CARD_WIDTH}" height="${SOCIAL_CARD_HEIGHT}">
      <defs><filter id="s" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter></defs>
      <rect x="${left}" y="${top + 10}" width="${width}" height="${height}" rx="6" fill="#000" fill-opacity="0.55" filter="url(#s)"/>
    </svg>`;
    shadow = sharp(Buffer.from(svg)).raw().toBuffer();
    shadows.set(key, shadow);
  }
  return shadow;
}

/** The cover, centred at full card height, over itself blurred and darkened to fill the 1200×630 frame. */
export async function drawCoverCard(cover: Buffer): Promise<Buffer> {
  const height = SOCIAL_CARD_HEIGHT - 2 * MARGIN;
  const [background, foreground] = await Promise.all([
    // Blurred small, then scaled up: the look of a large blur over the whole frame at a fraction of the work.
    sharp(cover)
      .resize(SOCIAL_CARD_WIDTH / 10, SOCIAL_CARD_HEIGHT / 10, { fit: 'cover' })
      .removeAlpha()
      .blur(2.8)
      .modulate({ brightness: 0.45, saturation: 1.1 })
      .raw()
      .toBuffer({ resolveWithObject: true }),
    sharp(cover)
      .resize({ height, width: SOCIAL_CARD_WIDTH - 2 * MARGIN, fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ]);
  const left = Math.round((SOCIAL_CARD_WIDTH - foreground.info.width) / 2);
  const top = Math.round((SOCIAL_CARD_HEIGHT - foreground.info.height) / 2);
  const shadow = await shadowFor(left, top, foreground.info.width, foreground.info.height);
  const { width, height: smallHeight, channels } = background.info;
  return sharp(background.data, { raw: { width, height: smallHeight, channels } })
    .resize(SOCIAL_CARD_WIDTH, SOCIAL_CARD_HEIGHT, { kernel: 'cubic' })
    .composite([
      {
        input: shadow,
        raw: { width: SOCIAL_CARD_WIDTH, height: SOCIAL_CARD_HEIGHT, channels: 4 },
        left: 0,
        top: 0,
      },
      {
        input: foreground.data,
        raw: {
          width: foreground.info.width,
          height: foreground.info.height,
          channels: foreground.info.channels,
        },
        left,
        top,
      },
    ])
    .jpeg(JPEG)
    .toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Greedy word wrap to at most `maxLines` lines of about `perLine` characters, with an ellipsis when cut. */
export function wrapTitle(title: string, perLine: number, maxLines: number): string[] {
  const words = title.replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= perLine || !line) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines.map((entry) => entry.slice(0, perLine + 8));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, perLine - 1).trimEnd()}…`;
  return kept;
}

/** A title on the brand card: the PanelRank mark, an eyebrow (Forum, Reading list, a type) and the title. */
export async function drawTextCard(eyebrow: string, title: string): Promise<Buffer> {
  const lines = wrapTitle(title, 24, 3);
  const text = lines
    .map(
      (line, index) =>
        `<text x="80" y="${300 + index * 84}" font-size="64" font-weight="700" fill="#16181d">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_CARD_WIDTH}" height="${SOCIAL_CARD_HEIGHT}" font-family="DejaVu Sans, Arial, sans-serif">
    <rect width="100%" height="100%" fill="#f6f7f9"/>
    <rect width="100%" height="14" fill="${ACCENT}"/>
    <g transform="translate(80 80) scale(2)">
      <rect width="32" height="32" rx="7" fill="${ACCENT}"/>
      <rect x="7" y="17" width="5" height="8" rx="1" fill="#fff"/>
      <rect x="13.5" y="7" width="5" height="18" rx="1" fill="#fff"/>
      <rect x="20" y="12" width="5" height="13" rx="1" fill="#fff"/>
    </g>
    <text x="160" y="128" font-size="44" font-weight="700" fill="#16181d">PanelRank</text>
    <text x="80" y="214" font-size="30" font-weight="700" fill="${ACCENT}" letter-spacing="2">${escapeXml(eyebrow.toUpperCase())}</text>
    ${text}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg(JPEG).toBuffer();
}

async function fetchCover(url: string): Promise<Buffer> {
  return Buffer.from(await buildFetch(url, { responseType: 'arrayBuffer', headers: { accept: 'image/*' } }));
}

export interface DrawLog {
  /** Called when a cover could not be used and the title card was drawn instead. */
  warn(message: string): void;
}

/**
 * The card's JPEG bytes, from the cache when this art was drawn before. A cover that cannot be fetched or
 * read gives the title card instead (and is not cached, so the next build tries the cover again).
 */
export async function drawCard(art: CardArt, env: DrawEnv, log: DrawLog = console): Promise<Buffer> {
  const dir = cacheDirFor(env);
  const key = createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, art]))
    .digest('hex');
  const file = join(dir, `${key}.jpg`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return cached;

  let bytes: Buffer;
  if (art.kind === 'cover') {
    try {
      bytes = await drawCoverCard(await fetchCover(buildFetchUrl(art.coverUrl, env)));
    } catch (error) {
      log.warn(`Social card for "${art.title}": ${(error as Error).message}; drawing a title card instead.`);
      return drawTextCard('PanelRank', art.title);
    }
  } else {
    bytes = await drawTextCard(art.eyebrow, art.title);
  }
  await mkdir(dir, { recursive: true });
  // Unique per draw: two cards with the same art (threads of one title, two requests at once) may be drawn
  // at the same time, and with one temporary name the second rename found the file gone.
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
  return bytes;
}
