import type { Readable } from 'node:stream';
import { copyFile, link, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/**
 * Where uploaded and generated images live. Keys are relative paths like `covers/12-3f9a.webp`; the API
 * serves them under /media/{key} with long-lived immutable caching, so a changed image gets a new key.
 * The local disk is the default; S3Storage keeps them in an S3-compatible bucket.
 */
export interface MediaStorage {
  /** `local` files are served by @fastify/static; the others through `get`. */
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Optional: stores an existing object's content under another key more cheaply than a second put (a
   * variant that equals the original). Objects are never rewritten, so sharing storage is safe.
   */
  duplicate?(existingKey: string, newKey: string): Promise<void>;
  remove(keys: string[]): Promise<void>;
  /** Absolute URL a browser uses to fetch the object. */
  url(key: string): string;
  /** The object's content, for serving it through the API; undefined when there is none. */
  get?(key: string): Promise<StoredObject | undefined>;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  contentLength?: number;
}

export class LocalDiskStorage implements MediaStorage {
  readonly kind = 'local';

  constructor(
    readonly root: string,
    private readonly publicBaseUrl: string,
  ) {}

  private pathOf(key: string): string {
    const path = normalize(join(this.root, key));
    if (!path.startsWith(normalize(this.root + '/'))) throw new Error(`Bad media key: ${key}`);
    return path;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
  }

  /** A hard link: creating a file costs far more than a directory entry (seeding writes thousands). */
  async duplicate(existingKey: string, newKey: string): Promise<void> {
    const source = this.pathOf(existingKey);
    const target = this.pathOf(newKey);
    // The folder nearly always exists: creating it only when the link says it is missing saves a call.
    const linked = await link(source, target).then(
      () => true,
      async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') return false;
        await mkdir(dirname(target), { recursive: true });
        return link(source, target).then(
          () => true,
          () => false,
        );
      },
    );
    if (!linked) await copyFile(source, target);
  }

  async remove(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }

  url(key: string): string {
    return `${this.publicBaseUrl}/media/${key}`;
  }
}
