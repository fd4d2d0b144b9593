import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
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
  const app = await buildApp({ config, database });
  const control = controlSocket ? await startControlSocket(controlSocket, database.db) : undefined;

  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (control ? control.close(() => resolve()) : resolve()));
    await database.close();
  });

  // On SIGINT/SIGTERM: stop accepting, let in-flight requests finish, then close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
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
