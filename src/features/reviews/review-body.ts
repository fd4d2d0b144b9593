import { renderPost } from '../forum/markdown';

/*
 * A review's body goes through the forum's one markdown renderer and sanitizer (forum/markdown.ts): raw
 * HTML dropped, links classified, a fixed allow-list last. The build renders the series pages' top reviews
 * here; the live list renders in the forum's worker (forum/render-markdown.ts), the same pipeline off the
 * main thread, so a review looks the same pre-rendered and live.
 */

/** A review body as safe HTML and as the plain text a reader sees (for structured data). */
export function renderReviewBody(markdown: string): { html: string; text: string } {
  return renderPost(markdown);
}
