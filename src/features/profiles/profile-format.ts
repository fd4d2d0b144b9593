/* Profiles' small pure helpers: the address of a profile, the name in it, the generated avatar, dates. */

/** The profile page of a username. */
export function profileHref(username: string): string {
  return `/u/${encodeURIComponent(username)}`;
}

/** The username in a profile address (/u/{username}), or '' when there is none. */
export function usernameFromPath(pathname: string): string {
  const match = /^\/u\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

/** Up to two letters for a generated avatar: the first letters of the name's first two parts. */
export function avatarInitials(username: string): string {
  const parts = username.split(/[_.\-\s]+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/**
 * A generated avatar's background, derived from the name (any case: the same user, the same colour). Dark
 * enough for white initials in both colour schemes (at least 3:1, the initials being large bold text).
 */
export function avatarColour(username: string): string {
  let hash = 0;
  for (const char of username.toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return `hsl(${hash % 360} 55% 32%)`;
}

const JOINED = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

/** "Joined March 5, 2026". */
export function joinedText(isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? 'Joined' : `Joined ${JOINED.format(date)}`;
}

/** "1 series" / "3 series"-style counts with the word's plural. */
export function countText(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
