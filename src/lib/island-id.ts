import { createHash } from 'node:crypto';

/*
 * The id of an island (`astro-island uid`), hashed from its parts by Node's native SHA-1 instead of Astro's
 * `shorthash`.
 *
 * Astro hashes one string made of the island's component, its rendered HTML and its serialized props, with a
 * fold over the characters written in JavaScript. A list page's island is 50,000-70,000 characters (25 cards
 * and their data again as props), and that fold took a tenth of a list page's build time
 * (docs/performance.md). The id only has to be the same for the same island, build after build: the browser
 * never reads it (Astro keeps it for reloading in development). Parts are hashed one after the other, so no
 * string of them all is made.
 */
export function islandId(...parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url').slice(0, 11);
}
