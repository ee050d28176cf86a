import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shopfront/shared';
import { formBodyMessages } from './ssr/form-bodies.ts';
import { createTestApp, type TestApp } from './test/app.ts';

/**
 * A client that sends a 50 MB body (a browser posting a huge form, curl --data-binary @big) keeps
 * writing until it has sent it all or sees an answer: it must get the 413 and its message, not a
 * connection reset in the middle of its upload. Real sockets (app.inject has none).
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ storefront: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

const MB = 1_048_576;

interface Outcome {
  status: number;
  type: string;
  body: string;
}

/**
 * POSTs `size` bytes with a Content-Length the way most HTTP libraries do (Python's http.client,
 * a browser on a slow link): the whole body is written before a byte of the answer is read. The
 * socket does not read meanwhile, so an answer followed by a reset would be lost, as for them.
 */
function upload(path: string, contentType: string, size: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let failure: Error | null = null;
    socket.pause();
    socket.on('error', (err) => (failure = err));
    socket.on('data', (d: Buffer) => received.push(d));
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (!status) return reject(failure ?? new Error(`no answer: ${text.slice(0, 200)}`));
      const type = /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1] ?? '';
      resolve({ status, type, body: Buffer.from(body, 'latin1').toString('utf8') });
    });
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${size}\r\nX-Requested-With: XMLHttpRequest\r\nConnection: close\r\n\r\n`,
      );
      const chunk = Buffer.alloc(256 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < size && !socket.destroyed) {
          const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
          sent += piece.length;
          if (!socket.write(piece)) return void socket.once('drain', pump);
        }
        // All written: only now read the answer.
        socket.resume();
      };
      pump();
    });
  });
}

describe('a 50 MB body', () => {
  it('to a storefront page action is answered 413 with a plain-text message', async () => {
    const res = await upload('/account/login', 'application/x-www-form-urlencoded', 50 * MB);
    expect(res.status).toBe(413);
    expect(res.type).toMatch(/^text\/plain/);
    expect(res.body).toBe(formBodyMessages.tooLarge);
  });

  it('to the API is answered 413 with the JSON envelope', async () => {
    const res = await upload('/api/cart/add-item', 'application/json', 50 * MB);
    expect(res.status).toBe(413);
    expect(res.type).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual({ status: 'error', message: messages.bodyTooLarge });
  });
});
