import { copyFile, link, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/**
 * Where uploaded and generated images live. Keys are relative paths like `covers/12-3f9a.webp`; the API
 * serves them under /media/{key} with long-lived immutable caching, so a changed image gets a new key.
 * The local disk is the default; an object store can implement the same interface.
 */
export interface MediaStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Optional: stores an existing object's content under another key more cheaply than a second put (a
   * variant that equals the original). Objects are never rewritten, so sharing storage is safe.
   */
  duplicate?(existingKey: string, newKey: string): Promise<void>;
  remove(keys: string[]): Promise<void>;
  /** Absolute URL a browser uses to fetch the object. */
  url(key: string): string;
}

export class LocalDiskStorage implements MediaStorage {
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
    const target = this.pathOf(newKey);
    await mkdir(dirname(target), { recursive: true });
    await link(this.pathOf(existingKey), target).catch(() => copyFile(this.pathOf(existingKey), target));
  }

  async remove(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }

  url(key: string): string {
    return `${this.publicBaseUrl}/media/${key}`;
  }
}
