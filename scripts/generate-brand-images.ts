/**
 * One-off generator of the raster brand images in public/: the default social card (1200x630) and the
 * Apple touch icon (180x180). Run again after changing the brand: `npx tsx scripts/generate-brand-images.ts`.
 */
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

const ACCENT = '#4338ca';
const INK = '#16181d';

function mark(x: number, y: number, size: number): string {
  const s = size / 32;
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <rect width="32" height="32" rx="7" fill="${ACCENT}"/>
    <rect x="7" y="17" width="5" height="8" rx="1" fill="#fff"/>
    <rect x="13.5" y="7" width="5" height="18" rx="1" fill="#fff"/>
    <rect x="20" y="12" width="5" height="13" rx="1" fill="#fff"/>
  </g>`;
}

// Five bars in the score-band colours echo the five voting categories.
const bands = ['#177245', '#1d4ed8', '#eab308', '#c2410c', '#b91c1c'];
const bars = bands
  .map((colour, i) => {
    const height = 260 - i * 36;
    return `<rect x="${760 + i * 72}" y="${500 - height}" width="52" height="${height}" rx="8" fill="${colour}"/>`;
  })
  .join('');

const socialCard = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#f6f7f9"/>
  <rect x="0" y="0" width="1200" height="14" fill="${ACCENT}"/>
  ${mark(80, 110, 96)}
  <text x="200" y="180" font-family="DejaVu Sans, Arial, sans-serif" font-size="76" font-weight="700" fill="${INK}">PanelRank</text>
  <text x="80" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="${INK}">Community rankings for</text>
  <text x="80" y="356" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="${INK}">manhwa, manga and manhua</text>
  <text x="80" y="470" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#4f5562">Story · Characters · World Building</text>
  <text x="80" y="512" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#4f5562">Art · Drama / Fighting</text>
  ${bars}
  <rect x="740" y="500" width="380" height="4" rx="2" fill="#d5d8df"/>
</svg>`;

const touchIcon = `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180" viewBox="0 0 180 180">
  <rect width="180" height="180" fill="${ACCENT}"/>
  ${mark(18, 18, 144)}
</svg>`;

await sharp(Buffer.from(socialCard))
  .png({ compressionLevel: 9, palette: true })
  .toFile(`${publicDir}social-card.png`);
await sharp(Buffer.from(touchIcon)).png({ compressionLevel: 9 }).toFile(`${publicDir}apple-touch-icon.png`);
console.log('Wrote public/social-card.png and public/apple-touch-icon.png');
