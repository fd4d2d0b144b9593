/**
 * `npm run admin`: account administration from the command line.
 *
 *   npm run admin -- create --username alice --email alice@gmail.com --password 'long secret'
 *   npm run admin -- promote alice
 *   npm run admin -- demote alice
 *
 * It works on the database the API is configured for (DATA_DIR, DATABASE_URL). With the embedded database
 * only one process may open the data files, so while the API runs the command is sent to the API through
 * its control socket in DATA_DIR; otherwise the CLI opens (and migrates) the database itself.
 * Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import { request } from 'node:http';
import { parseArgs } from 'node:util';
import {
  AdminCommandError,
  createAdmin,
  demoteUser,
  promoteUser,
  type AdminCommandResult,
} from '../api/accounts/admin-commands';
import { loadConfig, type Config } from '../api/config';
import { readLockHolder } from '../api/db/embedded-lock';
import { openMigratedDatabase } from '../api/db/open-for-script';
import { USERS_TOPIC } from '../api/accounts/authentication';
import { publishChange } from '../api/plugins/change-feed';
import { CommandFailed, runCommand } from './lib/command';

const USAGE = `Usage:
  npm run admin -- create --username NAME --email ADDRESS --password PASSWORD
      creates a verified ADMIN account
  npm run admin -- promote USERNAME
      makes an existing account an ADMIN
  npm run admin -- demote USERNAME
      makes an ADMIN a USER again (signed-in sessions lose admin rights at once)`;

/** How long to wait for a running API to answer on its control socket (tests shorten it). */
const SOCKET_TIMEOUT_MS = Number(process.env.ADMIN_SOCKET_TIMEOUT_MS) || 10_000;

type Command =
  | { name: 'create'; path: '/admin/create'; body: { username: string; email: string; password: string } }
  | { name: 'promote'; path: '/admin/promote'; body: { username: string } }
  | { name: 'demote'; path: '/admin/demote'; body: { username: string } };

class UsageError extends Error {}

function parseCommand(argv: string[]): Command | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) return 'help';
  const [name, ...rest] = positionals;
  if (name === 'create') {
    if (rest.length) throw new UsageError(`create takes no positional arguments (got "${rest.join(' ')}")`);
    const missing = (['username', 'email', 'password'] as const).filter((flag) => !values[flag]);
    if (missing.length) throw new UsageError(`create needs ${missing.map((flag) => `--${flag}`).join(', ')}`);
    return {
      name,
      path: '/admin/create',
      body: { username: values.username!, email: values.email!, password: values.password! },
    };
  }
  if (name === 'promote' || name === 'demote') {
    const username = rest[0] ?? values.username;
    if (!username || rest.length > 1) throw new UsageError(`${name} takes exactly one username`);
    if (values.email || values.password) throw new UsageError(`${name} takes only a username`);
    return name === 'promote'
      ? { name, path: '/admin/promote', body: { username } }
      : { name, path: '/admin/demote', body: { username } };
  }
  throw new UsageError(name ? `Unknown command "${name}"` : 'No command given');
}

/** Runs the command in this process, on a database it opens (and migrates) itself. */
async function runDirectly(config: Config, command: Command): Promise<AdminCommandResult> {
  const database = await openMigratedDatabase(config, { role: 'admin' });
  try {
    if (command.name === 'create') return await createAdmin(database.db, command.body);
    const result = await (command.name === 'promote' ? promoteUser : demoteUser)(
      database.db,
      command.body.username,
    );
    // Instances running on this PostgreSQL database drop what they remember of the user at once.
    if (config.database.kind === 'postgres') await publishChange(database.db, USERS_TOPIC, [result.user.id]);
    return result;
  } catch (error) {
    const issues = (error as { issues?: { message: string }[] }).issues;
    if (issues) throw new CommandFailed(issues.map((issue) => issue.message).join('; '));
    if (error instanceof AdminCommandError) throw new CommandFailed(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

/** Sends the command to the running API's control socket and returns its answer. */
function runThroughApi(socketPath: string, command: Command): Promise<AdminCommandResult> {
  const payload = JSON.stringify(command.body);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        socketPath,
        path: command.path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        timeout: SOCKET_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          let answer: Partial<AdminCommandResult> & { error?: string };
          try {
            answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof answer;
          } catch {
            return reject(
              new CommandFailed(`The API answered ${response.statusCode} with a body that is not JSON.`),
            );
          }
          if (response.statusCode === 200 && answer.message && answer.user) {
            return resolve({ message: answer.message, user: answer.user });
          }
          reject(new CommandFailed(answer.error ?? `The API answered ${response.statusCode}.`));
        });
      },
    );
    call.on('timeout', () => {
      call.destroy(
        new CommandFailed(
          `The running API did not answer on ${socketPath} within ${SOCKET_TIMEOUT_MS / 1000} s. ` +
            'Check that it is healthy, or stop it and run this command again.',
        ),
      );
    });
    call.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof CommandFailed) return reject(error);
      reject(
        new CommandFailed(
          `Could not reach the running API through ${socketPath} (${error.code ?? error.message}). ` +
            'If the API is not running any more, run this command again.',
        ),
      );
    });
    call.end(payload);
  });
}

async function main(): Promise<number> {
  let command: Command | 'help';
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (command === 'help') {
    console.log(USAGE);
    return 0;
  }

  const config = loadConfig();
  if (config.database.kind === 'memory') {
    throw new CommandFailed(
      'DATABASE_URL=memory:// lives only inside one process; there is nothing to administer.',
    );
  }
  let result: AdminCommandResult;
  const holder = config.database.kind === 'embedded' ? readLockHolder(config.dataDir) : undefined;
  if (holder?.role === 'api' && holder.controlSocket) {
    console.log(`The API is running (pid ${holder.pid}); sending the command to it.`);
    result = await runThroughApi(holder.controlSocket, command);
  } else if (holder) {
    throw new CommandFailed(
      `The embedded database in ${config.dataDir} is in use by another process (${holder.role}, pid ${holder.pid}). ` +
        'Wait for it to finish, then run this command again.',
    );
  } else {
    result = await runDirectly(config, command);
  }
  console.log(result.message);
  return 0;
}

runCommand(main, 'The admin command failed');
