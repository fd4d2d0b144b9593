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
