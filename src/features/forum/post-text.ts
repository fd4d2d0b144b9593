/*
 * Small text helpers and names the forum's islands share with the markdown renderer. Kept apart from
 * markdown.ts so code that only needs these does not pull the renderer (unified, remark, rehype) into a
 * page's up-front JavaScript.
 */

/** Class of a `list:{id}` chip, and of one whose list is no longer public. */
export const LIST_CHIP_CLASS = 'list-chip';
export const LIST_CHIP_GONE_CLASS = 'list-chip-gone';

/** At most `max` characters of text on one line, cut at a word boundary with an ellipsis when longer. */
export function snippet(value: string, max: number): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
