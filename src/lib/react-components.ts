/*
 * Astro finds the renderer of a framework component on every render by asking each renderer's check, and
 * React's check calls the component once more to see what it returns: for 100,000 series pages that is
 * hundreds of thousands of needless calls. A component tagged with Astro's renderer symbol skips the check.
 * Tagged from the pages that render it (server-side only), so no client bundle carries the tag.
 */
const RENDERER = Symbol.for('astro:renderer');

/** Tells Astro these components are React's. */
export function renderedByReact(...components: object[]): void {
  for (const component of components) (component as Record<symbol, string>)[RENDERER] = '@astrojs/react';
}
