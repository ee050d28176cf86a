import { readdir, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEO_LIMITS,
  SHARING_PICTURE,
  adminPictureMessages,
  adminSearchSharingApi,
  messages,
  searchSharingMessages,
  staffMessages,
  type SearchSharing,
} from '@shopfront/shared';
import { auditLog } from '../../../db/schema.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { TEST_MEDIA_DIR } from '../../../test/paths.ts';
import { signedInOwner } from '../../staff/testing.ts';
import { BRAND_FOLDER } from './pictures.ts';
import { SHARING_UPLOAD_GRACE_MS, pruneSharingPictures } from './prune.ts';

/**
 * Search and sharing (issue 25): owners and managers save the home page's title and description,
 * the shared link's picture and the favicon; the storefront's rendered home page (its production
 * build, page cache on) shows them on the next request, and Undo puts the old ones back.
 */
let t: TestApp;
let owner: Record<string, string>;
const path = adminSearchSharingApi.save.path;

beforeAll(async () => {
  t = await createTestApp({ storefront: true, env: CACHES_ON });
  owner = (await signedInOwner(t)).headers;
}, 300_000);
afterAll(() => t.close());

const put = (payload: unknown, headers: Record<string, string> = owner) =>
  t.app.inject({ method: 'PUT', url: path, headers, payload: payload as object });
const home = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

const GOOD = {
  title: 'Kavya Crafts – handwoven baskets & cane furniture',
  description: 'Baskets, trays and chairs woven by hand in Kerala. Free delivery across India above ₹999.',
  social_sharing_image: 'https://cdn.example.com/share/kavya-1200x630.jpg',
  favicon: '/media/brand/kavya-icon.png',
};

/** POSTs a picture to the upload route as the panel does (multipart, field "file"). */
const uploadPicture = (kind: string, bytes: Buffer, headers: Record<string, string> = owner) => {
  const b = '----seo-prune-boundary';
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/search-sharing/pictures/${kind}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${b}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
  });
};

describe('search and sharing', () => {
  it('is for owners and managers: 401 without a session, 403 for packers and content editors', async () => {
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await put(GOOD, {})).statusCode).toBe(401);
    for (const role of ['packer', 'content_editor'] as const) {
      const { headers } = await signedInOwner(t, role);
      expect((await t.app.inject({ method: 'GET', url: path, headers })).statusCode).toBe(403);
      const res = await put(GOOD, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(staffMessages.forbidden);
    }
    const manager = await signedInOwner(t, 'manager');
    const res = await put(
      { ...GOOD, title: 'By the manager', social_sharing_image: null, favicon: null },
      manager.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.title).toBe('By the manager');
  });

  it('refuses bad input with a message on each field, and saves nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: path, headers: owner })).json().data as SearchSharing;
    const cases: [unknown, string[]][] = [
      [
        { ...GOOD, title: 'x'.repeat(SEO_LIMITS.title + 1), description: 'y'.repeat(SEO_LIMITS.description + 1) },
        ['title', 'description'],
      ],
      [
        { ...GOOD, social_sharing_image: 'http://example.com/a.jpg', favicon: 'javascript:alert(1)' },
        ['social_sharing_image', 'favicon'],
      ],
      [{ ...GOOD, favicon: '/media/../../etc/passwd' }, ['favicon']],
      [{ ...GOOD, title: 'Tab\u0000title' }, ['title']],
      [{ ...GOOD, keywords: 'baskets' }, ['keywords']],
      [{ description: 'only this' }, ['title']],
    ];
    for (const [body, fields] of cases) {
      const res = await put(body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors).sort(), JSON.stringify(body)).toEqual([...fields].sort());
    }
    expect(Object.values((await put({ ...GOOD, title: 'x'.repeat(71) })).json().errors)).toEqual([
      [messages.maxLength(SEO_LIMITS.title)],
    ]);
    const after = (await t.app.inject({ method: 'GET', url: path, headers: owner })).json().data;
    expect(after).toEqual(before);
  });

  it('shows on the home page at once: title, description, og:image and favicon, then Undo puts them back', async () => {
    const old = await home();
    expect(await home()).toBe(old); // now cached
    expect(old).not.toContain(GOOD.title);

    const res = await put(GOOD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Search and sharing saved');
    expect(res.json().data).toMatchObject(GOOD);
    expect(res.json().undo?.id).toEqual(expect.any(Number));

    const html = await home();
    const esc = (s: string) => s.replace(/&/g, '&amp;');
    expect(html).toContain(`<title>${esc(GOOD.title)}</title>`);
    expect(html).toContain(`<meta name="description" content="${esc(GOOD.description)}"/>`);
    expect(html).toContain(`<meta property="og:image" content="${GOOD.social_sharing_image}"/>`);
    expect(html).toContain(`<link rel="icon" sizes="any" href="${GOOD.favicon}"/>`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');

    const [entry] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'storefront.update', id: res.json().undo.id });
    expect(entry!.after).toMatchObject({
      meta: { title: GOOD.title, description: GOOD.description },
      social_sharing_image: GOOD.social_sharing_image,
      favicon: GOOD.favicon,
    });

    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/admin/audit/${entry!.id}/undo`,
      headers: owner,
      payload: {},
    });
    expect(undone.statusCode, undone.body).toBe(200);
    const back = await home();
    expect(back).not.toContain(GOOD.title);
    expect(back).not.toContain(GOOD.social_sharing_image);
    expect(back).toContain('<title>By the manager</title>');
    expect(back).not.toContain('og:image');
    expect(back).not.toContain(GOOD.favicon);
  });

  it('clears the picture and the icon with null, and an empty title falls back to the store name', async () => {
    const res = await put({ title: '', description: '', social_sharing_image: null, favicon: null });
    expect(res.statusCode, res.body).toBe(200);
    const { store_name } = res.json().data as SearchSharing;
    const html = await home();
    expect(html).toContain(`<title>${store_name.replace(/&/g, '&amp;')}</title>`);
    expect(html).not.toContain('og:image');
    // The shop's initial on its colour (lib/favicon.ts), never a missing icon.
    expect(html).toMatch(/<link rel="icon" [^>]*href="data:image\/svg\+xml,/);
  });

  it('makes an uploaded picture the sharing picture (1200×630 JPEG) or a favicon set (square PNGs), and refuses other files', async () => {
    const upload = (kind: string, bytes: Buffer, headers: Record<string, string> = owner, type = 'image/png') => {
      const b = '----seo-test-boundary';
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/search-sharing/pictures/${kind}`,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${b}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${b}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\nContent-Type: ${type}\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${b}--\r\n`),
        ]),
      });
    };
    const wide = await sharp({
      create: { width: 900, height: 300, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const stored = (url: string) => sharp(join(TEST_MEDIA_DIR, url.slice('/media/'.length))).metadata();

    const social = await upload('social', wide);
    expect(social.statusCode, social.body).toBe(200);
    const shareUrl: string = social.json().data.url;
    expect(shareUrl).toMatch(/^\/media\/brand\/share-[0-9a-f]{16}\.jpg$/);
    expect(await stored(shareUrl)).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

    const icon = await upload('favicon', wide);
    expect(icon.statusCode, icon.body).toBe(200);
    const iconUrl: string = icon.json().data.url;
    expect(iconUrl).toMatch(/-32\.png$/);
    expect(await stored(iconUrl)).toMatchObject({ format: 'png', width: 32, height: 32, hasAlpha: true });
    expect(await stored(iconUrl.replace('-32.png', '-180.png'))).toMatchObject({ width: 180, height: 180 });

    // Saved: the tab's icon and the home screen's, and the picture, on the home page.
    const res = await put({ ...GOOD, social_sharing_image: shareUrl, favicon: iconUrl });
    expect(res.statusCode, res.body).toBe(200);
    const html = await home();
    expect(html).toContain(`<link rel="icon" sizes="32x32" href="${iconUrl}"/>`);
    expect(html).toContain(
      `<link rel="apple-touch-icon" sizes="180x180" href="${iconUrl.replace('-32.png', '-180.png')}"/>`,
    );
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="https?://[^"]*${shareUrl}"/>`));
    // Saving the same again keeps the set.
    expect((await put({ ...GOOD, social_sharing_image: shareUrl, favicon: iconUrl })).statusCode).toBe(200);
    expect(await home()).toContain('rel="apple-touch-icon"');

    // A text file named .png, a GIF, an unknown kind, no multipart: refused, never a 500.
    const notPicture = await upload('favicon', Buffer.from('<svg onload=alert(1)>'));
    expect(notPicture.statusCode).toBe(422);
    expect(notPicture.json().errors.file).toEqual([adminPictureMessages.unreadable]);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const gifRes = await upload('social', gif, owner, 'image/gif');
    expect(gifRes.statusCode).toBe(422);
    expect(gifRes.json().errors.file).toEqual([adminPictureMessages.type]);
    const kind = await upload('banner', wide);
    expect(kind.statusCode).toBe(422);
    expect(kind.json().errors.kind).toEqual([searchSharingMessages.kind]);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-sharing/pictures/social',
      headers: owner,
      payload: { url: 'x' },
    });
    expect(json.statusCode).toBe(415);
    // Roles as the PUT: a packer may not upload, nor anyone signed out.
    expect((await upload('social', wide, (await signedInOwner(t, 'packer')).headers)).statusCode).toBe(403);
    expect((await upload('social', wide, {})).statusCode).toBe(401);
  });

  it('removes uploads never saved and pictures replaced since, after a day; keeps what a storefront uses', async () => {
    const square = await sharp({
      create: { width: 400, height: 400, channels: 4, background: { r: 20, g: 120, b: 90, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const url = async (kind: 'social' | 'favicon') => {
      const res = await uploadPicture(kind, square);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.url as string;
    };
    const [unsavedShare, savedShare, unsavedIcon, savedIcon] = [
      await url('social'),
      await url('social'),
      await url('favicon'),
      await url('favicon'),
    ];
    expect((await put({ ...GOOD, social_sharing_image: savedShare, favicon: savedIcon })).statusCode).toBe(200);
    const file = (u: string) => join(TEST_MEDIA_DIR, u.slice('/media/'.length));
    const sizes = (u: string) => SHARING_PICTURE.faviconSizes.map((n) => file(u.replace('-32.png', `-${n}.png`)));
    const exists = (f: string) =>
      stat(f).then(
        () => true,
        () => false,
      );
    const brandDir = join(TEST_MEDIA_DIR, BRAND_FOLDER);

    // Within the grace period nothing goes (the owner may still press Save).
    await pruneSharingPictures(t.database.db, t.app.media.storage);
    expect(await exists(file(unsavedShare))).toBe(true);

    // A day and more later: every upload of the folder is old.
    const dayAgo = new Date(Date.now() - SHARING_UPLOAD_GRACE_MS - 60_000);
    for (const name of await readdir(brandDir)) await utimes(join(brandDir, name), dayAgo, dayAgo);
    const fresh = await url('social');
    await pruneSharingPictures(t.database.db, t.app.media.storage);
    expect(await exists(file(unsavedShare))).toBe(false);
    for (const f of sizes(unsavedIcon)) expect([f, await exists(f)]).toEqual([f, false]);
    expect(await exists(file(savedShare))).toBe(true);
    for (const f of sizes(savedIcon)) expect([f, await exists(f)]).toEqual([f, true]);
    expect(await exists(file(fresh))).toBe(true);
    // The saved ones still show on the home page.
    const html = await home();
    expect(html).toContain(`href="${savedIcon}"`);
    expect(html).toContain(savedShare);
  });
});
