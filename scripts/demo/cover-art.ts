import sharp from 'sharp';
import { hashString, mulberry32, type RandomSource } from './seeded-random';

/**
 * Generated placeholder covers: a 2:3 poster with a palette and shapes picked from a seed, the title in
 * large type and the series type on a tag. Drawn as SVG and rasterised by sharp (librsvg), so the same
 * input always gives the same bytes. Used by the demo catalogue; anything uploaded replaces it.
 */

export interface CoverArtInput {
  title: string;
  /** Shown on the tag, e.g. MANHWA. */
  type: string;
  /** Small line at the foot, e.g. the author. */
  credit?: string;
  /** Picks the palette and composition; defaults to the title. */
  seed?: number | string;
}

export interface CoverArtOptions {
  /** Output width in pixels; the height is 1.5 times it. */
  width?: number;
  /**
   * `png` is written uncompressed: it is an intermediate that storeImage re-encodes, and compressing it
   * would cost more than the whole WebP encode.
   */
  format?: 'png' | 'webp';
}

/** The SVG is laid out in these units and scaled to the requested width. */
const VIEW_WIDTH = 600;
const VIEW_HEIGHT = 900;
export const DEFAULT_COVER_WIDTH = 400;
const FONT_FAMILY = "'DejaVu Sans', 'Noto Sans', 'Liberation Sans', Arial, sans-serif";

interface Palette {
  from: string;
  to: string;
  accent: string;
  shape: string;
  ink: string;
  band: string;
}

/** Background gradient, shape colours and a text colour that reads on them. */
const PALETTES: readonly Palette[] = [
  { from: '#1d3557', to: '#e63946', accent: '#f1faee', shape: '#a8dadc', ink: '#ffffff', band: '#0b1a2e' },
  { from: '#0f0c29', to: '#302b63', accent: '#f7b267', shape: '#24243e', ink: '#ffffff', band: '#05040f' },
  { from: '#134e5e', to: '#71b280', accent: '#fef9c3', shape: '#0b3a44', ink: '#ffffff', band: '#062a31' },
  { from: '#ff9a8b', to: '#ff6a88', accent: '#fff1e6', shape: '#ff99ac', ink: '#2b0a14', band: '#ffe3e8' },
  { from: '#2c3e50', to: '#4ca1af', accent: '#f9d56e', shape: '#1f2d3a', ink: '#ffffff', band: '#111c26' },
  { from: '#f7971e', to: '#ffd200', accent: '#7a1f00', shape: '#ffb347', ink: '#2a1200', band: '#fff4cc' },
  { from: '#232526', to: '#414345', accent: '#e50914', shape: '#111213', ink: '#ffffff', band: '#000000' },
  { from: '#42275a', to: '#734b6d', accent: '#f6c8dd', shape: '#2e1a40', ink: '#ffffff', band: '#1d0f29' },
  { from: '#e0eafc', to: '#cfdef3', accent: '#3a5ba0', shape: '#b6c9e8', ink: '#14213d', band: '#ffffff' },
  { from: '#3a1c71', to: '#ffaf7b', accent: '#ffe5b4', shape: '#d76d77', ink: '#ffffff', band: '#22103f' },
  { from: '#004e3a', to: '#0b8a6b', accent: '#ffd166', shape: '#00382a', ink: '#ffffff', band: '#00241b' },
  { from: '#8e0e00', to: '#1f1c18', accent: '#ffcc70', shape: '#5a0a00', ink: '#ffffff', band: '#120504' },
];

const COMPOSITIONS = ['sun', 'panels', 'rays', 'bands'] as const;
type Composition = (typeof COMPOSITIONS)[number];

/** The SVG source of a cover (exposed for tests and for anyone who wants a vector version). */
export function coverArtSvg(input: CoverArtInput, width = DEFAULT_COVER_WIDTH): string {
  const random = mulberry32(hashString(`${input.seed ?? input.title}|${input.title}|${input.type}`));
  const palette = PALETTES[Math.floor(random() * PALETTES.length)]!;
  const composition = COMPOSITIONS[Math.floor(random() * COMPOSITIONS.length)]!;
  const height = Math.round(width * 1.5);
  const angle = Math.floor(random() * 4);
  const gradient = [
    ['0', '0', '1', '1'],
    ['1', '0', '0', '1'],
    ['0', '0', '0', '1'],
    ['0', '1', '1', '0'],
  ][angle]!;

  const title = layoutTitle(input.title);
  const lineHeight = title.fontSize * 1.08;
  const titleBottom = 790;
  const titleTop = titleBottom - lineHeight * title.lines.length;
  const titleText = title.lines
    .map(
      (line, index) =>
        `<text x="44" y="${(titleTop + lineHeight * (index + 0.82)).toFixed(1)}">${escapeXml(line)}</text>`,
    )
    .join('');
  const typeLabel = escapeXml(input.type.toUpperCase().slice(0, 12));
  // The type tag sits bottom right: the site puts the rank badge and the status ribbon on the top corners.
  const tagWidth = typeLabel.length * 25 + 44;
  const credit = input.credit ? escapeXml(truncate(input.credit, 40)) : '';

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}">
<defs><linearGradient id="bg" x1="${gradient[0]}" y1="${gradient[1]}" x2="${gradient[2]}" y2="${gradient[3]}"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="${VIEW_WIDTH}" height="${VIEW_HEIGHT}" fill="url(#bg)"/>
${drawComposition(composition, palette, random)}
<rect x="0" y="${(titleTop - 36).toFixed(1)}" width="${VIEW_WIDTH}" height="${(VIEW_HEIGHT - titleTop + 36).toFixed(1)}" fill="${palette.band}" fill-opacity="0.55"/>
<rect x="44" y="${(titleTop - 20).toFixed(1)}" width="120" height="8" fill="${palette.accent}"/>
<g font-family="${FONT_FAMILY}" font-weight="bold" font-size="${title.fontSize}" fill="${palette.ink}">${titleText}</g>
<rect x="${VIEW_WIDTH - 36 - tagWidth}" y="808" width="${tagWidth}" height="52" rx="26" fill="${palette.ink}" fill-opacity="0.9"/>
<text x="${VIEW_WIDTH - 36 - tagWidth + 22}" y="844" font-family="${FONT_FAMILY}" font-weight="bold" font-size="26" letter-spacing="4" fill="${palette.band}">${typeLabel}</text>
${credit ? `<text x="44" y="850" font-family="${FONT_FAMILY}" font-size="26" fill="${palette.ink}" fill-opacity="0.85">${credit}</text>` : ''}
</svg>`;
}

/** Renders the cover; the same input and options always give the same bytes. */
export async function renderCoverArt(input: CoverArtInput, options: CoverArtOptions = {}): Promise<Buffer> {
  const image = rasterize(input, options.width);
  return options.format === 'webp'
    ? image.webp({ quality: 82, effort: 2 }).toBuffer()
    : image.png({ compressionLevel: 0, adaptiveFiltering: false }).toBuffer();
}

/** The cover as raw RGB pixels, for storeImagePixels: bulk seeding skips encoding an intermediate file. */
export async function renderCoverArtPixels(input: CoverArtInput, width = DEFAULT_COVER_WIDTH) {
  const { data, info } = await rasterize(input, width).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function rasterize(input: CoverArtInput, requestedWidth = DEFAULT_COVER_WIDTH) {
  const width = Math.round(requestedWidth);
  if (!Number.isInteger(width) || width < 60 || width > 2400) {
    throw new RangeError(`Cover width must be 60-2400 px, got ${requestedWidth}`);
  }
  // The background is opaque: without the alpha channel files are smaller and encoding is faster.
  return sharp(Buffer.from(coverArtSvg(input, width))).removeAlpha();
}

function drawComposition(composition: Composition, palette: Palette, random: RandomSource): string {
  const pick = (min: number, max: number) => min + random() * (max - min);
  switch (composition) {
    case 'sun': {
      const cx = pick(150, 450);
      const cy = pick(180, 380);
      const r = pick(120, 220);
      return (
        `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${(r * 1.45).toFixed(0)}" fill="${palette.accent}" fill-opacity="0.12"/>` +
        `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="${palette.accent}" fill-opacity="0.35"/>` +
        `<polygon points="0,${pick(520, 640).toFixed(0)} ${VIEW_WIDTH},${pick(420, 560).toFixed(0)} ${VIEW_WIDTH},${VIEW_HEIGHT} 0,${VIEW_HEIGHT}" fill="${palette.shape}" fill-opacity="0.6"/>`
      );
    }
    case 'panels': {
      // A comic page: three or four tilted panel frames.
      const count = 3 + Math.floor(random() * 2);
      const shapes: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const y = 110 + index * (430 / count);
        const tilt = pick(-14, 14);
        shapes.push(
          `<polygon points="30,${(y + tilt).toFixed(0)} 570,${(y - tilt).toFixed(0)} 570,${(y - tilt + 430 / count - 16).toFixed(0)} 30,${(y + tilt + 430 / count - 16).toFixed(0)}" fill="${palette.shape}" fill-opacity="${pick(0.25, 0.55).toFixed(2)}" stroke="${palette.accent}" stroke-opacity="0.5" stroke-width="4"/>`,
        );
      }
      return shapes.join('');
    }
    case 'rays': {
      // Speed lines from a focal point, as in an action panel.
      const cx = pick(180, 420);
      const cy = pick(200, 360);
      const rays = 14;
      const shapes: string[] = [];
      for (let index = 0; index < rays; index += 2) {
        const a1 = (index / rays) * Math.PI * 2;
        const a2 = ((index + 1) / rays) * Math.PI * 2;
        shapes.push(
          `${cx.toFixed(0)},${cy.toFixed(0)} ${(cx + Math.cos(a1) * 1200).toFixed(0)},${(cy + Math.sin(a1) * 1200).toFixed(0)} ${(cx + Math.cos(a2) * 1200).toFixed(0)},${(cy + Math.sin(a2) * 1200).toFixed(0)}`,
        );
      }
      return (
        shapes
          .map((points) => `<polygon points="${points}" fill="${palette.shape}" fill-opacity="0.35"/>`)
          .join('') +
        `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${pick(40, 90).toFixed(0)}" fill="${palette.accent}" fill-opacity="0.6"/>`
      );
    }
    case 'bands': {
      const shapes: string[] = [];
      for (let index = 0; index < 4; index += 1) {
        const y = pick(60, 620);
        const thickness = pick(30, 110);
        const slope = pick(-160, 160);
        shapes.push(
          `<polygon points="0,${y.toFixed(0)} ${VIEW_WIDTH},${(y + slope).toFixed(0)} ${VIEW_WIDTH},${(y + slope + thickness).toFixed(0)} 0,${(y + thickness).toFixed(0)}" fill="${index % 2 ? palette.accent : palette.shape}" fill-opacity="${pick(0.15, 0.45).toFixed(2)}"/>`,
        );
      }
      return shapes.join('');
    }
  }
}

/** Largest font size at which the title fits in at most four lines of the cover's text column. */
function layoutTitle(title: string): { fontSize: number; lines: string[] } {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const maxWidth = VIEW_WIDTH - 88;
  for (const fontSize of [92, 80, 70, 62, 54, 48, 42]) {
    const lines = wrapWords(words, maxWidth / fontSize);
    if (lines && lines.length <= 4) return { fontSize, lines };
  }
  const fontSize = 36;
  return { fontSize, lines: (wrapWords(words, maxWidth / fontSize, true) ?? [title]).slice(0, 5) };
}

/** Greedy wrap by estimated width in em; undefined when a word alone is too wide (unless breaking). */
function wrapWords(words: string[], maxEm: number, breakLongWords = false): string[] | undefined {
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    while (textWidthEm(word) > maxEm) {
      if (!breakLongWords) return undefined;
      let cut = word.length - 1;
      while (cut > 1 && textWidthEm(word.slice(0, cut) + '-') > maxEm) cut -= 1;
      if (line) lines.push(line);
      lines.push(word.slice(0, cut) + '-');
      line = '';
      word = word.slice(cut);
    }
    const candidate = line ? `${line} ${word}` : word;
    if (textWidthEm(candidate) <= maxEm) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Width estimate for bold sans-serif glyphs, erring wide so text never runs off the cover. */
function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) {
    if (/[iljt.,:;'!|]/.test(char)) width += 0.36;
    else if (/[ fr()-]/.test(char)) width += 0.46;
    else if (/[mwMW]/.test(char)) width += 1.02;
    else if (/[A-Z0-9]/.test(char)) width += 0.78;
    else width += 0.7;
  }
  return width;
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}
