/**
 * Page weight of the built site: for each page type, the gzipped size of the JavaScript and CSS a page
 * loads up front, compared with the goals. Counted: `<script src>`, `<link rel=modulepreload>`,
 * `<link rel=stylesheet>`, the component and renderer URLs of `<astro-island>`s, the static imports of
 * all those scripts (followed transitively; dynamic `import()` is not loaded up front), and inline
 * `<script>` and `<style>` content. Each file counts once per page.
 *
 *   npm run build && npm run bench:weight          # reads dist/
 *   npm run bench:weight -- /tmp/site-dist         # another build directory (or SITE_DIST)
 *
 * Exits with 1 when a page misses its goal.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const distDir = process.argv[2] ?? process.env.SITE_DIST ?? 'dist';

interface PageType {
  name: string;
  /** HTML files under dist/, relative; the heaviest one is reported. */
  files: string[];
  /** Gzipped JavaScript budget in KB (1 KB = 1024 bytes); undefined = no goal. */
  jsGoalKb: number | undefined;
}

function htmlFiles(dir: string): string[] {
  const path = join(distDir, dir);
  if (!existsSync(path)) return [];
  return readdirSync(path)
    .filter((name) => name.endsWith('.html'))
    .map((name) => posix.join(dir, name));
}

const seriesPages = htmlFiles('series').filter((file) => /\/\d+\.html$/.test(file));
const pageTypes: PageType[] = [
  { name: 'home', files: ['index.html'], jsGoalKb: 100 },
  { name: 'type', files: ['type/manhwa.html', 'type/manga.html', 'type/manhua.html'], jsGoalKb: 100 },
  { name: 'series', files: seriesPages, jsGoalKb: 90 },
  { name: 'series fallback', files: ['series/fallback.html'], jsGoalKb: 90 },
  { name: 'info', files: ['about.html', 'contact.html', 'how-rankings-work.html'], jsGoalKb: 15 },
  { name: 'compare', files: ['compare.html'], jsGoalKb: undefined },
  { name: 'my lists', files: ['my-lists.html'], jsGoalKb: 100 },
  // Every /lists/{token} is this one page (a 200 rewrite).
  { name: 'shared list', files: ['lists.html'], jsGoalKb: 100 },
  { name: 'issues tracker', files: ['issues.html'], jsGoalKb: 60 },
  { name: 'report issue', files: ['report-issue.html'], jsGoalKb: 60 },
];

const gzipCache = new Map<string, number>();
function gzippedSize(key: string, content: string | Buffer): number {
  let size = gzipCache.get(key);
  if (size === undefined) {
    size = gzipSync(content, { level: 9 }).length;
    gzipCache.set(key, size);
  }
  return size;
}

/** A site path ("/_astro/x.js") as a file under dist/, or undefined for other origins. */
function distPath(url: string): string | undefined {
  if (/^(https?:)?\/\//.test(url) || url.startsWith('data:')) return undefined;
  const path = url.split(/[?#]/)[0] ?? '';
  return join(distDir, path.startsWith('/') ? path : `/${path}`);
}

const STATIC_IMPORT = /(?:^|[^.\w$])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;

function staticImports(code: string, fromUrl: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((match) =>
    posix.resolve(posix.dirname(fromUrl), match[1] as string),
  );
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find(Boolean);
}

interface Weight {
  js: number;
  css: number;
  html: number;
  files: number;
}

function pageWeight(file: string): Weight {
  const html = readFileSync(join(distDir, file), 'utf8');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  let inlineJs = '';
  let inlineCss = '';

  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attribute(tag, 'src');
    if (src) scripts.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = attribute(tag, 'rel')?.toLowerCase() ?? '';
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel.split(/\s+/).includes('stylesheet')) styles.add(href);
    if (rel === 'modulepreload') scripts.add(href);
  }
  for (const tag of html.match(/<astro-island\b[^>]*>/gi) ?? []) {
    for (const name of ['component-url', 'renderer-url']) {
      const url = attribute(tag, name);
      if (url) scripts.add(url);
    }
  }
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/.test(attributes ?? '') || /type=["']?application\/(ld\+)?json/i.test(attributes ?? ''))
      continue;
    inlineJs += body ?? '';
    for (const url of staticImports(body ?? '', '/')) scripts.add(url);
  }
  for (const [, body] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) inlineCss += body ?? '';

  // Follow static imports.
  const queue = [...scripts];
  while (queue.length) {
    const url = queue.shift() as string;
    const path = distPath(url);
    if (!path || !existsSync(path)) continue;
    for (const imported of staticImports(readFileSync(path, 'utf8'), url)) {
      if (!scripts.has(imported)) {
        scripts.add(imported);
        queue.push(imported);
      }
    }
  }

  const sum = (urls: Set<string>) =>
    [...urls].reduce((total, url) => {
      const path = distPath(url);
      return path && existsSync(path) ? total + gzippedSize(path, readFileSync(path)) : total;
    }, 0);
  return {
    js: sum(scripts) + (inlineJs ? gzipSync(inlineJs, { level: 9 }).length : 0),
    css: sum(styles) + (inlineCss ? gzipSync(inlineCss, { level: 9 }).length : 0),
    html: gzipSync(html, { level: 9 }).length,
    files: scripts.size + styles.size,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`No built site in ${distDir}/: run \`npm run build\` first (or pass the build directory).`);
  process.exit(2);
}

const rows: string[][] = [];
let missed = 0;
for (const type of pageTypes) {
  const files = type.files.filter((file) => existsSync(join(distDir, file)));
  if (!files.length) {
    rows.push([type.name, '(not built)', '', '', '', '', '', '']);
    continue;
  }
  const weighed = files.map((file) => ({ file, weight: pageWeight(file) }));
  const heaviest = weighed.reduce((max, entry) => (entry.weight.js > max.weight.js ? entry : max));
  const { js, css, html, files: assetCount } = heaviest.weight;
  const ok = type.jsGoalKb === undefined || js <= type.jsGoalKb * 1024;
  if (!ok) missed += 1;
  rows.push([
    type.name,
    `/${relative('.', heaviest.file)
      .replace(/\.html$/, '')
      .replace(/^index$/, '')}${files.length > 1 ? ` (max of ${files.length})` : ''}`,
    kb(js),
    kb(css),
    kb(html),
    String(assetCount),
    type.jsGoalKb === undefined ? '–' : `≤ ${type.jsGoalKb}`,
    type.jsGoalKb === undefined ? '' : ok ? 'ok' : 'OVER',
  ]);
}

const header = ['page type', 'page', 'JS KB gz', 'CSS KB gz', 'HTML KB gz', 'assets', 'JS goal', ''];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
);
const line = (cells: string[]) =>
  cells
    .map((cell, column) =>
      column >= 2 && column <= 5
        ? cell.padStart(widths[column] as number)
        : cell.padEnd(widths[column] as number),
    )
    .join('  ');
console.log(`Page weight of ${distDir}/ (gzip -9, KB = 1024 bytes)\n`);
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of rows) console.log(line(row));
if (missed) {
  console.error(`\n${missed} page type(s) over their JavaScript goal.`);
  process.exitCode = 1;
}
