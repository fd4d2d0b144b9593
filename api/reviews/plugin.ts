import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReviewsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Written reviews of a series and their helpful marks (see service.ts). */
    reviews: ReviewsService;
  }
}

export default fp(
  async function reviewsPlugin(app: FastifyInstance) {
    app.decorate(
      'reviews',
      new ReviewsService({
        db: app.db,
        catalogue: {
          snapshot: () => app.catalogue.snapshot(),
          servableSnapshot: () => app.catalogue.servableSnapshot(),
        },
      }),
    );
  },
  { name: 'reviews', dependencies: ['config', 'catalogue'] },
);
