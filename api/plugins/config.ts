import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
  }
}

/** Makes the configuration and the database available to every route; closes the database last. */
export default fp(
  async function configPlugin(app: FastifyInstance, options: { config: Config; database: DatabaseHandle }) {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
  },
  { name: 'config' },
);
