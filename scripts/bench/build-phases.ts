import { readdirSync, readFileSync } from 'node:fs';

/*
 * The phases of one `astro build`, read from its output as it arrives (each line stamped with the time the
 * benchmark received it), and the resident memory of the build's process tree sampled beside it.
 *
 * Astro prints `[content] Syncing content` / `Synced content` around the content loaders and `generating
 * static routes` before it prepares the routes (every getStaticPaths); the catalogue module
 * (src/features/catalogue/catalogue-prefetch.ts, build-catalogue.ts) prints `Reading the catalogue` /
 * `Catalogue ready` around its read and `Indexes ready in N s`; then Astro prints one `├─ /path.html (+N ms)` line per file it writes. A kind's rendering is the sum
 * of its runs of consecutive files.
 */

export type PageKind = 'series' | 'ranking' | 'browse' | 'forum' | 'card' | 'other';

export function pageKind(path: string): PageKind {
  if (path.startsWith('/social/')) return 'card';
  if (/^\/series\/\d+\.html$/.test(path)) return 'series';
  if (/^\/(index|page\/\d+|type\/[a-z]+(\/page\/\d+)?)\.html$/.test(path)) return 'ranking';
  // The genre, most popular and trending lists.
  if (/^\/((type\/[a-z]+\/)?genre\/[a-z0-9-]+|popular|trending)(\/page\/\d+)?\.html$/.test(path))
    return 'browse';
  if (/^\/forum\/\d+\.html$/.test(path)) return 'forum';
  return 'other';
}

export interface StampedLine {
  /** Milliseconds since the build started. */
  at: number;
  text: string;
}

export interface RssSample {
  at: number;
  bytes: number;
}

export interface Phase {
  name: string;
  /** How long the phase took (for a route kind, summed over its runs). */
  ms: number;
  /** The span the phase fell in, for its peak memory. */
  fromMs: number;
  toMs: number;
  /** Files written in the phase (rendering phases only). */
  files?: number;
}

export interface BuildPhases {
  phases: Phase[];
  /** When the first page (an .html file) was written, ms after the start. */
  firstPageMs: number | undefined;
  totalMs: number;
  files: Record<PageKind, number>;
}

// Lines of pages rendered at once can run together (`/a.html14:02:16   ├─ /b.html`): a path ends at its
// extension.
const PAGE_LINE = /[├└]─ (\/\S+?\.(?:html|jpg|xml|txt|json))/g;

/**
 * Splits a build's output into its phases: reading the catalogue (the content sync), bundling, then per
 * route kind the preparation (the pause before its first file) and the rendering (its first to last file),
 * then the integrations' writing (redirects, sitemap) to the end.
 */
export function buildPhases(lines: readonly StampedLine[], totalMs: number): BuildPhases {
  const phases: Phase[] = [];
  const files: Record<PageKind, number> = { series: 0, ranking: 0, browse: 0, forum: 0, card: 0, other: 0 };
  let catalogueStart: number | undefined;
  let catalogueEnd: number | undefined;
  let indexesMs = 0;
  let syncStart: number | undefined;
  let syncEnd: number | undefined;
  let routesStart: number | undefined;
  let firstPageMs: number | undefined;
  let lastFileAt: number | undefined;
  let firstFileAt: number | undefined;
  let current: { kind: PageKind; start: number; end: number; files: number } | undefined;
  let gapsMs = 0;
  let runs = 0;
  const rendering = new Map<PageKind, { ms: number; files: number; from: number; to: number }>();
  const closeRun = () => {
    if (!current) return;
    const entry = rendering.get(current.kind);
    if (entry) {
      entry.ms += current.end - current.start;
      entry.files += current.files;
      entry.to = current.end;
    } else {
      rendering.set(current.kind, {
        ms: current.end - current.start,
        files: current.files,
        from: current.start,
        to: current.end,
      });
    }
  };
  for (const { at, text } of lines) {
    if (catalogueStart === undefined && text.includes('Reading the catalogue')) catalogueStart = at;
    if (catalogueEnd === undefined && text.includes('Catalogue ready')) catalogueEnd = at;
    const indexes = /Indexes ready in ([\d.]+) s/.exec(text);
    if (indexes) indexesMs = Number(indexes[1]) * 1000;
    if (syncStart === undefined && text.includes('Syncing content')) syncStart = at;
    if (syncEnd === undefined && text.includes('Synced content')) syncEnd = at;
    if (routesStart === undefined && text.includes('generating static routes')) routesStart = at;
    for (const match of text.matchAll(PAGE_LINE)) {
      const path = match[1]!;
      const kind = pageKind(path);
      files[kind] += 1;
      if (firstPageMs === undefined && path.endsWith('.html')) firstPageMs = at;
      if (current?.kind === kind) {
        current.end = at;
        current.files += 1;
      } else {
        if (current) gapsMs += at - current.end;
        closeRun();
        current = { kind, start: at, end: at, files: 1 };
        runs += 1;
      }
      firstFileAt ??= at;
      lastFileAt = at;
    }
  }
  closeRun();
  const span = (name: string, fromMs: number, toMs: number): Phase => ({
    name,
    ms: toMs - fromMs,
    fromMs,
    toMs,
  });
  if (syncStart !== undefined && syncEnd !== undefined) {
    phases.push(span('start-up', 0, syncStart));
    // Before the catalogue left the content layer, the sync read it; now it reads the forum only.
    const what =
      catalogueStart === undefined ? 'reading the catalogue (content sync)' : 'content sync (forum)';
    phases.push(span(what, syncStart, syncEnd));
  }
  if (catalogueStart !== undefined && catalogueEnd !== undefined) {
    // Started with the build (catalogue-prefetch.ts) it overlaps the sync and bundling.
    const overlapping = syncStart !== undefined && catalogueStart < syncStart;
    phases.push(
      span(
        overlapping ? 'reading the catalogue (API, beside sync and bundling)' : 'reading the catalogue (API)',
        catalogueStart,
        catalogueEnd,
      ),
    );
  }
  if (routesStart !== undefined) phases.push(span('bundling', syncEnd ?? 0, routesStart));
  const order: PageKind[] = ['series', 'ranking', 'browse', 'forum', 'card', 'other'];
  const names: Record<PageKind, string> = {
    series: 'series pages',
    ranking: 'ranking pages',
    browse: 'genre, popular and trending pages',
    forum: 'forum pages',
    card: 'social cards',
    other: 'other pages',
  };
  if (routesStart !== undefined && firstPageMs !== undefined) {
    // Astro calls every route's getStaticPaths before it writes the first file. The catalogue, read by the
    // first of them that needs it, is a phase of its own.
    const overlap =
      catalogueStart !== undefined && catalogueEnd !== undefined
        ? Math.max(0, Math.min(firstPageMs, catalogueEnd) - Math.max(routesStart, catalogueStart))
        : 0;
    phases.push({
      name: 'preparing routes (getStaticPaths)',
      ms: firstPageMs - routesStart - overlap - indexesMs,
      fromMs: routesStart,
      toMs: firstPageMs,
    });
    if (indexesMs > 0) {
      phases.push({
        name: "catalogue's indexes (rankings, related)",
        ms: indexesMs,
        fromMs: routesStart,
        toMs: firstPageMs,
      });
    }
  }
  // With render workers the kinds come interleaved (src/features/render-workers/render-order.ts): one
  // rendering phase, first file to last, rather than per kind.
  const interleaved = runs > 2 * rendering.size + 10;
  if (interleaved && firstFileAt !== undefined && lastFileAt !== undefined) {
    const counts = order.filter((kind) => files[kind] > 0).map((kind) => `${files[kind]} ${names[kind]}`);
    phases.push({
      name: `rendering, kinds interleaved: ${counts.join(', ')}`,
      ms: lastFileAt - firstFileAt,
      fromMs: firstFileAt,
      toMs: lastFileAt,
      files: Object.values(files).reduce((sum, count) => sum + count, 0),
    });
  }
  for (const kind of interleaved ? [] : order) {
    const entry = rendering.get(kind);
    if (!entry) continue;
    phases.push({
      name: `rendering: ${names[kind]}`,
      ms: entry.ms,
      fromMs: entry.from,
      toMs: entry.to,
      files: entry.files,
    });
  }
  if (gapsMs > 0 && !interleaved)
    phases.push({ name: 'pauses between routes', ms: gapsMs, fromMs: 0, toMs: 0 });
  if (lastFileAt !== undefined)
    phases.push(span('writing (redirects, sitemap) to the end', lastFileAt, totalMs));
  return { phases, firstPageMs, totalMs, files };
}

/** Every process whose parent chain reaches `root` (the root included), from /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields after its last ')' are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid);
      if (list) list.push(Number(name));
      else children.set(ppid, [Number(name)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const tree: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    tree.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function residentBytes(pid: number): number {
  try {
    const [, resident] = readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ');
    return Number(resident) * 4096;
  } catch {
    return 0;
  }
}

/** Samples the resident memory of `root`'s process tree every `everyMs` until stopped. */
export function sampleTreeRss(root: number, started: number, everyMs = 250): { stop(): RssSample[] } {
  const samples: RssSample[] = [];
  const sample = () => {
    const bytes = processTree(root).reduce((sum, pid) => sum + residentBytes(pid), 0);
    samples.push({ at: performance.now() - started, bytes });
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/** The highest sample in [startMs, endMs]; 0 when none fell in it. */
export function peakBetween(samples: readonly RssSample[], startMs: number, endMs: number): number {
  let peak = 0;
  for (const { at, bytes } of samples) if (at >= startMs && at <= endMs && bytes > peak) peak = bytes;
  return peak;
}
