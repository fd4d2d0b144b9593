/*
 * What the build's main thread and its render workers say to each other (integration.ts, render-pool.ts,
 * render-worker.ts). Plain data only: every message is copied between threads.
 */

/** Everything a worker needs before it renders: handed over once, when it starts. */
export interface WorkerSetup {
  /** The build's server bundle entry (a file URL), the one the main thread renders with. */
  entry: string;
  /** The part of Astro's build data a render reads: each page's styles and the built scripts. */
  internals: { pagesByKeys: Map<string, unknown>; entrySpecifierToBundleMap: Map<string, string> };
  /** Astro's injected scripts (its settings' `scripts`). */
  scripts: unknown[];
  /** The keys (Symbol.for) of the global slots the site's build modules share. */
  slots: { catalogue: string; pages: string };
  /** The catalogue the main thread read (catalogue-prefetch.ts). */
  catalogue: unknown;
  /** The site's address (the build pages state's). */
  site: string;
}

/** One page to render: the request's address and its route. */
export interface RenderRequest {
  id: number;
  url: string;
  route: string;
  component: string;
}

/** A rendered page, or why it failed. */
export type RenderReply =
  | {
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      body: ArrayBuffer | null;
      /** Fingerprints the pages recorded while rendering (changed-pages.ts), by path. */
      pages: [string, string][];
    }
  | { id: number; error: string };
