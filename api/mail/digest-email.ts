import { escapeHtml, type EmailContent } from './verification-email';

export interface DigestItem {
  text: string;
  /** Absolute link to what the notification is about. */
  url: string;
}

export interface DigestMessage {
  username: string;
  /** Every unread notification, however many `latest` shows. */
  unread: number;
  /** The latest few, newest first. */
  latest: DigestItem[];
  /** Where all of them are listed. */
  notificationsUrl: string;
  /** The one-click unsubscribe link (an API URL: GET or POST turns the digest off without signing in). */
  unsubscribeUrl: string;
}

export type DigestEmailContent = EmailContent & { headers: Record<string, string> };

/**
 * The daily digest: the unread count and the latest few notifications with their links. Mail clients
 * offer its unsubscribe from the List-Unsubscribe headers (RFC 2369, one-click per RFC 8058: they POST
 * `List-Unsubscribe=One-Click` to the URL); the body carries the same link.
 */
export function digestEmail(message: DigestMessage): DigestEmailContent {
  const { username, unread, latest, notificationsUrl, unsubscribeUrl } = message;
  const count = unread === 1 ? '1 unread notification' : `${unread} unread notifications`;
  const more = unread > latest.length ? `…and ${unread - latest.length} more.` : '';
  const text = [
    `Hi ${username},`,
    '',
    `You have ${count} on PanelRank:`,
    '',
    ...latest.map((item) => `- ${item.text}\n  ${item.url}`),
    ...(more ? [more] : []),
    '',
    `See them all: ${notificationsUrl}`,
    '',
    `You receive this daily digest because you turned it on in your account. Unsubscribe: ${unsubscribeUrl}`,
    '',
    'The PanelRank team',
  ].join('\n');
  const items = latest
    .map((item) => `      <li><a href="${escapeHtml(item.url)}">${escapeHtml(item.text)}</a></li>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="en">
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a">
    <p>Hi ${escapeHtml(username)},</p>
    <p>You have <strong>${escapeHtml(count)}</strong> on PanelRank:</p>
    <ul>
${items}
    </ul>
${more ? `    <p>${escapeHtml(more)}</p>\n` : ''}    <p><a href="${escapeHtml(notificationsUrl)}">See them all</a></p>
    <p style="color: #555">You receive this daily digest because you turned it on in your account.
      <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>
    <p>The PanelRank team</p>
  </body>
</html>
`;
  return {
    subject: `PanelRank: ${count}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
