/**
 * `npm run digest -- --now`: sends the daily digests that are due at once, as the API's scheduled job
 * would (the same lease, so never alongside another instance's run), and prints how many went out.
 *
 * It works on the database the API is configured for (DATA_DIR, DATABASE_URL). With the embedded database
 * only one process may open the data files: while the API runs, it sends the digests itself every
 * DIGEST_CHECK_INTERVAL, so this command asks you to stop it first. Without SMTP_URL the messages land in
 * DATA_DIR/outbox. Exit codes: 0 done (or another instance was already sending), 1 failed, 2 bad usage.
 */
import type { FastifyBaseLogger } from 'fastify';
import { parseArgs } from 'node:util';
import { loadConfig } from '../api/config';
import { readLockHolder } from '../api/db/embedded-lock';
import { openMigratedDatabase } from '../api/db/open-for-script';
import { unsubscribeTokens } from '../api/digest/plugin';
import { DigestService } from '../api/digest/service';
import { unreadNotificationsIn } from '../api/digest/unread-notifications';
import { createMailer } from '../api/mail/mailer';
import { CommandFailed, runCommand } from './lib/command';

const USAGE = `Usage:
  npm run digest -- --now
      sends the daily digests that are due now (daily subscribers with unread notifications and no
      digest in the last 24 hours)`;

/** The mailer's log lines, printed as the CLI's own output. */
function consoleLogger(): FastifyBaseLogger {
  const print = (write: (line: string) => void) => (fields: unknown, message?: string) =>
    write(typeof fields === 'string' ? fields : `${message ?? ''} ${JSON.stringify(fields)}`.trim());
  const logger = {
    level: 'info',
    info: print(console.log),
    warn: print(console.warn),
    error: print(console.error),
    fatal: print(console.error),
    debug: () => {},
    trace: () => {},
    silent: () => {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

async function main(): Promise<number> {
  let now: boolean | undefined;
  try {
    ({
      values: { now },
    } = parseArgs({ args: process.argv.slice(2), options: { now: { type: 'boolean' } }, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (!now) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (config.database.kind === 'memory') {
    throw new CommandFailed(
      'DATABASE_URL=memory:// lives only inside one process; there is nobody to send to.',
    );
  }
  const holder = config.database.kind === 'embedded' ? readLockHolder(config.dataDir) : undefined;
  if (holder) {
    throw new CommandFailed(
      `The embedded database in ${config.dataDir} is in use by another process (${holder.role}, pid ${holder.pid}). ` +
        (holder.role === 'api'
          ? 'The running API sends the digests itself every DIGEST_CHECK_INTERVAL; stop it to send them now.'
          : 'Wait for it to finish, then run this command again.'),
    );
  }
  const database = await openMigratedDatabase(config, { role: 'digest' });
  try {
    const log = consoleLogger();
    const digest = new DigestService({
      db: database.db,
      mailer: createMailer(config, log),
      tokens: unsubscribeTokens(config),
      siteUrl: config.SITE_URL.replace(/\/+$/, ''),
      apiUrl: config.publicApiUrl,
      log,
      notifications: unreadNotificationsIn(database.db),
    });
    const run = await digest.sendDue();
    console.log(
      run.ran
        ? `${run.result.sent} ${run.result.sent === 1 ? 'digest' : 'digests'} sent.`
        : 'Another instance is sending the digests right now; nothing was sent here.',
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, 'The digest failed');
