import type { ThreadRow } from './thread-reads';

/** Feed entries: the most recently started threads. */
export const FEED_ENTRIES = 20;
const SUMMARY_LENGTH = 300;

/** Control characters other than tab and newlines are not allowed in XML 1.0 at all. */
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(text: string): string {
  return text
    .replace(NOT_IN_XML, '')
    .replace(
      /[<>&"']/g,
      (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
    );
}

/** Markdown reduced to readable plain text for a summary: no link targets, images or markup. */
function plainSummary(markdown: string): string {
  const text = markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;
}

/**
 * An Atom 1.0 feed of recent threads (RFC 4287). Text is escaped and summaries are plain text, so a feed
 * reader never renders a post's markup.
 */
export function forumAtomFeed(
  threads: Array<ThreadRow & { opening: string }>,
  { siteUrl, selfUrl }: { siteUrl: string; selfUrl: string },
): string {
  const updated = threads.reduce((latest, thread) => Math.max(latest, thread.updatedAt.getTime()), 0);
  const entries = threads.map((thread) => {
    const url = `${siteUrl}/forum/${thread.id}`;
    return [
      '  <entry>',
      `    <id>${escapeXml(url)}</id>`,
      `    <title type="text">${escapeXml(thread.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${thread.createdAt.toISOString()}</published>`,
      `    <updated>${thread.updatedAt.toISOString()}</updated>`,
      `    <author><name>${escapeXml(thread.authorUsername ?? 'Anonymous')}</name></author>`,
      `    <summary type="text">${escapeXml(plainSummary(thread.opening))}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(`${siteUrl}/forum`)}</id>`,
    '  <title>PanelRank forum</title>',
    '  <subtitle>New threads on the PanelRank forum</subtitle>',
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${siteUrl}/forum`)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(selfUrl)}"/>`,
    `  <updated>${new Date(updated || 0).toISOString()}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
