import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { MediaStorage, StoredObject } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (R2, MinIO, a test server); unset for AWS S3. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Where browsers fetch objects directly (a CDN or the bucket's public URL); unset: through the API. */
  publicUrl?: string;
  /** The API's own public URL, for `/media/{key}` when there is no public URL. */
  apiUrl: string;
}

/** Media in an S3-compatible bucket (the AWS SDK's S3 client: AWS S3, Cloudflare R2, MinIO...). */
export class S3Storage implements MediaStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        // Keys are never reused, so whoever serves the object may cache it for good.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async duplicate(existingKey: string, newKey: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.options.bucket,
        Key: newKey,
        CopySource: `${this.options.bucket}/${existingKey.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }

  async remove(keys: string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += 1000) {
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.options.bucket,
          Delete: { Objects: keys.slice(start, start + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return {
        body: object.Body as Readable,
        contentType: object.ContentType ?? 'application/octet-stream',
        contentLength: object.ContentLength,
      };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  url(key: string): string {
    return this.options.publicUrl
      ? `${this.options.publicUrl}/${key}`
      : `${this.options.apiUrl}/media/${key}`;
  }

  close(): void {
    this.client.destroy();
  }
}
