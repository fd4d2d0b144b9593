import { renderMarkdown } from './markdown';

/*
 * The one markdown renderer, run off the page's main thread for posts the build did not render. A worker is
 * bundled on its own, so the renderer's dependencies (and the bundler helpers they need) never touch the
 * chunks every page loads.
 */

export interface RenderRequest {
  id: number;
  markdown: string;
}

export interface RenderAnswer {
  id: number;
  html: string;
}

/** What this file uses of a dedicated worker's global scope (the DOM library has no type for it). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RenderRequest>) => void) | null;
  postMessage(answer: RenderAnswer): void;
};

scope.onmessage = (event: MessageEvent<RenderRequest>) => {
  const { id, markdown } = event.data;
  scope.postMessage({ id, html: renderMarkdown(markdown) } satisfies RenderAnswer);
};
