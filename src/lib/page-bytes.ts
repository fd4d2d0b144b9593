/*
 * A page's HTML encoded to UTF-8 a piece at a time, as it is rendered, instead of as one string at the end.
 *
 * Astro renders a page into one string made of its hundreds of pieces, then encodes it to bytes. Encoding
 * first copies the pieces into one flat string, and V8 puts a string of 128 KB or more in its large-object
 * space, which costs about forty times what the same copy costs below that size (0.6-1.0 ms against 0.01-
 * 0.05 ms on the 2-core development machine). A string holds one byte per character until one piece has a
 * character past U+00FF (an ellipsis in the site's copy, a Korean title), and two for every character from
 * then on: so a 101,000-character list page is 202 KB, and its encoding took 12 % of a rebuild of the list
 * pages (docs/performance.md). Text is encoded each time about PIECE_UNITS characters have gathered, so no
 * string but a single chunk of that size is ever copied whole. The bytes are the same as the whole string's.
 */

/** Characters gathered before they are encoded (16 KB of two-byte characters, and the chunk that passed it). */
export const PIECE_UNITS = 8192;

const encoder = new TextEncoder();

function endsInHighSurrogate(text: string): boolean {
  const last = text.charCodeAt(text.length - 1);
  return last >= 0xd800 && last <= 0xdbff;
}

export class PageBytes {
  #pieces: Uint8Array[] = [];
  #byteLength = 0;

  /**
   * Encodes `text` (what the page has gathered since the last call) when it is long enough, and returns what
   * is left to gather: nothing, or `text` itself. Text ending in the first half of a surrogate pair waits for
   * the second: encoded apart, each half would become U+FFFD.
   */
  take(text: string): string {
    if (text.length < PIECE_UNITS || endsInHighSurrogate(text)) return text;
    this.#push(text);
    return '';
  }

  /** The page's bytes, the rest of its text included. */
  finish(text: string): Uint8Array {
    if (text.length > 0) this.#push(text);
    if (this.#pieces.length === 1) return this.#pieces[0]!;
    const bytes = new Uint8Array(this.#byteLength);
    let offset = 0;
    for (const piece of this.#pieces) {
      bytes.set(piece, offset);
      offset += piece.byteLength;
    }
    return bytes;
  }

  #push(text: string): void {
    const piece = encoder.encode(text);
    this.#pieces.push(piece);
    this.#byteLength += piece.byteLength;
  }
}
