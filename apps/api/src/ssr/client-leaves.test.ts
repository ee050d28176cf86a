import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

/** Sends a page request on a raw socket and hangs up as soon as the first bytes of the answer arrive. */
function leaveAfterFirstBytes(port: number, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nAccept-Encoding: gzip, deflate, br\r\n\r\n`,
      );
    });
    socket.once('data', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

describe('a shopper who leaves while a page streams', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // Caches off (the test default): every page below is rendered, and streamed, for its request.
    t = await createTestApp({ storefront: true });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('leaves the server answering: the render stops, nothing is left unhandled', async () => {
    for (const path of ['/product/organic-cotton-crew-tee', '/product-category/t-shirts', '/']) {
      await Promise.all(Array.from({ length: 8 }, () => leaveAfterFirstBytes(port, path)));
    }
    const res = await fetch(`http://127.0.0.1:${port}/product/organic-cotton-crew-tee`, {
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('</html>');
  });
});
