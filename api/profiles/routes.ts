import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USERNAME_PATTERN } from '../../contract/accounts-values';
import { errorSchema, validationErrorSchema } from '../../contract/http';
import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZE,
  PROFILE_ERROR_CODES as CODES,
  PROFILE_TEXTS as TEXTS,
  avatarResultSchema,
  userProfileSchema,
  usernameParamsSchema,
} from '../../contract/profiles';
import { PRIVATE_NO_STORE } from '../http-cache';
import { notFound } from '../http-error';
import { currentUser } from '../plugins/auth';
import { uploadedFileField } from '../plugins/forms';

const userNotFound = () => notFound(TEXTS.userNotFound, CODES.userNotFound);

const avatarBody = z.object({
  file: uploadedFileField('PNG, JPEG or WebP up to 300 KB and 1024×1024'),
});

/** A user's public profile, and the signed-in user's avatar upload. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:username',
    {
      // Before every check of the request (the NUL check's 422 included): a name no user can have is simply
      // not found, as an unknown one is.
      onRequest: async (request) => {
        const { username } = request.params as { username?: unknown };
        if (typeof username !== 'string' || !USERNAME_PATTERN.test(username)) throw userNotFound();
      },
      schema: {
        tags: ['profiles'],
        summary: "A user's public profile",
        description:
          'The username in any case. Counts, shared lists and reading stats (`stats` null when the owner hides ' +
          "them) may lag a vote, review, post or list change by up to `CACHE_TTL_MS`; the owner's avatar and " +
          'preference changes show at once. 404 "User not found" for a name no user has or no user can have.',
        params: usernameParamsSchema,
        response: { 200: userProfileSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const profile = await app.profiles.profile(request.params.username);
      if (!profile) throw userNotFound();
      return profile;
    },
  );

  // `/users/`, `/users/a/b`: no username either, answered as one that names no one rather than as an unknown
  // address.
  for (const url of ['/users', '/users/*']) {
    app.get(url, { schema: { hide: true, response: { 404: errorSchema } } }, async () => {
      throw userNotFound();
    });
  }

  app.put(
    '/auth/me/avatar',
    {
      onRequest: [app.authenticate, app.limitWrites('accounts')],
      // One byte over the limit marks the file truncated, so the answer can name the limit.
      config: { multipartOptions: { limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1 } } },
      schema: {
        tags: ['auth'],
        summary: "Upload the signed-in user's avatar",
        description:
          `Multipart \`file\`: PNG, JPEG or WebP, refused as a forum image is (400, max 300 KB and 1024×1024). ` +
          `Stored re-encoded without metadata as a ${AVATAR_SIZE}×${AVATAR_SIZE} WebP cropped to the centre; ` +
          'the avatar it replaces is removed after `MEDIA_DELETE_GRACE`.',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        body: avatarBody,
        response: {
          200: avatarResultSchema,
          400: errorSchema,
          401: errorSchema,
          413: errorSchema,
          422: validationErrorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      return { avatar_url: await app.profiles.setAvatar(currentUser(request).id, request.body.file) };
    },
  );
};

export default profileRoutes;
