import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  APPLICATION_FILE_MAX_MB,
  APPLICATION_FILE_TYPES,
  APPLICATION_FORM_FILES_MAX,
  APPLICATION_TEXT_MAX_CHARS,
  applicationTexts,
} from '@shopfront/shared';
import { HttpError, fieldError } from '../../lib/http.ts';
import { S3_KEYS, mediaType, type S3Bucket } from '../media/s3.ts';

const MiB = 1_048_576;
/**
 * One text part at its longest: the longest answer an owner may allow, every character at 4 bytes
 * in UTF-8 (at most 3 for each UTF-16 unit a length counts, 4 for a pair), and a margin. A longer
 * part is refused (readMultipart), never cut.
 */
const MAX_FIELD_BYTES = APPLICATION_TEXT_MAX_CHARS * 4 + 1024;
const MAX_FIELDS = 60;

/** Bounds of one multipart body of the applications (an application with its files, or one document). */
export const APPLICATION_UPLOAD = {
  maxFileBytes: APPLICATION_FILE_MAX_MB * MiB,
  /** A service's form has at most this many file fields (the contract refuses more). */
  maxFiles: APPLICATION_FORM_FILES_MAX,
  /** Every file at its largest, plus room for the text fields at their longest and part headers. */
  maxBodyBytes: APPLICATION_FORM_FILES_MAX * APPLICATION_FILE_MAX_MB * MiB + MAX_FIELDS * MAX_FIELD_BYTES + 256 * 1024,
  maxFieldBytes: MAX_FIELD_BYTES,
  maxFields: MAX_FIELDS,
} as const;

export type ApplicationFileType = (typeof APPLICATION_FILE_TYPES)[number];

/** The file's type told from its first bytes (never its name or declared type); null for anything else. */
export function sniffFileType(bytes: Buffer): ApplicationFileType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

const EXTENSIONS: Record<ApplicationFileType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export interface Upload {
  bytes: Buffer;
  filename: string;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, Upload>;
}

/**
 * Control characters, quotes, and the bidirectional marks and overrides (U+200E/F, U+202A–E,
 * U+2066–9) with which "invoice\u202Efdp.exe" reads as "invoiceexe.pdf".
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f"\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A file name as shown back: its base name, plain characters only, at most 120 long. */
function cleanName(name: string): string {
  const base = path.basename(name.replaceAll('\\', '/')).replace(UNSAFE_NAME_CHARS, '');
  return base.slice(-120) || 'document';
}

/**
 * The name a document is downloaded as: its shown name with the extension of its stored type
 * (told from its bytes at upload), so a PDF uploaded as "x.exe" or "x" is saved as "x.pdf". An
 * extension of another type is replaced; a name with none gets one. A type not ours is left as named.
 */
export function downloadName(name: string, mime: string): string {
  const ext = (EXTENSIONS as Record<string, string | undefined>)[mime];
  if (!ext) return name;
  const dot = name.lastIndexOf('.');
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (current === ext || (ext === 'jpg' && current === 'jpeg')) return name;
  const stem = dot > 0 && /^[a-z0-9]{1,10}$/.test(current) ? name.slice(0, dot) : name;
  return `${stem}.${ext}`;
}

/**
 * Reads a multipart body whole: its text fields and its files (one per field name), each file at
 * most maxFileBytes. Too much is 413, a malformed body 400: never a 500. A text part longer than
 * maxFieldBytes (the parser would hand over its start, flagged valueTruncated) is a 422 on its
 * field: an answer is stored whole or not at all. The maps have no prototype, so a part or a
 * form field named like an object's own property (`constructor`) reads as what was sent.
 */
export async function readMultipart(req: FastifyRequest): Promise<MultipartBody> {
  if (!req.isMultipart()) throw new HttpError(415, applicationTexts.notMultipart);
  const body: MultipartBody = { fields: Object.create(null), files: Object.create(null) };
  let current = '';
  try {
    const parts = req.parts({
      limits: {
        fileSize: APPLICATION_UPLOAD.maxFileBytes,
        files: APPLICATION_UPLOAD.maxFiles,
        fields: APPLICATION_UPLOAD.maxFields,
        fieldSize: APPLICATION_UPLOAD.maxFieldBytes,
        fieldNameSize: 100,
        parts: APPLICATION_UPLOAD.maxFiles + APPLICATION_UPLOAD.maxFields,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      current = part.fieldname;
      if (part.type === 'file') {
        if (body.files[part.fieldname]) throw fieldError(part.fieldname, applicationTexts.oneFile);
        body.files[part.fieldname] = { bytes: await part.toBuffer(), filename: cleanName(part.filename ?? '') };
      } else if (part.valueTruncated || part.fieldnameTruncated) {
        throw fieldError(part.fieldname, applicationTexts.answerTooLong);
      } else if (typeof part.value === 'string') {
        body.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    const tooLarge = applicationTexts.tooLarge(APPLICATION_FILE_MAX_MB);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLarge, current ? { [current]: [tooLarge] } : {});
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(413, applicationTexts.unreadable);
    throw new HttpError(400, applicationTexts.unreadable);
  }
  return body;
}

/** Refuses a body larger than the bounds from its Content-Length, before reading it. */
export function refuseLargeBody(req: FastifyRequest): void {
  if (Number(req.headers['content-length'] ?? 0) > APPLICATION_UPLOAD.maxBodyBytes)
    throw new HttpError(413, applicationTexts.tooLarge(APPLICATION_FILE_MAX_MB));
}

/**
 * Where the private documents live: DATA_DIR/private (never below the public media folder), or
 * the bucket's `private/` keys when media is on S3 (ADR 38). A file is served only by the download
 * routes after their access check; no URL reaches it otherwise.
 */
export interface DocumentStorage {
  /** Writes the whole file or nothing. */
  put(relPath: string, bytes: Buffer): Promise<void>;
  /** Removes the files; missing files are fine. */
  remove(relPaths: readonly string[]): Promise<void>;
  open(relPath: string): Promise<{ stream: Readable; size: number }>;
  /** Every stored document's path (what a backup copies), files being written left out. */
  list(): Promise<string[]>;
  /** On local disk: the folder (a backup copies it with synchronous file calls, as the media). */
  localRoot?: string;
}

const privateDir = (dataDir: string) => path.join(dataDir, 'private');

/** The documents on local disk, below DATA_DIR/private, readable by the shop's user only. */
export function localDocuments(dataDir: string): DocumentStorage {
  const root = privateDir(dataDir);
  return {
    localRoot: root,
    async put(relPath, bytes) {
      const file = path.join(root, relPath);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
      try {
        await writeFile(tmp, bytes, { flag: 'wx', mode: 0o600 });
        await rename(tmp, file);
      } catch (err) {
        await unlink(tmp).catch(() => {});
        throw err;
      }
    },
    async remove(relPaths) {
      await Promise.all(relPaths.map((p) => unlink(path.join(root, p)).catch(() => {})));
    },
    async open(relPath) {
      const file = path.join(root, relPath);
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    },
    async list() {
      const found = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return found
        .filter((d) => d.isFile() && !d.name.startsWith('.'))
        .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
        .sort();
    },
  };
}

/** The documents in the bucket, under `private/`: never served by /media, never public. */
export function s3Documents(bucket: S3Bucket): DocumentStorage {
  return {
    async put(relPath, bytes) {
      await bucket.put(S3_KEYS.document(relPath), bytes, mediaType(relPath));
    },
    async remove(relPaths) {
      if (relPaths.length) await bucket.remove(relPaths.map((p) => S3_KEYS.document(p)));
    },
    async open(relPath) {
      const object = await bucket.get(S3_KEYS.document(relPath));
      // The same code as a missing file on disk: callers tell "gone" apart the same way.
      if (!object) throw Object.assign(new Error(`document ${relPath} is missing`), { code: 'ENOENT' });
      return { stream: object.body, size: object.size };
    },
    async list() {
      const prefix = S3_KEYS.document('');
      return (await bucket.list(prefix)).map((o) => o.key.slice(prefix.length)).sort();
    },
  };
}

/** Writes a document under a new random name; answers its path within the document storage. */
export async function storePrivateFile(
  documents: DocumentStorage,
  bytes: Buffer,
  type: ApplicationFileType,
): Promise<string> {
  const rel = `applications/${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;
  await documents.put(rel, bytes);
  return rel;
}
