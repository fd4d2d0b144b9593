/** An e-mail's subject and body, as plain text and HTML. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export function verificationEmail({
  username,
  link,
  validForHours,
}: {
  username: string;
  link: string;
  validForHours: number;
}): EmailContent {
  const validity = validForHours === 1 ? '1 hour' : `${validForHours} hours`;
  const text = [
    `Hi ${username},`,
    '',
    'Welcome to PanelRank! Please confirm your e-mail address by opening this link:',
    '',
    link,
    '',
    `The link works once and expires in ${validity}. If you did not sign up, ignore this message.`,
    '',
    'The PanelRank team',
  ].join('\n');
  const safeLink = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a">
    <p>Hi ${escapeHtml(username)},</p>
    <p>Welcome to PanelRank! Please confirm your e-mail address:</p>
    <p>
      <a href="${safeLink}" style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #fff; border-radius: 6px; text-decoration: none">Verify my e-mail</a>
    </p>
    <p>Or paste this link into your browser:<br /><a href="${safeLink}">${safeLink}</a></p>
    <p>The link works once and expires in ${validity}. If you did not sign up, ignore this message.</p>
    <p>The PanelRank team</p>
  </body>
</html>
`;
  return { subject: 'Verify your PanelRank e-mail address', text, html };
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}
