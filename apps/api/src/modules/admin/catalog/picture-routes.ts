import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminPictureOrderSchema,
  AdminPictureParamsSchema,
  AdminPicturePatchSchema,
  AdminPicturesParamsSchema,
  AdminPicturesSchema,
  PICTURE_LIMITS,
  adminPictureMessages as msg,
  adminPicturesApi,
  messages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { HttpError, fieldError, ok } from '../../../lib/http.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { requireStaff } from '../auth.ts';
import { AUTH_NOTE } from '../routes.ts';
import { collecting, undoOffer } from '../undo/offer.ts';
import {
  deletePicture,
  listPictures,
  purgeDeletedPictures,
  reorderPictures,
  updatePicture,
  uploadPicture,
  type PictureAct,
} from './pictures.ts';

declare module '../../jobs/registry.ts' {
  interface JobPayloads {
    'catalog-purge-deleted-pictures': Record<string, never>;
  }
}

/** How often deleted pictures past their undo are removed for good. */
export const PURGE_DELETED_PICTURES_EVERY_MS = 5 * 60_000;

const FIELD = 'file';
const MiB = 1_048_576;
/** The whole multipart body: the file plus room for its part headers and boundaries. */
const MAX_BODY = PICTURE_LIMITS.maxBytes + 64 * 1024;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._-]{8,100}$/;

const doc = (summary: string, errors: readonly (400 | 404 | 409 | 413 | 415 | 422)[] = [404, 422]) => ({
  tags: ['admin'],
  summary,
  description: AUTH_NOTE,
  errors: [401, 403, ...errors, 429] as const,
  config: { staffArea: 'catalog' as const },
});

/** Who uploads or edits a picture, and from where. */
export const actOf = async (req: FastifyRequest): Promise<PictureAct> => {
  const m = await requireStaff(req);
  return { staff: { id: m.id, email: m.email }, ip: req.ip ?? null };
};

/** The one file of field `file` (at most maxBytes) and the name it had on the device; other parts are skipped. */
export async function readUploadFile(req: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  let file: { bytes: Buffer; name: string } | null = null;
  try {
    const parts = req.parts({
      limits: { fileSize: PICTURE_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname === FIELD) file = { bytes: await part.toBuffer(), name: part.filename ?? '' };
      else part.file.resume();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, msg.tooLarge, { [FIELD]: [msg.tooLarge] });
    if (code === 'FST_FILES_LIMIT') throw fieldError(FIELD, msg.oneFile);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, msg.unreadable);
    // Malformed multipart (no boundary, a part cut short, the client went away): never a 500.
    throw new HttpError(400, msg.unreadable);
  }
  if (!file || file.bytes.length === 0) throw fieldError(FIELD, messages.required);
  return file;
}

/** The one file of field `file` (at most maxBytes); other parts are skipped. */
export const readUpload = async (req: FastifyRequest): Promise<Buffer> => (await readUploadFile(req)).bytes;

/** The Idempotency-Key header of an upload (null without one); 422 for a malformed one. */
export function idempotencyKey(req: FastifyRequest): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY.test(raw)) throw fieldError('Idempotency-Key', msg.idempotencyKey);
  return raw;
}

/**
 * A scope for picture uploads: multipart only (streamed by busboy, not the 1 MiB JSON reader),
 * anything else refused with 415 before its body is read; the body limit raised to one picture.
 */
export async function multipartScope(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  // The shop's 1 MiB body limit is raised for this scope alone.
  app.addHook('onRoute', (route) => {
    route.bodyLimit = MAX_BODY;
  });
  await app.register(multipart, { throwFileSizeLimit: true });
  app.addContentTypeParser('*', (_req, _payload, done) => done(new HttpError(415, msg.notMultipart), undefined));
  app.addHook('onSend', async (req, reply) => {
    if (reply.statusCode >= 400 && req.raw.complete === false) reply.header('connection', 'close');
  });
}

/** A larger body than one picture: 413 before it is read. */
export const refuseLargeBody = async (req: FastifyRequest) => {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY)
    throw new HttpError(413, msg.tooLarge, { [FIELD]: [msg.tooLarge] });
};

/**
 * The upload, in its own scope: multipart only (streamed by busboy, not the 1 MiB JSON reader),
 * anything else refused with 415 before its body is read.
 */
async function uploadRoute(app: FastifyInstance, storage: MediaStorage) {
  await multipartScope(app);

  registerEndpoint(
    app,
    adminPicturesApi.upload,
    {
      schemas: { params: AdminPicturesParamsSchema, data: AdminPicturesSchema },
      ...doc(
        `Add a picture: multipart/form-data, one file in the field "file", a JPEG, PNG, WebP or AVIF (told from its bytes, never its name or type) of at most ${PICTURE_LIMITS.maxBytes / MiB} MB and ${PICTURE_LIMITS.maxPixels / 1_000_000} megapixels; stored as WebP (upright, metadata removed, at most ${PICTURE_LIMITS.maxSide} px long) after the product's other pictures, with empty alt text. The same bytes again, or the same Idempotency-Key header, answer the picture already made (picture_id), never a second one. 413 for a larger file, 415 for a body that is not multipart, 422 for anything else that is not such a picture`,
        [400, 404, 413, 415, 422],
      ),
      onRequest: refuseLargeBody,
    },
    async (req) => {
      const act = await actOf(req);
      if (!req.isMultipart()) throw new HttpError(415, msg.notMultipart);
      const key = idempotencyKey(req);
      const bytes = await readUpload(req);
      return ok(await uploadPicture(app.db, storage, act, req.params.id, bytes, key), msg.uploaded);
    },
  );
}

/** A product's pictures (issue 26), area `catalog`; registered in the owner API's protected scope. */
export async function adminPictureRoutes(app: FastifyInstance) {
  const storage = app.media.storage;
  const db = app.db;

  app.jobs.register('catalog-purge-deleted-pictures', {
    payload: z.strictObject({}),
    async handle(_payload, ctx) {
      const n = await purgeDeletedPictures(ctx.db, storage);
      if (n) ctx.log.info({ removed: n }, 'catalog: deleted pictures removed for good');
    },
    repeat: { everyMs: PURGE_DELETED_PICTURES_EVERY_MS, payload: {} },
  });

  registerEndpoint(
    app,
    adminPicturesApi.list,
    {
      schemas: { params: AdminPicturesParamsSchema, data: AdminPicturesSchema },
      ...doc("A product's pictures in the shop's order, with the product's options (for a picture's colour)"),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await listPictures(db, req.params.id));
    },
  );

  registerEndpoint(
    app,
    adminPicturesApi.update,
    {
      schemas: { params: AdminPictureParamsSchema, body: AdminPicturePatchSchema, data: AdminPicturesSchema },
      ...doc(
        "Edit a picture: alt text, option_value (one of the product's option values, such as a colour; null for every variant), focal point focal_x and focal_y (0 to 1, where a cropped card centres it)",
      ),
    },
    async (req) =>
      ok(await updatePicture(db, await actOf(req), req.params.id, req.params.picture_id, req.body), msg.saved),
  );

  registerEndpoint(
    app,
    adminPicturesApi.reorder,
    {
      schemas: { params: AdminPicturesParamsSchema, body: AdminPictureOrderSchema, data: AdminPicturesSchema },
      ...doc(
        'Put the pictures in a new order: order is every picture id once, expected the order you read; 409 when the pictures changed since (an upload, delete or another reorder came first), nothing applied',
        [404, 409, 422],
      ),
    },
    async (req) => ok(await reorderPictures(db, await actOf(req), req.params.id, req.body), msg.reordered),
  );

  registerEndpoint(
    app,
    adminPicturesApi.remove,
    {
      schemas: { params: AdminPictureParamsSchema, data: AdminPicturesSchema },
      ...doc(
        'Delete a picture: it leaves the shop at once; the answer’s undo brings it back in its place with its alt text, variant and focal point. Its file is kept while the delete can be undone, then removed once no picture refers to it; while a page, post, slide, testimonial or template shows it, still_shown names them (as the message does) and the file stays, as a media library picture, deletable there once nothing shows it',
      ),
    },
    async (req) => {
      const act = await actOf(req);
      const staff = collecting(act.staff);
      const pictures = await deletePicture(db, { ...act, staff }, req.params.id, req.params.picture_id);
      const shown = pictures.still_shown;
      return ok(pictures, shown.length > 0 ? msg.deletedStillShown(shown) : msg.deleted, undoOffer(staff));
    },
  );

  await app.register(async (scope) => uploadRoute(scope, storage));
}
