import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { PICTURE_LIMITS, adminImportMessages as msg, pictureHostOf } from '@shopfront/shared';

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

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/**
 * Addresses no picture server has, refused even as an IP literal the owner allows: "this host"
 * (0.0.0.0 and :: reach the shop's own machine), link-local (the cloud's metadata service at
 * 169.254.169.254, fe80::), multicast and broadcast. Node checks an IPv4-mapped IPv6 address
 * (`::ffff:a9fe:a9fe`, in either writing) against the IPv4 rules.
 */
const never = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['169.254.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  never.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::', 96],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  never.addSubnet(net, bits, 'ipv6');
const loopback6 = new BlockList();
loopback6.addAddress('::1', 'ipv6');

/** Whether an IP literal may be fetched from when the owner names it (a LAN or loopback address may; see `never`). */
export function isLiteralAllowed(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !never.check(address, 'ipv4');
  // ::1 (loopback, as 127.0.0.1) lies in ::/96, the old IPv4-compatible addresses.
  if (family === 6) return loopback6.check(address, 'ipv6') || !never.check(address, 'ipv6');
  return false;
}

/** Whether an address is on the public internet (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return !blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) return !blocked.check(address, 'ipv6');
  return false;
}

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
