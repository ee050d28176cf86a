import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Env } from '../../env.ts';

/**
 * One bucket of S3-compatible storage (AWS S3, Cloudflare R2, MinIO, Backblaze B2) and the few
 * calls the shop makes on it (ADR 38). Every key starts with MEDIA_S3_PREFIX; nothing is ever
 * made public in the bucket: the shop reads objects and serves them itself.
 */
export interface S3Bucket {
  /** The stored object, or null when there is none. */
  get(key: string): Promise<{ body: Readable; size: number; modifiedMs: number; type?: string; etag?: string } | null>;
  head(key: string): Promise<{ size: number; modifiedMs: number } | null>;
  put(key: string, bytes: Buffer, type: string): Promise<void>;
  /** Deletes the keys (a key already gone is no error). */
  remove(keys: string[]): Promise<void>;
  /** Every key below `prefix` (relative to the bucket prefix) with its time. */
  list(prefix: string): Promise<{ key: string; size: number; modifiedMs: number }[]>;
  /** Throws a message naming the bucket and the cause when it cannot be reached with these keys. */
  check(): Promise<void>;
}

export type S3Env = Pick<
  Env,
  | 'MEDIA_S3_BUCKET'
  | 'MEDIA_S3_ENDPOINT'
  | 'MEDIA_S3_REGION'
  | 'MEDIA_S3_ACCESS_KEY_ID'
  | 'MEDIA_S3_SECRET_ACCESS_KEY'
  | 'MEDIA_S3_FORCE_PATH_STYLE'
  | 'MEDIA_S3_PREFIX'
>;

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** The bucket MEDIA_S3_* names, or null when media stays on local disk (MEDIA_S3_BUCKET unset). */
export function s3BucketFromEnv(env: Partial<S3Env>): S3Bucket | null {
  if (!env.MEDIA_S3_BUCKET) return null;
  const client = new S3Client({
    region: env.MEDIA_S3_REGION ?? 'us-east-1',
    ...(env.MEDIA_S3_ENDPOINT ? { endpoint: env.MEDIA_S3_ENDPOINT } : {}),
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE ?? false,
    credentials: { accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID!, secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY! },
    // Only what the shop sends is checksummed; R2, B2 and older MinIO refuse the newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = env.MEDIA_S3_BUCKET;
  const prefix = env.MEDIA_S3_PREFIX ?? '';
  const Key = (key: string) => `${prefix}${key}`;

  return {
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return {
          body: out.Body as Readable,
          size: out.ContentLength ?? 0,
          modifiedMs: out.LastModified?.getTime() ?? 0,
          type: out.ContentType,
          etag: out.ETag,
        };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async head(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return { size: out.ContentLength ?? 0, modifiedMs: out.LastModified?.getTime() ?? 0 };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async put(key, bytes, type) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: bytes, ContentType: type }));
    },
    async remove(keys) {
      // DeleteObjects takes at most 1,000 keys a call.
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((k) => ({ Key: Key(k) }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
        const cause =
          status === 404
            ? 'there is no such bucket'
            : status === 403 || status === 401
              ? 'the keys (MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY) may not use it'
              : (err as Error).message || (err as Error).name;
        throw new Error(
          `MEDIA_S3_BUCKET ${Bucket} cannot be reached at ${env.MEDIA_S3_ENDPOINT ?? 'AWS S3'} (${cause})`,
        );
      }
    },
    async list(below) {
      const found: { key: string; size: number; modifiedMs: number }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket, Prefix: Key(below), ContinuationToken }));
        for (const o of out.Contents ?? []) {
          if (o.Key)
            found.push({
              key: o.Key.slice(prefix.length),
              size: o.Size ?? 0,
              modifiedMs: o.LastModified?.getTime() ?? 0,
            });
        }
        ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
  };
}

/** Where each kind of object lives in the bucket (ADR 38): none of them is public. */
export const S3_KEYS = {
  original: (rel: string) => `media/${rel}`,
  variant: (variant: string, rel: string) => `media-cache/${variant}/${rel}`,
  variants: 'media-cache/',
  document: (rel: string) => `private/${rel}`,
} as const;

/** Reads a stored object's body whole (pictures and documents are a few MB at most). */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The Content-Type of a media or document file, from its extension. */
export function mediaType(relPath: string): string {
  const ext = relPath.slice(relPath.lastIndexOf('.') + 1).toLowerCase();
  return MEDIA_TYPES[ext] ?? 'application/octet-stream';
}
const MEDIA_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
};
