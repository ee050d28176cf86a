import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env.ts';
import { localDocuments, s3Documents, type DocumentStorage } from '../applications/files.ts';
import { s3BucketFromEnv, type S3Bucket, type S3Env } from './s3.ts';
import { createImageResizer, createS3ImageResizer, type ImageResizer } from './service.ts';
import { localMediaStorage, s3MediaStorage, type MediaStorage } from './storage.ts';

/** The shop's files: pictures (public at /media), their resized copies and private documents. */
export interface ShopFiles {
  storage: MediaStorage;
  resizer: ImageResizer;
  documents: DocumentStorage;
  /** The S3 bucket (MEDIA_S3_BUCKET), or null on local disk. */
  bucket: S3Bucket | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: ShopFiles;
  }
}

/** Local disk below DATA_DIR (the default), or the bucket MEDIA_S3_* names (ADR 38). */
export function shopFiles(env: Pick<Env, 'DATA_DIR'> & Partial<S3Env>): ShopFiles {
  const bucket = s3BucketFromEnv(env);
  if (bucket)
    return {
      storage: s3MediaStorage(bucket),
      resizer: createS3ImageResizer(bucket),
      documents: s3Documents(bucket),
      bucket,
    };
  const mediaDir = path.join(env.DATA_DIR, 'media');
  return {
    storage: localMediaStorage(mediaDir),
    resizer: createImageResizer(mediaDir),
    documents: localDocuments(env.DATA_DIR),
    bucket: null,
  };
}

/** Decorates `app.media` from the env, before any route that stores or serves a file. */
export const mediaPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('media', shopFiles(app.env));
});
