import { hash } from 'node:crypto';

/**
 * A page's fingerprint: a digest of everything it renders from data (its inputs, as the page itself reads
 * them). Two builds of the same code give a page the same fingerprint exactly when they give it the same
 * inputs, so a page whose fingerprint is unchanged comes out byte for byte as before.
 */
export function fingerprint(inputs: unknown): string {
  // One call, no Hash object: 131,000 of these run before a rebuild's first page.
  return hash('sha256', JSON.stringify(inputs), 'base64url');
}

const shared = new WeakMap<object, string>();

/**
 * The fingerprint of a value many pages render, worked out once per build: a page's own fingerprint can
 * take it in place of the value. A series' card is on a dozen list and series pages, and serializing it
 * for each was most of the fingerprints' time. The value must not change during the build.
 */
export function sharedFingerprint(value: object): string {
  let print = shared.get(value);
  if (print === undefined) {
    print = fingerprint(value);
    shared.set(value, print);
  }
  return print;
}
