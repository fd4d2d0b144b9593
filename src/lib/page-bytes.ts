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
 * string longer than that or than the page's largest chunk is copied whole. The bytes are the whole string's.
 */

/** Characters gathered before they are encoded (16 KB of two-byte ones); a chunk as long is encoded alone. */
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
   * Adds `piece` (the page's next chunk) to `gathered` (what the page has gathered since the last call) and
   * encodes them once they reach PIECE_UNITS characters; returns what is left to gather. A large piece is
   * encoded apart from what was gathered before it, so that the two are not copied into one string. Text
   * ending in the first half of a surrogate pair waits for the second: encoded apart, each half would become
   * U+FFFD.
   */
  take(gathered: string, piece: string): string {
    if (gathered.length + piece.length < PIECE_UNITS) return gathered + piece;
    if (piece.length >= PIECE_UNITS && gathered.length > 0 && !endsInHighSurrogate(gathered)) {
      this.#push(gathered);
      gathered = '';
    }
    const text = gathered + piece;
    if (endsInHighSurrogate(text)) return text;
    this.#push(text);
    return '';
  }

  /** The page's bytes, what is left of its text included. */
  finish(gathered: string): Uint8Array {
    if (gathered.length > 0) this.#push(gathered);
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
