import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminImportParamsSchema,
  AdminImportProgressSchema,
  AdminImportReportSchema,
  AdminImportStartSchema,
  IMPORT_LIMITS,
  adminImportApi,
  adminImportMessages as msg,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { HttpError, fieldError, ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { ownerRouteDoc } from '../if-match.ts';
import { failImport, runImport } from './apply.ts';
import { PICTURES_JOB, failPictureFetch, hasPictureWork, runPictureFetch } from './pictures.ts';
import { IMPORT_JOB, checkImport, importProgress, startImport } from './service.ts';

declare module '../../jobs/registry.ts' {
  interface JobPayloads {
    'catalog-import': { importId: number };
    'catalog-import-pictures': { importId: number };
  }
}

const FIELD = 'file';
const MiB = 1_048_576;
const MAX_BODY = IMPORT_LIMITS.maxBytes + 64 * 1024;
const doc = ownerRouteDoc('catalog');

const actorOf = async (req: FastifyRequest) => {
  const m = await requireStaff(req);
  return { id: m.id, email: m.email };
};

/** The one file of field `file`, with its name. */
async function readUpload(req: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    const parts = req.parts({
      limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 20 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname === FIELD) file = { name: part.filename || 'import.csv', bytes: await part.toBuffer() };
      else part.file.resume();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, msg.tooLarge, { [FIELD]: [msg.tooLarge] });
    if (code === 'FST_FILES_LIMIT') throw fieldError(FIELD, msg.oneFile);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, msg.unreadable);
    throw new HttpError(400, msg.unreadable);
  }
  if (!file || file.bytes.length === 0) throw fieldError(FIELD, msg.required);
  return { name: file.name.slice(0, 200), bytes: file.bytes };
}

/** The upload, in its own scope: multipart only, with its own body limit. */
async function checkRoute(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addHook('onRoute', (route) => {
    route.bodyLimit = MAX_BODY;
  });
  await app.register(multipart, { throwFileSizeLimit: true });
  app.addContentTypeParser('*', (_req, _payload, done) => done(new HttpError(415, msg.notMultipart), undefined));
  app.addHook('onSend', async (req, reply) => {
    if (reply.statusCode >= 400 && req.raw.complete === false) reply.header('connection', 'close');
  });
  registerEndpoint(
    app,
    adminImportApi.check,
    {
      schemas: { data: AdminImportReportSchema },
      ...doc(
        `Check a product CSV (the dry run; nothing of the catalogue is written): multipart/form-data, one file in the field "file", at most ${IMPORT_LIMITS.maxBytes / MiB} MB and ${IMPORT_LIMITS.maxRows} rows, UTF-8 (a BOM is fine), comma, semicolon or tab separated. The format is told from the header row: Shopify's product export, WooCommerce's, or this shop's own (docs/csv-formats.md). Answers the report: counts of products to create, update, leave unchanged and with errors; every error with its row, column and message; the id to start the import with. 413 for a larger file, 415 for a body that is not multipart, 422 for a file that cannot be read (encoding, quoting, unknown format)`,
        [422],
      ),
      onRequest: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > MAX_BODY)
          throw new HttpError(413, msg.tooLarge, { [FIELD]: [msg.tooLarge] });
      },
    },
    async (req) => {
      const actor = await actorOf(req);
      if (!req.isMultipart()) throw new HttpError(415, msg.notMultipart);
      const { name, bytes } = await readUpload(req);
      return ok(await checkImport(app.db, actor, name, bytes));
    },
  );
}

/** The product import (issue 26), area `catalog`; registered in the owner API's protected scope. */
export async function adminImportRoutes(app: FastifyInstance) {
  const db = app.db;
  const storage = app.media.storage;
  app.jobs.register(IMPORT_JOB, {
    payload: z.strictObject({ importId: z.number().int() }),
    async handle({ importId }, ctx) {
      try {
        await runImport(ctx.db, importId);
      } catch (err) {
        if (ctx.attempt >= ctx.maxAttempts) await failImport(ctx.db, importId, 'The import stopped on an error');
        throw err;
      }
      // The pictures follow in a job of their own: no fetch ever waits inside the products' transactions.
      if (await hasPictureWork(ctx.db, importId)) {
        await app.jobs.enqueue(ctx.db, {
          kind: PICTURES_JOB,
          payload: { importId },
          dedupeKey: `pictures ${importId}`,
        });
      }
    },
  });
  app.jobs.register(PICTURES_JOB, {
    payload: z.strictObject({ importId: z.number().int() }),
    async handle({ importId }, ctx) {
      try {
        const next = await runPictureFetch(ctx.db, storage, importId);
        // Its time is up: a run queued after it goes on from there (the shop's other jobs first).
        if (next !== null) {
          await app.jobs.enqueue(ctx.db, {
            kind: PICTURES_JOB,
            payload: { importId },
            dedupeKey: `pictures ${importId} from ${next}`,
          });
        }
      } catch (err) {
        if (ctx.attempt >= ctx.maxAttempts) await failPictureFetch(ctx.db, importId);
        throw err;
      }
    },
  });

  registerEndpoint(
    app,
    adminImportApi.start,
    {
      schemas: { params: AdminImportParamsSchema, body: AdminImportStartSchema, data: AdminImportProgressSchema },
      ...doc(
        'Start a checked import: its products (those to create or update) are written by a background job in batches of short transactions; then the pictures of the hosts named in `picture_hosts` (hosts of the report; remembered for the next import) are fetched by a job of their own. Poll its progress. Running the same file again changes nothing and fetches nothing. 409 when it was already started or has nothing to do; 422 for a host not in the file',
        [404, 409, 422],
      ),
    },
    async (req) => {
      const actor = await actorOf(req);
      const hosts = [...new Set(req.body?.picture_hosts ?? [])];
      const progress = await startImport(db, actor, req.params.id, hosts, (tx, importId) =>
        app.jobs.enqueue(tx, { kind: IMPORT_JOB, payload: { importId }, dedupeKey: `import ${importId}` }),
      );
      return ok(progress, msg.started);
    },
  );

  registerEndpoint(
    app,
    adminImportApi.progress,
    {
      schemas: { params: AdminImportParamsSchema, data: AdminImportProgressSchema },
      ...doc(
        'An import’s progress: status (checked, queued, running, done, failed), products done of total, how many changed, and the products that could not be written (row, column, message)',
        [404],
      ),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await importProgress(db, req.params.id));
    },
  );

  await app.register(checkRoute);
}
