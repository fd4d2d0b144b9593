import { createServer, type Server } from 'node:http';
import { rmSync } from 'node:fs';
import type { Database } from './db/client';
import { AdminCommandError, createAdmin, demoteUser, promoteUser } from './accounts/admin-commands';

/**
 * A local-only HTTP endpoint on a Unix socket inside DATA_DIR. With the embedded database only the API
 * process may touch the data files, so the admin CLI sends its commands here while the server runs.
 * Only processes that can open DATA_DIR can connect; nothing listens on the network.
 */
export async function startControlSocket(
  path: string,
  db: Database,
  /** Told of every user whose role changed (app.accounts.userChanged), so their sessions follow at once. */
  userChanged: (userId: number) => Promise<void>,
): Promise<Server> {
  rmSync(path, { force: true });
  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, string>;
      if (request.method === 'POST' && request.url === '/admin/create') {
        return send(200, await createAdmin(db, body as never));
      }
      const roleChange = { '/admin/promote': promoteUser, '/admin/demote': demoteUser }[request.url ?? ''];
      if (request.method === 'POST' && roleChange) {
        const result = await roleChange(db, String(body.username ?? ''));
        await userChanged(result.user.id);
        return send(200, result);
      }
      return send(404, { error: 'Unknown command' });
    } catch (error) {
      const known = error instanceof AdminCommandError || (error as Error).name === 'ZodError';
      return send(known ? 400 : 500, {
        error: known ? messageOf(error) : 'The server could not run the command.',
      });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  return server;
}

function messageOf(error: unknown): string {
  const issues = (error as { issues?: { message: string }[] }).issues;
  return issues ? issues.map((issue) => issue.message).join('; ') : (error as Error).message;
}
