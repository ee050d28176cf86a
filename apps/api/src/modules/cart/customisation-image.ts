import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { CustomisationImageSchema, cartApi, cartMessages, messages } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { imageWork } from '../../lib/limiter.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, fieldError, ok } from '../../lib/http.ts';
import type { MediaStorage } from '../media/storage.ts';

const MiB = 1_048_576;

/** The bounds of one customisation upload. */
export const CUSTOMISATION_IMAGE = {
  /** The file itself. */
  maxFileBytes: 5 * MiB,
  /** The whole multipart body: the file plus room for its part headers and boundaries. */
  maxBodyBytes: 5 * MiB + 64 * 1024,
  /** Larger inputs are refused before decoding (decompression bombs). */
  maxInputSide: 4000,
  /** The stored WebP is at most this long on its long side. */
  maxOutputSide: 1600,
  /** Per client address. */
  rateLimit: { max: 20, timeWindow: '10 minutes' },
  /** Below DATA_DIR/media; served as /media/customisations/<32 hex>.webp. */
  folder: 'customisations',
} as const;

export const customisationImageMessages = {
  type: 'Please upload a JPEG, PNG or WebP image',
  tooLarge: `The image is too large (at most ${CUSTOMISATION_IMAGE.maxFileBytes / MiB} MB)`,
  dimensions: `The image can be at most ${CUSTOMISATION_IMAGE.maxInputSide} × ${CUSTOMISATION_IMAGE.maxInputSide} pixels`,
  oneImage: 'Please upload one image at a time',
  notMultipart: 'Send the image as multipart/form-data, in the field "image"',
  unreadable: 'The upload could not be read. Please try again',
} as const;

/** Formats as sharp names them, read from the bytes (never from the file name or declared type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const FIELD = 'image';

const customisationInstalledRow = namedQuery<{ on: boolean }>()({
  name: 'cart.customisation.installed',
  columns: ['on'],
  example: {},
  build: () =>
    sql`select exists (select 1 from plugins where module_name = 'ProductCustomisation' and is_installed) as on`,
});

async function customisationInstalled(db: Db): Promise<boolean> {
  const [row] = await customisationInstalledRow(db, {});
  return row?.on === true;
}

/** Reads the one file of field `image` (at most maxFileBytes); other fields are ignored. */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  let image: Buffer | null = null;
  try {
    const parts = req.parts({
      limits: {
        fileSize: CUSTOMISATION_IMAGE.maxFileBytes,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        fieldNameSize: 100,
        parts: 11,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname === FIELD) image = await part.toBuffer();
      else part.file.resume();
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, customisationImageMessages.tooLarge, { [FIELD]: [customisationImageMessages.tooLarge] });
    if (code === 'FST_FILES_LIMIT') throw fieldError(FIELD, customisationImageMessages.oneImage);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(413, customisationImageMessages.unreadable);
    // Malformed multipart (no boundary, a part cut short, the client went away): never a 500.
    throw new HttpError(400, customisationImageMessages.unreadable);
  }
  if (!image || image.length === 0) throw fieldError(FIELD, messages.required);
  return image;
}

/**
 * Checks the bytes are a JPEG, PNG or WebP of at most maxInputSide on each side (from the header,
 * before any pixel is decoded), then re-encodes: auto-rotated, at most maxOutputSide on the long
 * side, WebP, every metadata block (EXIF with its GPS position, XMP, ICC) left behind.
 */
async function reencode(input: Buffer): Promise<Buffer> {
  const meta = await sharp(input)
    .metadata()
    .catch(() => null);
  if (!meta || !ACCEPTED_FORMATS.has(meta.format)) throw fieldError(FIELD, customisationImageMessages.type);
  const side = CUSTOMISATION_IMAGE.maxInputSide;
  if (!meta.width || !meta.height || meta.width > side || meta.height > side)
    throw fieldError(FIELD, customisationImageMessages.dimensions);
  try {
    return await sharp(input, { limitInputPixels: side * side, failOn: 'error' })
      .autoOrient()
      .resize({
        width: CUSTOMISATION_IMAGE.maxOutputSide,
        height: CUSTOMISATION_IMAGE.maxOutputSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch {
    // A header that promised an image over corrupt pixel data.
    throw fieldError(FIELD, customisationImageMessages.type);
  }
}

/** Writes under a new random name, whole or not at all (MediaStorage.put). */
async function store(storage: MediaStorage, webp: Buffer): Promise<string> {
  const rel = `${CUSTOMISATION_IMAGE.folder}/${randomBytes(16).toString('hex')}.webp`;
  await storage.put(rel, webp);
  return `/media/${rel}`;
}

/**
 * POST /api/cart/customisation-image: the image a shopper puts on a customisable product
 * (ProductCustomisation plugin). Answers the path for `additonal_data.image_path` of add-item.
 * Encapsulated: multipart is parsed on this route only and its body may be 5 MiB, not 1 MiB.
 */
export async function customisationImageRoutes(app: FastifyInstance) {
  const run = imageWork;

  // This scope reads multipart only (streamed by busboy, never Fastify's 1 MiB body reader);
  // any other content type is refused before its body is read.
  app.removeAllContentTypeParsers();
  await app.register(multipart, { throwFileSizeLimit: true });
  app.addContentTypeParser('*', (_req, _payload, done) => {
    done(new HttpError(415, customisationImageMessages.notMultipart), undefined);
  });
  // An answer given before the body was read whole (too large, refused, throttled) closes the
  // connection instead of letting Node read and discard the rest.
  app.addHook('onSend', async (req, reply) => {
    if (reply.statusCode >= 400 && req.raw.complete === false) reply.header('connection', 'close');
  });

  registerEndpoint(
    app,
    cartApi.customisationImage,
    {
      schemas: { data: CustomisationImageSchema },
      tags: ['cart'],
      summary: `Upload the image of a product customisation: multipart/form-data, one file in the field "image", JPEG, PNG or WebP (told from its bytes) of at most ${CUSTOMISATION_IMAGE.maxFileBytes / MiB} MiB and ${CUSTOMISATION_IMAGE.maxInputSide} × ${CUSTOMISATION_IMAGE.maxInputSide} px. Stored re-encoded as WebP (at most ${CUSTOMISATION_IMAGE.maxOutputSide} px on the long side, auto-rotated, metadata removed) under a new random name; answers its image_path for additonal_data. 422 on image when the ProductCustomisation plugin is not installed or the file is not such an image; 413 for a larger upload (refused from its Content-Length before reading); ${CUSTOMISATION_IMAGE.rateLimit.max} uploads per ${CUSTOMISATION_IMAGE.rateLimit.timeWindow} per address`,
      errors: [400, 413, 415, 422, 429],
      config: { rateLimit: CUSTOMISATION_IMAGE.rateLimit },
      onRequest: async (req) => {
        const length = Number(req.headers['content-length'] ?? 0);
        if (length > CUSTOMISATION_IMAGE.maxBodyBytes)
          throw new HttpError(413, customisationImageMessages.tooLarge, {
            [FIELD]: [customisationImageMessages.tooLarge],
          });
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new HttpError(415, customisationImageMessages.notMultipart);
      if (!(await customisationInstalled(app.db))) throw fieldError(FIELD, cartMessages.customisationOff);
      const upload = await readUpload(req);
      const webp = await run(() => reencode(upload));
      return ok({ image_path: await store(app.media.storage, webp) });
    },
  );
}
