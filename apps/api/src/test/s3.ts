import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** The MEDIA_S3_* variables of a shop on this server's bucket (`prefix`: MEDIA_S3_PREFIX). */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

const BUCKET = 'shop-media';

/**
 * A local S3-compatible server (s3rver 3) on 127.0.0.1 and a free port, its data in a temporary
 * folder, with one empty bucket; close() stops it and removes the folder.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'shopfront-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: (prefix) => ({
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      MEDIA_S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      ...(prefix ? { MEDIA_S3_PREFIX: prefix } : {}),
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
