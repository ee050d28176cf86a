import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { PICTURE_LIMITS, adminImportMessages as msg, pictureHostOf } from '@shopfront/shared';
import { isLiteralAllowed, isPublicAddress } from '../../../lib/public-address.ts';

/**
 * Fetches one picture of a CSV import from a host the owner allows (issue 26), guarding the shop's
 * own network: the host is resolved first and refused when any address is not public (private,
 * loopback, link-local, …) unless the owner's entry is that IP literal itself; the connection goes
 * to the address checked (no second lookup); redirects are followed by hand, each checked alike;
 * a time limit and a byte cap (reading stops past it).
 */

export interface PictureFetchOptions {
  /** The owner's entries (pictureHostOf's form). */
  allowed: ReadonlySet<string>;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const PICTURE_FETCH_DEFAULTS = {
  timeoutMs: 15_000,
  maxBytes: PICTURE_LIMITS.maxBytes,
  maxRedirects: 3,
} as const;

/** A fetch that failed, with the owner's message (a row error). */
export class PictureFetchError extends Error {}

/** The address to connect to for `url`: checked against the owner's entries and the address rules. */
async function resolveAllowed(
  url: URL,
  allowed: ReadonlySet<string>,
  signal: AbortSignal,
): Promise<{ address: string; family: number }> {
  const entry = pictureHostOf(url.href);
  if (entry === null) throw new PictureFetchError(msg.notWebAddress);
  if (!allowed.has(entry)) throw new PictureFetchError(msg.hostNotAllowed);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  // An IP literal the owner named is theirs to allow, even on their own network (an old shop on
  // the LAN or the same machine), but never one of the addresses no picture server has.
  if (literal) {
    if (!isLiteralAllowed(host)) throw new PictureFetchError(msg.addressNotAllowed);
    return { address: host, family: literal };
  }
  let found: { address: string; family: number }[];
  try {
    // The lookup itself cannot be cancelled: the time limit stops the wait for it.
    const timedOut = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(new PictureFetchError(msg.timedOut)), { once: true }),
    );
    found = await Promise.race([dnsLookup(host, { all: true, verbatim: true }), timedOut]);
  } catch (err) {
    if (err instanceof PictureFetchError) throw err;
    throw new PictureFetchError(msg.couldNotFetch('host not found'));
  }
  if (!found.length || found.some((a) => !isPublicAddress(a.address)))
    throw new PictureFetchError(msg.addressNotAllowed);
  return found[0]!;
}

interface Answer {
  status: number;
  location: string | undefined;
  body: Buffer | null;
}

/** One request to the checked address (the URL's host name kept for TLS and the Host header). */
function request(url: URL, to: { address: string; family: number }, opts: PictureFetchOptions, signal: AbortSignal) {
  const lookup: LookupFunction = (_host, options, done) => {
    if ((options as { all?: boolean }).all) (done as (e: null, a: unknown[]) => void)(null, [to]);
    else done(null, to.address, to.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const req = client.get(
      url,
      { lookup, signal, agent: false, headers: { accept: 'image/*', 'user-agent': 'Shopfront-import' } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location: res.headers.location, body: null });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return resolve({ status, location: undefined, body: null });
        }
        if (Number(res.headers['content-length'] ?? 0) > opts.maxBytes) {
          reject(new PictureFetchError(msg.pictureTooLarge));
          return res.destroy();
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            reject(new PictureFetchError(msg.pictureTooLarge));
            res.destroy();
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, location: undefined, body: Buffer.concat(chunks) }));
        res.on('error', reject);
        res.on('aborted', () => reject(new PictureFetchError(msg.couldNotFetch('cut short'))));
      },
    );
    req.on('error', reject);
  });
}

/** The picture's bytes, or a PictureFetchError with the owner's message. */
export async function fetchPicture(href: string, opts: PictureFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new PictureFetchError(msg.notWebAddress);
  }
  try {
    for (let hop = 0; ; hop++) {
      const to = await resolveAllowed(url, opts.allowed, signal);
      const answer = await request(url, to, opts, signal);
      if (answer.body) return answer.body;
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        if (hop >= opts.maxRedirects) throw new PictureFetchError(msg.tooManyRedirects);
        url = new URL(answer.location, url);
        continue;
      }
      throw new PictureFetchError(msg.couldNotFetch(`HTTP ${answer.status}`));
    }
  } catch (err) {
    if (err instanceof PictureFetchError) throw err;
    if (signal.aborted) throw new PictureFetchError(msg.timedOut);
    const code = (err as { code?: string }).code;
    throw new PictureFetchError(msg.couldNotFetch(code ?? 'network error'));
  }
}
