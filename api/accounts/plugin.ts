import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AccessTokens } from './access-tokens';
import { Authentication, USERS_TOPIC } from './authentication';
import { resolveSecret } from '../plugins/secrets';
import { AccountsService } from './service';
import { findTokenUser } from './users';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts, sign-in, and who a bearer token is (the auth plugin's hooks ask it). */
    accounts: AccountsService;
  }
}

export default fp(
  async function accountsPlugin(app: FastifyInstance) {
    const { config } = app;
    const authentication = new Authentication({
      tokens: new AccessTokens(
        resolveSecret(config, config.JWT_SECRET, 'jwt-secret'),
        config.ACCESS_TOKEN_TTL,
      ),
      readUser: (userId) => findTokenUser(app.db, userId),
      userTtlMs: config.AUTH_USER_CACHE_MS,
    });
    authentication.forgetOn(app.changeFeed);
    // Subscribed after the line above, so the users are forgotten first: a notification stream lives only
    // while its token passes, so a change to its user (a sign-out everywhere, a deletion) ends it here and,
    // through the change feed, on every instance.
    app.changeFeed.subscribe(USERS_TOPIC, ({ ids }) =>
      app.notifications.sessionsChanged(
        ids,
        async (token) => (await authentication.userOfToken(token)) !== undefined,
      ),
    );
    app.decorate(
      'accounts',
      new AccountsService({
        db: app.db,
        config,
        log: app.log,
        feed: app.changeFeed,
        authentication,
        catalogue: app.catalogue,
        // The lists went with the account, and its posts now read "Anonymous" with its likes gone: each
        // service drops what it holds of them, here and on every other instance; its notification streams
        // end everywhere.
        accountDeleting: [
          // Before the forum's likes go: the LIKE groups read their likers from them.
          (tx, userId) => app.notifications.accountDeleting(tx, userId),
          (tx, userId) => app.forum.accountDeleting(tx, userId),
          // Notes the avatar, removed once the deletion committed (below).
          (tx, userId) => app.profiles.accountDeleting(tx, userId),
          (tx, userId) => app.reviews.accountDeleting(tx, userId),
        ],
        accountDeleted: [
          () => app.readingLists.changed(null),
          async () => app.forum.changed(null),
          async ({ userId, notified }) => {
            app.notifications.changed(notified);
            await app.notifications.accountDeleted(userId);
          },
          ({ userId }) => app.profiles.accountDeleted(userId),
          // The apps it registered went too, with the tokens other readers granted them.
          () => app.apps.accountDeleted(),
        ],
      }),
    );
  },
  {
    name: 'accounts',
    dependencies: ['config', 'change-feed', 'catalogue', 'forum', 'notifications', 'profiles', 'reviews'],
  },
);
