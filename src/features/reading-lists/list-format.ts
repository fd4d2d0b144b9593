import type { ListItem } from '../../../contract/reading-lists';
import { formatVotes } from '../catalogue/series-format';

/** The shared-list score colours: 9 or more green, 7.5 or more blue, 5 or more yellow, else grey. */
export type ListScoreBand = 'green' | 'blue' | 'yellow' | 'grey' | 'none';

export function listScoreBand(item: Pick<ListItem, 'final_score' | 'vote_count'>): ListScoreBand {
  if (item.vote_count === 0) return 'none';
  const score = item.final_score;
  if (score >= 9) return 'green';
  if (score >= 7.5) return 'blue';
  if (score >= 5) return 'yellow';
  return 'grey';
}

/** '★ 8.500', or '★ —' for a series nobody has voted on. */
export function formatStars(item: Pick<ListItem, 'final_score' | 'vote_count'>): string {
  return item.vote_count > 0 ? `★ ${item.final_score.toFixed(3)}` : '★ —';
}

/** 'n votes', or 'No votes'. */
export function formatVoteCount(voteCount: number): string {
  return voteCount === 0 ? 'No votes' : formatVotes(voteCount);
}

export function formatItemCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;
}

/** The id of a `#list-{id}` anchor, or null. */
export function listIdFromHash(hash: string): number | null {
  const match = /^#list-(\d{1,10})$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/** The token of a `/lists/{token}` address ('' when there is none). */
export function shareTokenFromPath(pathname: string): string {
  const match = /^\/lists\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}
