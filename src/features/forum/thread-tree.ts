import {
  DELETE_PREVIEW_LENGTH,
  FORUM_TEXT,
  REPLY_DEPTH_COLOURS,
  REPLY_INDENT_PX,
  REPLY_MAX_INDENT_DEPTH,
} from '../../../contract/forum-values';
import { snippet } from './post-text';

/*
 * How a thread's posts are laid out: the original post first, then the replies
 * nested under their parents, in one flat list in reading order with a depth and a label each.
 *
 * - Top-level replies sort by creation time, newest first when the thread is "latest first", else oldest
 *   first; nested replies are always oldest first.
 * - Labels: a top-level reply is "Reply # {roman numeral}" ("Update # n" in latest-first mode), numbered in
 *   the order they were written whatever the display order; a nested reply is "Reply to @{author} # n",
 *   n its place among its parent's replies, or in latest-first mode "Comment on Update # n", n the number of
 *   the update it hangs under.
 * - Depth 0 is a top-level reply; indentation grows 16 px per depth up to depth 6, and the accent colour
 *   cycles through a palette of 6.
 */

export interface TreePost {
  id: number;
  parent_id: number | null;
  author_username: string | null;
  created_at: string;
}

export interface ArrangedReply<P extends TreePost> {
  post: P;
  /** The reply it is shown under; null at the top level (replies to the original post included). */
  parentId: number | null;
  depth: number;
  label: string;
}

export interface ArrangedThread<P extends TreePost> {
  /** The first post written; null only for a thread whose posts are all gone. */
  original: P | null;
  replies: ArrangedReply<P>[];
}

const ROMAN: Array<[number, string]> = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

/** 1 → "I", 14 → "XIV"; numbers Roman numerals cannot write (below 1, above 3999) stay digits. */
export function toRoman(value: number): string {
  if (!Number.isInteger(value) || value < 1 || value > 3999) return String(value);
  let rest = value;
  let out = '';
  for (const [amount, letters] of ROMAN) {
    while (rest >= amount) {
      out += letters;
      rest -= amount;
    }
  }
  return out;
}

function byCreation(a: TreePost, b: TreePost): number {
  const at = Date.parse(a.created_at) - Date.parse(b.created_at);
  return at !== 0 && Number.isFinite(at) ? at : a.id - b.id;
}

export function authorName(username: string | null | undefined): string {
  return username ?? FORUM_TEXT.anonymous;
}

/** The thread's posts in reading order with their depths and labels. */
export function arrangeThread<P extends TreePost>(
  posts: readonly P[],
  latestFirst: boolean,
): ArrangedThread<P> {
  const written = [...posts].sort(byCreation);
  const original = written[0] ?? null;
  const byId = new Map(written.map((post) => [post.id, post]));
  const children = new Map<number, P[]>();
  const topLevel: P[] = [];
  const parentOf = (post: P) => (post.parent_id === null ? undefined : byId.get(post.parent_id));
  /** False when following parents loops (bad data): such a post is shown at the top level. */
  const reachesTop = (post: P) => {
    const seen = new Set<number>();
    for (let at: P | undefined = post; at && at !== original; at = parentOf(at)) {
      if (seen.has(at.id)) return false;
      seen.add(at.id);
    }
    return true;
  };
  for (const post of written.slice(1)) {
    const parent = parentOf(post);
    // A reply to the original post, or to a post that is gone, sits at the top level.
    if (!parent || parent === original || !reachesTop(post)) topLevel.push(post);
    else {
      const siblings = children.get(parent.id);
      if (siblings) siblings.push(post);
      else children.set(parent.id, [post]);
    }
  }

  const replies: ArrangedReply<P>[] = [];
  const placed = new Set<number>();
  const placeChildren = (parent: P, depth: number, updateNumber: number) => {
    (children.get(parent.id) ?? []).forEach((child, index) => {
      if (placed.has(child.id)) return;
      placed.add(child.id);
      replies.push({
        post: child,
        parentId: parent.id,
        depth,
        label: latestFirst
          ? `Comment on Update # ${updateNumber}`
          : `Reply to @${authorName(parent.author_username)} # ${index + 1}`,
      });
      placeChildren(child, depth + 1, updateNumber);
    });
  };
  const numbered = topLevel.map((post, index) => ({ post, number: index + 1 }));
  if (latestFirst) numbered.reverse();
  for (const { post, number } of numbered) {
    placed.add(post.id);
    replies.push({
      post,
      parentId: null,
      depth: 0,
      label: latestFirst ? `Update # ${number}` : `Reply # ${toRoman(number)}`,
    });
    placeChildren(post, 1, number);
  }
  return { original, replies };
}

/** Left indentation of a reply at `depth`, capped at depth 6. */
export function indentPx(depth: number): number {
  return Math.min(Math.max(depth, 0), REPLY_MAX_INDENT_DEPTH) * REPLY_INDENT_PX;
}

/** Which of the 6 depth colours a reply at `depth` uses (0-5). */
export function depthColour(depth: number): number {
  return Math.max(depth, 0) % REPLY_DEPTH_COLOURS;
}

/** What the delete confirmation quotes of a post: at most 140 characters on one line. */
export function deletePreview(markdown: string): string {
  return snippet(markdown, DELETE_PREVIEW_LENGTH);
}
