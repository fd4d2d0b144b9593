import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  displayPath,
  newestEmailCommand,
  shellQuote,
  startBanner,
  type StartBannerFacts,
} from '../../scripts/lib/start-banner';

const root = '/home/reader/panelrank';
const facts: StartBannerFacts = {
  projectRoot: root,
  seconds: 12.34,
  siteUrl: 'http://localhost:4321',
  apiUrl: 'http://localhost:8787',
  admin: { username: 'admin', password: 'secret', file: `${root}/data/demo-admin.json` },
  dataDir: `${root}/data`,
  smtpUrl: undefined,
  apiLog: `${root}/data/logs/api.log`,
  rebuild: 'every 15 min',
};

describe('the npm start banner', () => {
  it('says that e-mails are written to data/outbox without SMTP_URL, and how to read the newest', () => {
    const banner = startBanner(facts);
    expect(banner).toContain('E-mails:   written to data/outbox (no SMTP_URL)');
    expect(banner).toContain('verification links');
    expect(banner).toContain(newestEmailCommand('data/outbox'));
    expect(banner).toContain('ls -t data/outbox/*.eml | head -1');
    expect(banner).toContain('Admin:     admin / secret   (kept in data/demo-admin.json)');
    expect(banner).toContain('API log:   data/logs/api.log');
  });

  it('names the SMTP server instead when there is one, never its credentials', () => {
    const banner = startBanner({ ...facts, smtpUrl: 'smtps://user:pass@mail.example.net:465' });
    expect(banner).toContain('E-mails:   sent through SMTP mail.example.net:465');
    expect(banner).not.toContain('outbox');
    expect(banner).not.toContain('pass');
  });

  it('shows a DATA_DIR outside the project as an absolute path, quoted when the shell needs it', () => {
    const banner = startBanner({ ...facts, dataDir: "/srv/reader's data" });
    expect(banner).toContain("written to /srv/reader's data/outbox");
    expect(banner).toContain(`ls -t '/srv/reader'\\''s data/outbox'/*.eml`);
    expect(displayPath(root, root)).toBe('.');
    expect(displayPath(root, '/tmp/panelrank-data')).toBe('/tmp/panelrank-data');
    expect(shellQuote('data/outbox')).toBe('data/outbox');
  });
});

describe('the command that prints the newest e-mail', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints the newest message with its quoted-printable link joined up again', () => {
    dir = mkdtempSync(join(tmpdir(), 'panelrank banner '));
    const outbox = join(dir, 'outbox');
    mkdirSync(outbox);
    const older = join(outbox, '1-old@gmail.com-verify.eml');
    writeFileSync(older, 'http://localhost:4321/verify-email?=\ntoken=3Dold\n');
    utimesSync(older, new Date(1_000_000), new Date(1_000_000));
    writeFileSync(
      join(outbox, '2-new@gmail.com-verify.eml'),
      'Hi Ren=C3=A9e, please confirm your e-mail =\naddress:\n\nhttp://localhost:4321/verify-email?=\ntoken=3DnEw_t0ken\n',
    );
    const printed = execFileSync('sh', ['-c', newestEmailCommand(outbox)], { encoding: 'utf8' });
    expect(printed).toContain('Hi Renée, please confirm your e-mail address:');
    expect(printed).toContain('http://localhost:4321/verify-email?token=nEw_t0ken');
    expect(printed).not.toContain('old');
  });
});
