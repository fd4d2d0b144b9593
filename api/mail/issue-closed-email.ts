import { ISSUE_STATUS_LABELS, type ClosingIssueStatus } from '../../contract/issues';
import { escapeHtml, type EmailContent } from './verification-email';

export interface IssueClosedMessage {
  issueId: number;
  title: string;
  status: ClosingIssueStatus;
  /** The public tracker, where the report and its history can be seen. */
  trackerUrl: string;
}

/** The one e-mail a reporter gets: their report was resolved, or will not be fixed. */
export function issueClosedEmail({ issueId, title, status, trackerUrl }: IssueClosedMessage): EmailContent {
  const label = ISSUE_STATUS_LABELS[status];
  const outcome =
    status === 'FIXED'
      ? 'has been resolved. Thank you for helping us improve PanelRank!'
      : "has been closed as Won't Fix: we looked into it and decided not to change this. Thank you for taking the time to tell us.";
  const link = `${trackerUrl}?q=${encodeURIComponent(title)}`;
  const text = [
    'Hi,',
    '',
    `Your PanelRank issue report #${issueId} "${title}" ${outcome}`,
    '',
    `Status: ${label}`,
    `See it on the tracker: ${link}`,
    '',
    'You receive this message because you left your e-mail address with the report.',
    '',
    'The PanelRank team',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
  <body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a">
    <p>Hi,</p>
    <p>Your PanelRank issue report #${issueId} “${escapeHtml(title)}” ${escapeHtml(outcome)}</p>
    <p>Status: <strong>${escapeHtml(label)}</strong></p>
    <p><a href="${escapeHtml(link)}">See it on the tracker</a></p>
    <p style="color: #555">You receive this message because you left your e-mail address with the report.</p>
    <p>The PanelRank team</p>
  </body>
</html>
`;
  return { subject: `Your PanelRank report: ${label}`, text, html };
}
