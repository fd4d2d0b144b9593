import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import * as accounts from '../../contract/accounts';
import * as apps from '../../contract/apps';
import * as catalogue from '../../contract/catalogue';
import * as digest from '../../contract/digest';
import * as forum from '../../contract/forum';
import * as http from '../../contract/http';
import * as issues from '../../contract/issues';
import * as notifications from '../../contract/notifications';
import * as profiles from '../../contract/profiles';
import * as readingLists from '../../contract/reading-lists';
import * as recommendations from '../../contract/recommendations';
import * as reviews from '../../contract/reviews';
import * as voteReview from '../../contract/vote-review';
import { buildApp } from '../../api/app';
import { openScratchDatabase } from '../../api/db/open-for-script';

/** Routes that answer something other than the contract's JSON (documents, images, a captcha widget's own format). */
const OUTSIDE_THE_CONTRACT = [/^\/docs/, /^\/media\//, /^\/auth\/captcha\/challenge$/];

describe('the API declares the contract', () => {
  it('answers every route with a response schema exported by contract/, the same object, not a copy', async () => {
    const { config, database } = await openScratchDatabase('contract');
    const routes: RouteOptions[] = [];
    const app = await buildApp({ config, database, logger: false, onRoute: (route) => routes.push(route) });
    await app.ready();

    const exported = new Set<unknown>(
      [
        accounts,
        apps,
        catalogue,
        digest,
        forum,
        http,
        issues,
        notifications,
        profiles,
        readingLists,
        recommendations,
        reviews,
        voteReview,
      ].flatMap((module) => Object.values(module as Record<string, unknown>)),
    );
    const checked: string[] = [];
    const problems: string[] = [];
    for (const route of routes) {
      const methods = [route.method].flat().filter((method) => method !== 'HEAD' && method !== 'OPTIONS');
      if (methods.length === 0 || OUTSIDE_THE_CONTRACT.some((pattern) => pattern.test(route.url))) continue;
      const name = `${methods.join(',')} ${route.url}`;
      const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
      if (!response) {
        problems.push(`${name}: no response schema`);
        continue;
      }
      for (const [status, schema] of Object.entries(response)) {
        if (!exported.has(schema)) problems.push(`${name} ${status}: not a contract export`);
      }
      checked.push(name);
    }
    expect(problems).toEqual([]);
    // The routes of every feature were seen (a broken hook would check nothing).
    for (const route of [
      'GET /series/rankings',
      'POST /series-details/:id/vote',
      'POST /auth/login',
      'DELETE /series/:id',
      'PATCH /issues/:id/status',
      'GET /reading-lists/:id/items/paged',
      'POST /forum/threads/:id/posts',
      'POST /forum/media/upload',
      'GET /notifications/stream',
      'PUT /auth/me/preferences',
      'POST /notifications/unsubscribe',
      'POST /admin/vote-voids',
      'GET /series/:id/also-liked',
      'GET /users/:username',
      'PUT /auth/me/avatar',
      'POST /reviews/:id/helpful',
      'POST /oauth/token',
      'GET /oauth/authorize/check',
      'PUT /v1/library/:seriesId',
      'GET /.well-known/oauth-authorization-server',
    ])
      expect(checked).toContain(route);
    await app.close();
    await database.close();
  });
});
