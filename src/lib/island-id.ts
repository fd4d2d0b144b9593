/*
 * Astro's id of an island (`astro-island uid`), worked out from its parts instead of from one string of them.
 *
 * Astro hashes, with its `shorthash`, one string made of the island's component, its rendered HTML and its
 * serialized props. For a list page's island that string is about 67,000 characters at 100,000 series (25
 * cards with their covers' addresses, and their data again as props), two bytes each, and hashing it first
 * copies it into one flat string of V8's large-object space (src/lib/page-bytes.ts says what that costs).
 * The hash is a fold over the characters, so it can go through the parts one after the other: the same id,
 * with no copy. tests/unit/page-bytes.test.ts checks it against Astro's own.
 */
const DICTIONARY = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY';

/** Astro's `shorthash` of the parts joined, without joining them. */
export function islandId(...parts: string[]): string {
  let hash = 0;
  for (const part of parts) {
    for (let index = 0; index < part.length; index += 1) {
      hash = (hash << 5) - hash + part.charCodeAt(index);
      hash = hash & hash;
    }
  }
  const sign = hash < 0 ? 'Z' : '';
  let integer = Math.abs(hash);
  let id = '';
  while (integer >= DICTIONARY.length) {
    id = DICTIONARY[integer % DICTIONARY.length]! + id;
    integer = Math.floor(integer / DICTIONARY.length);
  }
  if (integer > 0) id = DICTIONARY[integer]! + id;
  return sign + id;
}
