import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminImportMessages as msg,
  adminPictureMessages,
  IMPORT_PICTURE_HOSTS_MAX,
  PICTURE_LIMITS,
  staffMessages,
  type AdminImportProgress,
  type AdminImportReport,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { localMediaStorage } from '../../media/storage.ts';
import { signedInOwner } from '../../staff/testing.ts';
import { isLiteralAllowed, isPublicAddress } from '../../../lib/public-address.ts';
import { fetchPicture, PICTURE_FETCH_DEFAULTS, PictureFetchError } from './picture-fetch.ts';
import { runPictureFetch } from './pictures.ts';
import { shopifyCsv, uploadCsv } from './testing.ts';

/**
 * The import's pictures (issue 26) against a picture server on 127.0.0.1 started here: only the
 * hosts the owner allows are contacted, loopback names are refused, each failure is a row error,
 * pictures land on the product in file order with their alt text, a second run fetches nothing.
 */
let t: TestApp;
let h: Record<string, string>;
let server: http.Server;
let origin: string;
let port: number;
const hits = new Map<string, number>();
/** For each /many/ picture asked for, the product's picture count at that moment. */
const manyHits: number[] = [];
const db = () => t.database.db;
const tag = () => randomBytes(3).toString('hex');
const png = (background: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  h = (await signedInOwner(t)).headers;
  const red = await png('#c00');
  const blue = await png('#00c');
  const green = await png('#0a0');
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = path.split('?')[0];
    const send = (type: string, body: Buffer | string) => res.writeHead(200, { 'content-type': type }).end(body);
    if (route === '/red.png') return send('image/png', red);
    if (route === '/blue.png') return send('image/png', blue);
    if (route === '/green.png') return send('image/png', green);
    if (route === '/notes.txt') return send('image/png', 'not a picture at all');
    if (path === '/huge.png') {
      // No length given: the reader has to stop itself past the cap.
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 20 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => {});
      return more();
    }
    if (path === '/out.png') return res.writeHead(302, { location: `http://localhost:${port}/green.png` }).end();
    if (path === '/hop.png') return res.writeHead(301, { location: '/blue.png' }).end();
    if (path === '/slow.png') return void setTimeout(() => send('image/png', red), 2_000);
    if (path === '/trickle.png') {
      // Headers at once, then a byte every 50 ms: each chunk well inside any per-read timeout.
      res.writeHead(200, { 'content-type': 'image/png' });
      const drip = setInterval(() => res.write(red.subarray(0, 1)), 50);
      res.on('close', () => clearInterval(drip));
      return;
    }
    if (path === '/to-zero.png') return res.writeHead(302, { location: `http://0.0.0.0:${port}/red.png?zero` }).end();
    const many = /^\/many\/(\w+)\/(\d+)\.png$/.exec(path);
    if (many) {
      // How many pictures the product had when this one was asked for.
      void queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from product_images i join products p on p.id = i.product_id
             where p.slug = ${`${many[1]}-tee-1`}`,
      ).then(async ([row]) => {
        manyHits.push(row!.n);
        send('image/png', await png(`#${Number(many[2]).toString(16).padStart(6, '0')}`));
      });
      return;
    }
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
  await t.close();
});

async function check(bytes: Buffer): Promise<AdminImportReport> {
  const res = await uploadCsv(t.app, h, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const start = (id: number, hosts: string[], headers = h) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/catalog/imports/${id}/start`,
    headers,
    payload: { picture_hosts: hosts },
  });

/** Starts the import with `hosts`, runs the jobs (products, then pictures) to their end; answers the progress. */
async function importIt(report: AdminImportReport, hosts: string[]): Promise<AdminImportProgress> {
  const res = await start(report.id, hosts);
  expect(res.statusCode, res.body).toBe(200);
  while ((await t.app.jobs.runDue()) > 0);
  const p = await t.app.inject({ method: 'GET', url: `/api/admin/catalog/imports/${report.id}`, headers: h });
  return p.json().data;
}

const picturesOf = (slug: string) =>
  queryRows<{ source_url: string; alt: string; path: string; width: number }>(
    db(),
    sql`select i.source_url, i.alt, i.path, i.width from product_images i join products p on p.id = i.product_id
         where p.slug = ${slug} order by i.position, i.id`,
  );

/** Three products of three rows; the picture cells by row (0 is the first data row). */
function fileWith(prefix: string, cells: Record<number, { src: string; alt?: string }>) {
  return shopifyCsv(3, {
    prefix,
    edit: (rows) => {
      for (const r of rows) r['Image Src'] = '';
      for (const [i, c] of Object.entries(cells)) {
        rows[Number(i)]!['Image Src'] = c.src;
        rows[Number(i)]!['Image Alt Text'] = c.alt ?? '';
      }
    },
  });
}

describe('fetching the pictures of an import', () => {
  const prefix = `pic${tag()}`;
  let file: Buffer;

  it('the dry run lists the hosts, with how many pictures each', async () => {
    file = fileWith(prefix, {
      0: { src: `${origin}/red.png`, alt: 'Red tee, front' },
      1: { src: `${origin}/hop.png` },
      2: { src: `${origin}/green.png` },
      3: { src: `${origin}/notes.txt` },
      4: { src: `${origin}/huge.png` },
      5: { src: `${origin}/missing.png` },
      6: { src: `${origin}/out.png` },
      7: { src: `http://localhost:${port}/green.png?never` },
    });
    const r = await check(file);
    expect(r.pictures).toEqual({
      urls: 8,
      hosts: [
        { host: origin, pictures: 7 },
        { host: `http://localhost:${port}`, pictures: 1 },
      ],
      allowed: [],
    });
  });

  it('only hosts of the report may be allowed (422)', async () => {
    const r = await check(file);
    const res = await start(r.id, ['cdn.shopify.com']);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.picture_hosts).toEqual([msg.hostNotInFile]);
  });

  it('fetches from the allowed host in file order, each failure a row error; another host is never contacted', async () => {
    const r = await check(file);
    const p = await importIt(r, [origin]);
    expect(p.status).toBe('done');
    expect(p.pictures).toEqual({ total: 8, fetched: 3, failed: 5, waiting: 0 });
    const pics = await picturesOf(`${prefix}-tee-1`);
    expect(pics.map((x) => [x.source_url, x.alt])).toEqual([
      [`${origin}/red.png`, 'Red tee, front'],
      [`${origin}/hop.png`, ''],
      [`${origin}/green.png`, ''],
    ]);
    expect(pics.every((x) => x.path.endsWith('.webp') && x.width === 40)).toBe(true);
    expect(await picturesOf(`${prefix}-tee-2`)).toEqual([]);
    expect(await picturesOf(`${prefix}-tee-3`)).toEqual([]);
    const col = 'Image Src';
    expect(p.errors).toEqual([
      { row: 5, column: col, message: msg.notPicture },
      { row: 6, column: col, message: msg.pictureTooLarge },
      { row: 7, column: col, message: msg.couldNotFetch('HTTP 404') },
      { row: 8, column: col, message: msg.hostNotAllowed },
      { row: 9, column: col, message: msg.hostNotAllowed },
    ]);
    // The redirect to localhost was not followed, and the host not ticked was not asked.
    expect(hits.get('/green.png?never')).toBeUndefined();
    expect(hits.get('/out.png')).toBe(1);
    expect(hits.get('/green.png')).toBe(1);
  });

  it('remembers the hosts allowed: the next dry run has them ticked', async () => {
    const r = await check(file);
    expect(r.pictures.allowed).toEqual([origin]);
  });

  it('the same file again fetches nothing already fetched', async () => {
    const before = ['/red.png', '/hop.png', '/blue.png', '/green.png'].map((u) => hits.get(u));
    const r = await check(file);
    expect(r.counts.create + r.counts.update).toBe(0);
    const p = await importIt(r, [origin]);
    expect(p.pictures).toMatchObject({ total: 8, fetched: 3, waiting: 0 });
    expect(['/red.png', '/hop.png', '/blue.png', '/green.png'].map((u) => hits.get(u))).toEqual(before);
    expect(await picturesOf(`${prefix}-tee-1`)).toHaveLength(3);
  });

  it('no host allowed: nothing fetched, nothing counted', async () => {
    const other = `pic${tag()}`;
    const r = await check(fileWith(other, { 0: { src: `${origin}/red.png?${other}` } }));
    const p = await importIt(r, []);
    expect(p.pictures).toEqual({ total: 0, fetched: 0, failed: 0, waiting: 0 });
    expect(hits.get(`/red.png?${other}`)).toBeUndefined();
  });
});

describe('a long picture job', () => {
  it('a run stops once its time is up, after a whole product, and answers where the next run starts', async () => {
    const prefix = `slice${tag()}`;
    const r = await check(
      fileWith(prefix, {
        0: { src: `${origin}/red.png?${prefix}` },
        3: { src: `${origin}/blue.png?${prefix}` },
        6: { src: `${origin}/green.png?${prefix}` },
      }),
    );
    expect((await importIt(r, [origin])).pictures).toMatchObject({ total: 3, fetched: 3 });
    // Again from the start, as a run with no time to spare would go through it.
    await db().execute(sql`delete from product_images where source_url like ${`%?${prefix}`}`);
    await db().execute(sql`update catalog_imports set pictures_done = 0, pictures_fetched = 0 where id = ${r.id}`);
    const storage = localMediaStorage(path.join(t.app.env.DATA_DIR, 'media'));
    const done = async () =>
      (await queryRows<{ n: number }>(db(), sql`select pictures_done as n from catalog_imports where id = ${r.id}`))[0]!
        .n;
    expect(await runPictureFetch(db(), storage, r.id, {}, 0)).toBe(1);
    expect(await done()).toBe(1);
    expect(await runPictureFetch(db(), storage, r.id, {}, 0)).toBe(2);
    expect(await runPictureFetch(db(), storage, r.id, {}, 0)).toBeNull();
    expect(await done()).toBe(3);
    expect((await picturesOf(`${prefix}-tee-3`)).map((x) => x.source_url)).toEqual([`${origin}/green.png?${prefix}`]);
  });
});

describe('a file naming very many hosts', () => {
  it('the report lists the hosts a start may allow at most, those with the most pictures first', async () => {
    const prefix = `hosts${tag()}`;
    const r = await check(
      shopifyCsv(1, {
        prefix,
        edit: (rows) => {
          for (const row of rows) row['Image Src'] = '';
          for (let i = 0; i < IMPORT_PICTURE_HOSTS_MAX + 5; i++)
            rows.push({ Handle: `${prefix}-tee-1`, 'Image Src': `https://h${i}.${prefix}.example/a.png` });
          rows.push({ Handle: `${prefix}-tee-1`, 'Image Src': `https://h7.${prefix}.example/b.png` });
        },
      }),
    );
    expect(r.pictures.urls).toBe(IMPORT_PICTURE_HOSTS_MAX + 6);
    expect(r.pictures.hosts).toHaveLength(IMPORT_PICTURE_HOSTS_MAX);
    expect(r.pictures.hosts[0]).toEqual({ host: `h7.${prefix}.example`, pictures: 2 });
  });
});

describe('a product naming more pictures than it may have', () => {
  it('fetches no more than the limit, one batch uploaded before the next is fetched; the rest are row errors', async () => {
    const prefix = `many${tag()}`;
    const extra = 3;
    const total = PICTURE_LIMITS.perProduct + extra;
    const r = await check(
      shopifyCsv(1, {
        prefix,
        edit: (rows) => {
          for (const row of rows) row['Image Src'] = '';
          for (let i = 1; i <= total; i++)
            rows.push({ Handle: `${prefix}-tee-1`, 'Image Src': `${origin}/many/${prefix}/${i}.png` });
        },
      }),
    );
    expect(r.pictures.urls).toBe(total);
    manyHits.length = 0;
    const p = await importIt(r, [origin]);
    expect(p.pictures).toEqual({ total, fetched: PICTURE_LIMITS.perProduct, failed: extra, waiting: 0 });
    expect(manyHits).toHaveLength(PICTURE_LIMITS.perProduct);
    // Fetched 4 at a time, each 4 stored before the next 4 are asked for: never all held at once.
    expect(manyHits.at(-1)).toBeGreaterThanOrEqual(PICTURE_LIMITS.perProduct - 4);
    expect(p.errors.filter((e) => e.message === adminPictureMessages.tooMany)).toHaveLength(extra);
    expect(await picturesOf(`${prefix}-tee-1`)).toHaveLength(PICTURE_LIMITS.perProduct);
  });
});

describe('the fetch itself', () => {
  const opts = (allowed: string[], more: { timeoutMs?: number; maxRedirects?: number } = {}) => ({
    ...PICTURE_FETCH_DEFAULTS,
    ...more,
    allowed: new Set(allowed),
  });
  const refusal = (url: string, o: ReturnType<typeof opts>) =>
    fetchPicture(url, o).then(
      () => 'fetched',
      (e: unknown) => (e instanceof PictureFetchError ? e.message : String(e)),
    );

  it('a host name resolving to loopback is refused even when allowed (only an IP literal entry may be private)', async () => {
    const n = hits.get('/red.png?lo') ?? 0;
    expect(await refusal(`http://localhost:${port}/red.png?lo`, opts([`http://localhost:${port}`]))).toBe(
      msg.addressNotAllowed,
    );
    expect(hits.get('/red.png?lo') ?? 0).toBe(n);
    expect(await refusal(`${origin}/red.png?lo`, opts([origin]))).toBe('fetched');
  });

  it('the scheme must match the entry: a host entry is https only', async () => {
    expect(await refusal(`${origin}/red.png`, opts([`127.0.0.1:${port}`]))).toBe(msg.hostNotAllowed);
  });

  it('times out', async () => {
    expect(await refusal(`${origin}/slow.png`, opts([origin], { timeoutMs: 200 }))).toBe(msg.timedOut);
  });

  it('follows at most the redirects allowed', async () => {
    expect(await refusal(`${origin}/hop.png`, opts([origin], { maxRedirects: 0 }))).toBe(msg.tooManyRedirects);
  });

  it('an IP literal that reaches the shop itself (0.0.0.0) is refused even when the owner allows it', async () => {
    const zero = `http://0.0.0.0:${port}`;
    expect(await refusal(`${zero}/red.png?zero`, opts([zero]))).toBe(msg.addressNotAllowed);
    expect(await refusal(`${origin}/to-zero.png`, opts([origin, zero]))).toBe(msg.addressNotAllowed);
    expect(hits.get('/red.png?zero')).toBeUndefined();
  });

  it('an IP literal is allowed on the LAN or this machine, never link-local, multicast or "this host"', () => {
    for (const a of ['127.0.0.1', '::1', '10.0.0.1', '192.168.1.5', 'fd00::5', '::ffff:7f00:1', '::ffff:192.168.1.5'])
      expect([a, isLiteralAllowed(a)]).toEqual([a, true]);
    for (const a of [
      '0.0.0.0',
      '::',
      '169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::ffff:169.254.169.254',
      '::a9fe:a9fe',
      'fe80::1',
      'ff02::1',
      '224.0.0.1',
      '255.255.255.255',
    ])
      expect([a, isLiteralAllowed(a)]).toEqual([a, false]);
  });

  it('a URL with user info is not a picture address (cdn.shopify.com@127.0.0.1)', async () => {
    const n = hits.get('/red.png?at') ?? 0;
    expect(
      await refusal(`http://cdn.shopify.com@127.0.0.1:${port}/red.png?at`, opts(['cdn.shopify.com', origin])),
    ).toBe(msg.notWebAddress);
    expect(hits.get('/red.png?at') ?? 0).toBe(n);
  });

  it('the time limit is a deadline for the whole fetch, not per chunk (a body trickling in)', async () => {
    const began = Date.now();
    expect(await refusal(`${origin}/trickle.png`, opts([origin], { timeoutMs: 400 }))).toBe(msg.timedOut);
    expect(Date.now() - began).toBeLessThan(2_000);
  });

  it('tells public addresses from the others', () => {
    for (const a of ['::ffff:a00:1', '::ffff:7f00:1', 'fc00::1', '::ffff:a9fe:a9fe', '64:ff9b::a00:1'])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of ['10.1.2.3', '127.0.0.1', '169.254.169.254', '192.168.0.1', '172.20.0.1', '100.64.0.1', '::1'])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of ['fe80::1', 'fd00::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', '0.0.0.0'])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    for (const a of ['151.101.1.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect([a, isPublicAddress(a)]).toEqual([a, true]);
  });
});

describe('who may start an import with picture hosts', () => {
  it('packer and content editor get 403', async () => {
    const r = await check(fileWith(`pic${tag()}`, { 0: { src: `${origin}/red.png` } }));
    for (const role of ['packer', 'content_editor'] as const) {
      const { headers } = await signedInOwner(t, role);
      const res = await start(r.id, [origin], headers);
      expect([role, res.statusCode, res.json().message]).toEqual([role, 403, staffMessages.forbidden]);
    }
    const [row] = await queryRows<{ status: string }>(db(), sql`select status from catalog_imports where id = ${r.id}`);
    expect(row?.status).toBe('checked');
  });

  it('every import route: packer and content editor get 403, a manager may', async () => {
    const file = fileWith(`pic${tag()}`, { 0: { src: `${origin}/red.png?roles` } });
    const r = await check(file);
    const b = `----csv${tag()}`;
    const multipart = Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
    const routes = (headers: Record<string, string>) => [
      t.app.inject({
        method: 'POST',
        url: '/api/admin/catalog/imports',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${b}` },
        payload: multipart,
      }),
      start(r.id, [origin], headers),
      t.app.inject({ method: 'GET', url: `/api/admin/catalog/imports/${r.id}`, headers }),
    ];
    for (const role of ['packer', 'content_editor'] as const) {
      const { headers } = await signedInOwner(t, role);
      for (const res of await Promise.all(routes(headers)))
        expect([role, res.statusCode, res.json().message]).toEqual([role, 403, staffMessages.forbidden]);
    }
    expect(hits.get('/red.png?roles')).toBeUndefined();
    const { headers } = await signedInOwner(t, 'manager');
    const [checked, started, progress] = await Promise.all(routes(headers));
    expect([checked!.statusCode, started!.statusCode, progress!.statusCode]).toEqual([200, 200, 200]);
  });

  // Last: its picture job is left queued (no lookup of a made-up name while other tests run it).
  it('every host the report lists may be allowed: one written with a trailing dot too', async () => {
    const host = `cdn.${tag()}.example.`;
    const r = await check(fileWith(`pic${tag()}`, { 0: { src: `https://${host.toUpperCase()}/a.png` } }));
    expect(r.pictures.hosts).toEqual([{ host, pictures: 1 }]);
    const res = await start(r.id, [host]);
    expect(res.statusCode, res.body).toBe(200);
  });
});
