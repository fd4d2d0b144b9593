import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface S3TestServer {
  /** The API's S3_* settings for this server's bucket. */
  env: Record<string, string>;
  endpoint: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server for tests and the multi-instance check (s3rver, files in a scratch folder, works
 * offline), with one bucket. Port 0 picks a free one.
 */
export async function startS3TestServer(port = 0, bucket = 'panelrank-media'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'panelrank-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    env: {
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      // s3rver's fixed development credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
