import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { digestEmail, type DigestMessage } from './digest-email';
import { issueClosedEmail, type IssueClosedMessage } from './issue-closed-email';
import { verificationEmail, type EmailContent } from './verification-email';

export interface Mailer {
  /** Where messages go, for the start-up log. */
  readonly destination: string;
  sendVerificationEmail(message: { to: string; username: string; token: string }): Promise<void>;
  /** Tells a reporter their issue report was resolved or will not be fixed. */
  sendIssueClosedEmail(message: { to: string } & Omit<IssueClosedMessage, 'trackerUrl'>): Promise<void>;
  /** The daily digest of unread notifications, with its one-click unsubscribe headers. */
  sendDigestEmail(message: { to: string } & DigestMessage): Promise<void>;
}

/**
 * Sends mail through SMTP_URL, or without it writes each message as an .eml file into DATA_DIR/outbox and logs
 * the verification link, so a local install works with no mail server.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const outbox = join(config.dataDir, 'outbox');
  const transport = config.SMTP_URL
    ? nodemailer.createTransport({
        url: config.SMTP_URL,
        // Signup waits for the message; nodemailer's defaults would let a dead server hold it for minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  /** Sends through SMTP or writes to the outbox; `kind` names the message in logs and outbox file names. */
  async function deliver(
    to: string,
    kind: string,
    content: EmailContent & { headers?: Record<string, string> },
    logFields: object = {},
  ) {
    const info = await transport.sendMail({ from: config.MAIL_FROM, to, ...content });
    if (config.SMTP_URL) {
      log.info({ to, kind, messageId: info.messageId, ...logFields }, 'e-mail sent');
      return;
    }
    const file = writeToOutbox(outbox, to, kind, messageBytes(info));
    log.info({ to, kind, file, ...logFields }, 'e-mail written to the outbox');
  }

  return {
    destination: config.SMTP_URL ? `SMTP ${new URL(config.SMTP_URL).host}` : `outbox ${outbox}`,

    async sendVerificationEmail({ to, username, token }) {
      const link = verificationLink(config.SITE_URL, token);
      const content = verificationEmail({
        username,
        link,
        validForHours: Math.max(1, Math.round(config.EMAIL_TOKEN_TTL / 3600)),
      });
      await deliver(to, 'verify', content, { link });
    },

    async sendIssueClosedEmail({ to, ...issue }) {
      const content = issueClosedEmail({ ...issue, trackerUrl: `${config.SITE_URL}/issues` });
      await deliver(to, 'issue', content, { issueId: issue.issueId });
    },

    async sendDigestEmail({ to, ...digest }) {
      await deliver(to, 'digest', digestEmail(digest), { unread: digest.unread });
    },
  };
}

export function verificationLink(siteUrl: string, token: string): string {
  return `${siteUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

function messageBytes(info: unknown): Buffer {
  const message = (info as { message?: unknown }).message;
  if (!Buffer.isBuffer(message))
    throw new Error('the stream transport did not return the message as a buffer');
  return message;
}

/** Writes `<timestamp>-<to>-<kind>.eml`, never overwriting a message written in the same millisecond. */
function writeToOutbox(outbox: string, to: string, kind: string, message: Buffer): string {
  mkdirSync(outbox, { recursive: true });
  const recipient = to.replace(/[^A-Za-z0-9@._+-]/g, '_');
  for (let timestamp = Date.now(); ; timestamp++) {
    const file = join(outbox, `${timestamp}-${recipient}-${kind}.eml`);
    try {
      writeFileSync(file, message, { flag: 'wx', mode: 0o600 });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
