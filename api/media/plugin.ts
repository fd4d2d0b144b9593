import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defaultErrorCode } from '../http-error';
import { RetiredMedia } from './retired-media';
import { LocalDiskStorage, type MediaStorage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where covers and uploads are stored, and the public URL of each stored key. */
    media: MediaStorage;
    /** Removes media the database stopped naming, after MEDIA_DELETE_GRACE. */
    retiredMedia: RetiredMedia;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Stored keys are relative paths of safe characters (see store-image.ts); anything else is not media. */
const MEDIA_KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9._-]*)+$/i;

/**
 * Stores media on the local disk (DATA_DIR/media, the default) or in an S3-compatible bucket
 * (MEDIA_STORE=s3) and serves it at /media/{key}: local files through @fastify/static, bucket objects
 * streamed from the bucket (or fetched by browsers from S3_PUBLIC_URL directly). A stored key never
 * changes content (a new image gets a new key), so responses are cacheable for a year as immutable.
 * Every instance sweeps the pending media deletions every MEDIA_SWEEP_INTERVAL.
 */
export default fp(
  async function mediaPlugin(app: FastifyInstance) {
    const { config } = app;
    let storage: MediaStorage;
    if (config.MEDIA_STORE === 's3') {
      // Loaded only when used: the AWS SDK adds tens of megabytes to a process that never needs it.
      const { S3Storage } = await import('./s3-storage');
      const s3 = new S3Storage({
        bucket: config.S3_BUCKET!,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        publicUrl: config.S3_PUBLIC_URL,
        apiUrl: config.publicApiUrl,
      });
      app.addHook('onClose', async () => s3.close());
      storage = s3;
      app.get('/media/*', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const object = MEDIA_KEY.test(key) && !key.includes('..') ? await storage.get!(key) : undefined;
        if (!object) {
          return reply
            .status(404)
            .send({ detail: `Not found: GET ${request.url.split('?')[0]}`, code: defaultErrorCode(404) });
        }
        reply.header('cache-control', IMMUTABLE).type(object.contentType);
        if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
        return reply.send(object.body);
      });
    } else {
      const root = join(config.dataDir, 'media');
      await mkdir(root, { recursive: true });
      storage = new LocalDiskStorage(root, config.publicApiUrl);
      await app.register(fastifyStatic, {
        root,
        prefix: '/media/',
        // Only files: no index.html lookup, no directory listing, no dotfiles.
        index: false,
        list: false,
        dotfiles: 'ignore',
        redirect: false,
        // A directory path would otherwise answer 403; there is nothing to list, so it is simply not found.
        allowedPath: (pathName) => !pathName.endsWith('/'),
        decorateReply: false,
        // Cache-Control: public, max-age=31536000, immutable
        maxAge: 365 * 24 * 60 * 60 * 1000,
        immutable: true,
      });
    }
    app.decorate('media', storage);

    const retired = new RetiredMedia(app.db, storage, config.MEDIA_DELETE_GRACE);
    app.decorate('retiredMedia', retired);
    const sweep = setInterval(() => {
      retired
        .sweep()
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not remove retired media'));
    }, config.MEDIA_SWEEP_INTERVAL * 1000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'media', dependencies: ['config'] },
);
