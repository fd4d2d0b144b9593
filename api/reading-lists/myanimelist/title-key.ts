/**
 * The form in which two titles count as the same when an imported entry has no known MyAnimeList id: case,
 * accents, punctuation and white space folded away ("Solo Leveling!" and "solo  leveling" match; "Café"
 * matches "Cafe"). Letters and digits of every script are kept, so titles in Japanese or Korean still match
 * themselves. An empty key (a title of punctuation only) matches nothing.
 */
export function titleKey(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      // Scripts whose letters decompose without marks (Hangul syllables) are composed back.
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '')
  );
}
