import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VotingService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Casting votes; the catalogue shows them as soon as a vote is answered. */
    voting: VotingService;
  }
}

export default fp(
  async function votingPlugin(app: FastifyInstance) {
    app.decorate('voting', new VotingService(app.database, app.catalogue));
  },
  { name: 'voting', dependencies: ['config', 'catalogue'] },
);
