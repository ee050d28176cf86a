import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { BODY_LIMIT_BYTES } from './lib/http-limits.ts';
import { registerStorefront } from './ssr/storefront.ts';
import { createTestApp, type TestApp } from './test/app.ts';

/**
 * Size and time limits on a real socket (app.inject has no socket, so no timeouts): the shop
 * with a 1 s request timeout instead of 30 s, API and storefront on 127.0.0.1.
 */
const TIMEOUT_MS = 1_000;
let t: TestApp;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({ database: t.database, env: t.app.env, logger: false, requestTimeoutMs: TIMEOUT_MS });
  await registerStorefront(app, { dev: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

interface Exchange {
  /** Everything the server sent before it closed the connection. */
  response: string;
  /** Milliseconds from connecting to the close. */
  ms: number;
  /** Request bytes written before the close. */
  written: number;
}

/**
 * Opens a connection, writes `head`, then calls `feed` every `everyMs` until it returns null or
 * the server closes the connection. Gives up (and fails the test) after `giveUpMs`.
 */
function exchange(
  head: string,
  feed: (() => Buffer | string | null) | null,
  everyMs = 100,
  giveUpMs = 10_000,
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    let written = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection still open after ${giveUpMs} ms; got: ${response.slice(0, 200)}`));
    }, giveUpMs);
    const finish = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ response, ms: Date.now() - started, written });
    };
    socket.on('data', (d) => (response += d.toString('latin1')));
    socket.on('close', finish);
    socket.on('error', () => {}); // EPIPE/ECONNRESET once the server has hung up: expected.
    socket.on('connect', () => {
      socket.write(head);
      if (!feed) return;
      timer = setInterval(() => {
        const chunk = feed();
        if (chunk === null || socket.destroyed || !socket.writable) return clearInterval(timer);
        written += Buffer.byteLength(chunk);
        socket.write(chunk);
      }, everyMs);
    });
  });
}

const formHead = (path: string, length: number | 'chunked') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
  (length === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${length}\r\n`) +
  '\r\n';

describe('slow requests time out', () => {
  it.each(['/foo', '/resources/grid-columns'])(
    'cuts off a storefront form that trickles in byte by byte (%s) with 408',
    async (path) => {
      const { response, ms } = await exchange(formHead(path, 1_000), () => 'a');
      expect(response).toMatch(/^HTTP\/1\.1 408/);
      expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(TIMEOUT_MS * 3);
    },
  );

  it('cuts off an API body that trickles in with 408', async () => {
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{';
    const { response, ms } = await exchange(head, () => ' ');
    expect(response).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(TIMEOUT_MS * 3);
  });

  it('closes a connection whose headers never end', async () => {
    const { response, ms } = await exchange('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', () => 'X-Slow: 1\r\n');
    expect(response).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(TIMEOUT_MS * 3);
  });

  it('does not cut off a request that arrives in time', async () => {
    const body = 'columns=2&return_to=%2Fsearch';
    const head = formHead('/resources/grid-columns', body.length).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n');
    let sent = false;
    // The body a little later than the headers, well inside the limit.
    const { response } = await exchange(head, () => (sent ? null : ((sent = true), body)), TIMEOUT_MS / 4);
    expect(response).toMatch(/^HTTP\/1\.1 303/);
    expect(response).toContain('location: /search');
  });
});

describe('bodies over 1 MiB', () => {
  it('refuses a Content-Length over the limit at once, without reading the body', async () => {
    const { response, ms, written } = await exchange(formHead('/foo', 300 * BODY_LIMIT_BYTES), null);
    expect(response).toMatch(/^HTTP\/1\.1 413/);
    expect(response.toLowerCase()).toContain('connection: close');
    expect(written).toBe(0);
    expect(ms).toBeLessThan(TIMEOUT_MS);
  });

  it.each(['/foo', '/api/auth/login'])('stops reading a chunked body that grows past the limit (%s)', async (path) => {
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    let sent = 0;
    const head = path.startsWith('/api/')
      ? `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`
      : formHead(path, 'chunked');
    // Up to 300 MiB on offer; the server must hang up long before.
    const { response, written } = await exchange(head, () => (++sent > 1_200 ? null : framed), 1, 20_000);
    expect(response).toMatch(/^HTTP\/1\.1 413/);
    expect(written).toBeLessThan(64 * BODY_LIMIT_BYTES);
  });
});
