import type { Server } from 'node:http';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openMigratedDatabase } from './db/open-for-script';
import { DatabaseLockedError } from './db/embedded-lock';
import { startControlSocket } from './control-socket';

async function main() {
  const config = loadConfig();
  const controlSocket =
    config.database.kind === 'embedded' ? join(config.dataDir, 'control.sock') : undefined;
  const database = await openMigratedDatabase(config, { role: 'api', controlSocket });
  let control: Server | undefined;
  let closing: Promise<void> | undefined;
  /** Stops the control socket, then closes the database (releasing the embedded lock); runs once. */
  const closeResources = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => (control ? control.close(() => resolve()) : resolve()));
      await database.close();
    })());

  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, database });
    const { accounts } = app;
    control = controlSocket
      ? await startControlSocket(controlSocket, database.db, (userId) => accounts.userChanged(userId))
      : undefined;

    // On SIGINT/SIGTERM: stop accepting, let in-flight requests finish, then close the database.
    const running = app;
    closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
      if (err) running.log.error({ err }, 'shutting down after an error');
      else running.log.info({ signal }, 'shutting down');
      await running.close();
      // After the app's own onClose hooks, which may still write (the rate-limit counters' last flush):
      // Fastify runs a hook added here before those of the plugins registered earlier.
      await closeResources();
    });

    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    // Start-up failed with the database open (say the port is taken): close it cleanly and remove the
    // control socket rather than leave both to the process exit.
    await app?.close().catch(() => undefined);
    await closeResources().catch(() => undefined);
    throw error;
  }
  app.log.info(
    `PanelRank API on ${config.publicApiUrl} (docs at ${config.publicApiUrl}/docs, database: ${config.database.kind})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else {
    console.error('The API could not start:', error);
  }
  process.exit(1);
});
