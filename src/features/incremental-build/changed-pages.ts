import { readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fingerprint } from './fingerprint';

/*
 * Which data pages a build renders. Each data route's getStaticPaths asks `pageChanged` for each of its
 * pages with the inputs the page renders from; the page is left out (kept from the previous build's output)
 * when its fingerprint equals the one the previous build recorded and the previous file is there. The
 * integration (integration.ts) sets the state up before the routes run and, once the build is written,
 * links the kept files into the new output and records every page's fingerprint for the next build.
 * The state crosses from the configuration's module graph to the pages' through a global slot.
 */

export interface BuildPagesState {
  /** The fingerprint of the code building (code-fingerprint.ts): what was made with another is not reused. */
  code: string;
  /**
   * The previous build's output, its pages' fingerprints, and the files of each of its folders as they are
   * first asked for (previousFileExists); undefined for a full build.
   */
  previous?: {
    dir: string;
    pages: Readonly<Record<string, string>>;
    files?: Map<string, ReadonlySet<string>>;
  };
  /** The site's address, for the sitemap entries of kept pages. */
  site: string;
  /** This build's fingerprint of every data page, rendered or kept, by path. */
  pages: Map<string, string>;
  /** Output files kept from the previous build (relative paths). */
  kept: string[];
  /** Pages of unchanged inputs rendered again: the previous output had lost their file. */
  restored: string[];
  /** The kept pages' addresses: the sitemap lists them beside the pages rendered (its customPages). */
  keptUrls: string[];
}

/** The slot's key (Symbol.for): a render worker keeps its own state there (render-workers). */
export const BUILD_PAGES_SLOT_KEY = 'panelrank.incremental-build';
const SLOT = Symbol.for(BUILD_PAGES_SLOT_KEY);
type Slot = { [SLOT]?: BuildPagesState };

export function setBuildPagesState(state: BuildPagesState | undefined): void {
  (globalThis as Slot)[SLOT] = state;
}

export function buildPagesState(): BuildPagesState | undefined {
  return (globalThis as Slot)[SLOT];
}

/** A page's output file: `/series/12` → `series/12.html`, `/` → `index.html`. */
export function outputFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\/+/, '')}.html`;
}

/**
 * Whether the previous output holds `file`: its folder listed once, where a `stat` for each of 136,000 pages
 * took a rebuild with nothing changed a second on a slow machine.
 */
function previousFileExists(previous: NonNullable<BuildPagesState['previous']>, file: string): boolean {
  const folder = posix.dirname(file);
  previous.files ??= new Map();
  let names = previous.files.get(folder);
  if (!names) {
    try {
      names = new Set(readdirSync(join(previous.dir, folder)));
    } catch {
      names = new Set();
    }
    previous.files.set(folder, names);
  }
  return names.has(posix.basename(file));
}

/**
 * Whether the page at `path` must be rendered: always outside a build (the dev server) and in a full build;
 * in an incremental build when its inputs changed or its previous file is missing (its fingerprint is
 * recorded here for the next build). A full build records fingerprints as pages render (pageRendered), so
 * its first page is not held back by 100,000 of them. With `sameInputs` the caller knows the page's inputs
 * are the previous build's (the same catalogue read): its fingerprint is that build's, not worked out again
 * (at 100,000 series, working out every page's took a rebuild with nothing changed 16 s on a slow machine).
 */
export function pageChanged(path: string, inputs: () => unknown, sameInputs = false): boolean {
  const state = buildPagesState();
  if (!state?.previous) return true;
  const before = state.previous.pages[path];
  const print = sameInputs && before !== undefined ? before : fingerprint(inputs());
  state.pages.set(path, print);
  if (before !== print) return true;
  const file = outputFile(path);
  if (!previousFileExists(state.previous, file)) {
    state.restored.push(path);
    return true;
  }
  state.kept.push(file);
  state.keptUrls.push(new URL(path, state.site).href);
  return false;
}

/**
 * Called by a data page as it renders, with what its fingerprint is made of: records the fingerprint, worked
 * out only when this build records it (not in the dev server, nor when getStaticPaths already did).
 */
export function pageRendered(path: string, inputs: () => unknown): void {
  const state = buildPagesState();
  if (state && !state.pages.has(path)) state.pages.set(path, fingerprint(inputs()));
}

/** Records the fingerprints pages recorded in a render worker's thread (render-workers), as pageRendered. */
export function pagesRenderedElsewhere(pages: Iterable<readonly [path: string, print: string]>): void {
  const state = buildPagesState();
  if (!state) return;
  for (const [path, print] of pages) if (!state.pages.has(path)) state.pages.set(path, print);
}
