import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LocalDiskStorage, type MediaStorage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where covers and uploads are stored, and the public URL of each stored key. */
    media: MediaStorage;
  }
}

/**
 * Stores media under DATA_DIR/media and serves it at /media/{key}. A stored key never changes content (a
 * new image gets a new key), so responses are cacheable for a year as immutable.
 */
export default fp(
  async function mediaPlugin(app: FastifyInstance) {
    const root = join(app.config.dataDir, 'media');
    await mkdir(root, { recursive: true });
    app.decorate('media', new LocalDiskStorage(root, app.config.publicApiUrl));

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
  },
  { name: 'media', dependencies: ['config'] },
);
