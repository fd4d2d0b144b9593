import { isAbsolute, join, relative } from 'node:path';

/** What `npm start` prints once everything runs. */
export interface StartBannerFacts {
  projectRoot: string;
  seconds: number;
  siteUrl: string;
  apiUrl: string;
  admin: { username: string; password: string; file: string };
  dataDir: string;
  /** The API's SMTP_URL; without one, e-mails are written to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  apiLog: string;
  /** How the site is rebuilt, already worded. */
  rebuild: string;
}

/** A path as the reader would type it from the project folder: relative inside it, else absolute. */
export function displayPath(projectRoot: string, path: string): string {
  const inside = relative(projectRoot, path);
  if (inside === '') return '.';
  return inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}

/** A path for a POSIX shell: as it is when nothing in it is special, else in single quotes. */
export function shellQuote(path: string): string {
  return /^[\w./@+-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command that prints the newest e-mail of an outbox folder, decoded: the messages are
 * quoted-printable, so `cat` would show a verification link cut over two lines with `=3D` in it. It needs
 * only Perl's core (macOS has Perl, and Debian and Ubuntu cannot be without it), no module.
 */
export function newestEmailCommand(outbox: string): string {
  const decode = `perl -0777 -pe 's/=\\r?\\n//g; s/=([0-9A-F]{2})/chr hex $1/ge'`;
  return `${decode} "$(ls -t ${shellQuote(outbox)}/*.eml | head -1)"`;
}

/** Where e-mails (the verification links of sign-up) go, and how to read the newest one. */
export function emailLines(facts: Pick<StartBannerFacts, 'projectRoot' | 'dataDir' | 'smtpUrl'>): string[] {
  if (facts.smtpUrl) return [`  E-mails:   sent through SMTP ${new URL(facts.smtpUrl).host} (SMTP_URL)`];
  const outbox = displayPath(facts.projectRoot, join(facts.dataDir, 'outbox'));
  return [
    `  E-mails:   written to ${outbox} (no SMTP_URL), sign-up's verification links too; the newest:`,
    `             ${newestEmailCommand(outbox)}`,
  ];
}

export function startBanner(facts: StartBannerFacts): string {
  const path = (file: string) => displayPath(facts.projectRoot, file);
  return [
    `PanelRank is running (ready in ${facts.seconds.toFixed(1)} s)`,
    `  Site:      ${facts.siteUrl}`,
    `  API:       ${facts.apiUrl}   (docs: ${facts.apiUrl}/docs)`,
    `  Admin:     ${facts.admin.username} / ${facts.admin.password}   (kept in ${path(facts.admin.file)})`,
    ...emailLines(facts),
    `  API log:   ${path(facts.apiLog)}`,
    `  Rebuild:   ${facts.rebuild}`,
    'Press Ctrl-C to stop.',
  ].join('\n');
}
