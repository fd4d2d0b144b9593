/*
 * Times on forum pages. The build does not know the reader's time zone, so pre-rendered markup (and the
 * first client render, which must match it) shows UTC; once hydrated, islands show local time.
 */

const UTC = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

let local: Intl.DateTimeFormat | undefined;

export function formatForumTime(iso: string, inReaderZone: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (!inReaderZone) return `${UTC.format(date)} UTC`;
  local ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return local.format(date);
}

/** "1 post", "12 posts". */
export function postCountText(count: number): string {
  return `${count} ${count === 1 ? 'post' : 'posts'}`;
}
