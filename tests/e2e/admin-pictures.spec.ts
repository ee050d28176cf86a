import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE, adminPictureMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { openPanel, productPictures, shot, shownPictureIds, testStaff } from './support/admin.ts';
import { expect, test } from './support/test.ts';

/*
 * The product editor's Pictures (issue 26) at 390 and 1280 px: the owner uploads six pictures
 * (made here with sharp) with the file picker, sees a refused SVG say why, reorders them with the
 * earlier/later buttons (one by keyboard), writes alt text for each and sets a focal point; the
 * shop's product page shows them in that order with that alt text.
 * SHOTS_DIR=/work/shots/pictures keeps screenshots of the section.
 */
const OWNER = testStaff('Anika Rao', 'owner');
const COLOURS = ['#b45309', '#1d4ed8', '#15803d', '#be123c', '#6d28d9', '#0f766e'];

let dir: string;
const files: string[] = [];

test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pictures-e2e-'));
  for (const [i, colour] of COLOURS.entries()) {
    const file = path.join(dir, `photo-${i + 1}.${i % 2 ? 'jpg' : 'png'}`);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="${colour}"/><text x="450" y="360" font-size="220" text-anchor="middle" fill="#fff" font-family="sans-serif">${i + 1}</text></svg>`;
    const img = sharp(Buffer.from(svg));
    writeFileSync(file, await (i % 2 ? img.jpeg() : img.png()).toBuffer());
    files.push(file);
  }
  writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
});
test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Creates a published product through the owner API (the page's session) and answers its id and slug. */
async function createProduct(page: Page, k: string) {
  return page.evaluate(
    async ({ k, h, v }) => {
      const channels = await (await fetch('/api/storefront/channels')).json();
      const channel = channels.data.current.id as string;
      const res = await fetch('/api/admin/catalog/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [h]: v },
        body: JSON.stringify({
          title: `Indigo Block Print Scarf ${k}`,
          slug: `indigo-block-print-scarf-${k}`,
          status: 'published',
          options: [{ name: 'Colour', values: ['Indigo', 'Rust'] }],
          variants: ['Indigo', 'Rust'].map((c) => ({
            sku: `IBPS-${k}-${c.toUpperCase()}`,
            options: { Colour: c },
            prices: [{ channel_id: channel, price_minor: 129900 }],
            stock: 5,
          })),
        }),
      });
      const body = await res.json();
      return { status: res.status, id: body.data?.id as string, slug: body.data?.slug as string };
    },
    { k, h: CSRF_HEADER, v: CSRF_HEADER_VALUE },
  );
}

test.describe('pictures in the product editor', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: upload six, reorder (mouse and keyboard), alt text, focal point; the shop shows them in order`, async ({
      page,
      newPage,
      shop,
    }) => {
      const url = (p: string) => `${shop.baseUrl}${p}`;
      // The shopper's tab has a context (cookies) of its own.
      const shopper = await newPage(viewport);
      await openPanel(page, url('/admin/products'), OWNER, viewport);
      const made = await createProduct(page, String(viewport.width));
      expect(made.status).toBe(200);
      await page.goto(url(`/admin/products/${made.id}`));
      await page.getByRole('heading', { name: 'Pictures', level: 2 }).waitFor();
      await page.getByText('No pictures yet').waitFor();

      // Six at once from the picker: they land in the order chosen.
      await page.getByTestId('picture-input').setInputFiles(files);
      await expect(page.getByTestId('picture')).toHaveCount(6, { timeout: 60_000 });
      await expect(page.getByTestId('picture-upload')).toHaveCount(0);
      await expect.poll(async () => (await productPictures(page, made.id)).pictures).toHaveLength(6);
      const uploaded = await productPictures(page, made.id);
      await page.getByTestId('picture-alt-warning').getByText('6 pictures have no alt text').waitFor();

      // A file that is no picture says why and offers a retry; it adds nothing.
      await page.getByTestId('picture-input').setInputFiles(path.join(dir, 'logo.svg'));
      await page.getByTestId('picture-upload-error').getByText(adminPictureMessages.type).waitFor();
      await page.getByTestId('picture-retry').waitFor();
      await shot(page, 'pictures-failed-upload');
      await page.getByTestId('picture-upload').getByRole('button', { name: 'Dismiss' }).click();
      await expect.poll(async () => (await productPictures(page, made.id)).pictures).toHaveLength(6);

      // Reorder: the sixth to the front (clicks), then the new first one later by keyboard.
      let order = uploaded.pictures.map((p) => p.id);
      const cards = page.getByTestId('picture');
      for (let i = 5; i > 0; i--) {
        await cards.nth(i).getByTestId('picture-earlier').click();
        order = [...order.slice(0, i - 1), order[i]!, order[i - 1]!, ...order.slice(i + 1)];
        await expect.poll(() => shownPictureIds(page)).toEqual(order);
      }
      await cards.nth(0).getByTestId('picture-later').focus();
      await page.keyboard.press('Enter');
      order = [order[1]!, order[0]!, ...order.slice(2)];
      await expect.poll(() => shownPictureIds(page)).toEqual(order);
      if (viewport === DESKTOP) {
        // With a mouse, a thumbnail dragged onto another card takes its place.
        // Both cards in view first: were the page scrolled between press and move, the drag would start
        // from whatever card is then under the pointer.
        await cards.nth(1).evaluate((e) => e.scrollIntoView({ block: 'center' }));
        await cards.nth(2).getByTestId('picture-focal').dragTo(cards.nth(0));
        order = [order[2]!, order[0]!, order[1]!, ...order.slice(3)];
        await expect.poll(() => shownPictureIds(page)).toEqual(order);
      }
      await expect.poll(async () => (await productPictures(page, made.id)).pictures.map((p) => p.id)).toEqual(order);

      // Alt text for each, saved when the field is left.
      for (let i = 0; i < 6; i++) {
        await cards
          .nth(i)
          .getByTestId('picture-alt')
          .fill(`Scarf view ${i + 1}`);
        await cards.nth(i).getByTestId('picture-alt').press('Tab');
      }
      await expect
        .poll(async () => (await productPictures(page, made.id)).pictures.map((p) => p.alt))
        .toEqual([1, 2, 3, 4, 5, 6].map((n) => `Scarf view ${n}`));
      await expect(page.getByTestId('picture-alt-warning')).toHaveCount(0);

      // Focal point: a click near the top left of the first picture.
      const thumb = cards.nth(0).getByTestId('picture-focal');
      const box = (await thumb.boundingBox())!;
      await thumb.click({ position: { x: box.width * 0.2, y: box.height * 0.25 } });
      await expect
        .poll(async () => {
          const p = (await productPictures(page, made.id)).pictures[0]!;
          return [Math.abs(p.focal_x - 0.2) < 0.05, Math.abs(p.focal_y - 0.25) < 0.05];
        })
        .toEqual([true, true]);
      await cards.nth(0).getByTestId('picture-colour').waitFor();
      await page.getByRole('heading', { name: 'Pictures', level: 2 }).scrollIntoViewIfNeeded();
      const section = page.locator('section', { has: page.getByRole('heading', { name: 'Pictures', level: 2 }) });
      if (process.env.SHOTS_DIR) {
        await section.screenshot({ path: `${process.env.SHOTS_DIR}/pictures-section-${viewport.width}.png` });
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/pictures-screen-${viewport.width}.png` });
      }

      // The shop's product page: the same pictures, in that order, with that alt text.
      const final = (await productPictures(page, made.id)).pictures;
      await shopper.goto(url(`/product/${made.slug}`));
      await waitForHydration(shopper);
      const gallery = shopper
        .getByRole('list', { name: /images$/ })
        .first()
        .locator('img');
      await expect(gallery).toHaveCount(6);
      const shown = () =>
        gallery.evaluateAll((imgs) =>
          imgs.map((i) => ({
            src: i.getAttribute('src') ?? '',
            alt: i.getAttribute('alt'),
            pos: (i as HTMLElement).style.objectPosition,
          })),
        );
      await expect
        .poll(async () => (await shown()).map((s) => s.src.split('/').pop()))
        .toEqual(final.map((p) => p.url.split('/').pop()));
      await expect.poll(async () => (await shown()).map((s) => s.alt)).toEqual(final.map((p) => p.alt));
      await expect
        .poll(async () => (await shown())[0]!.pos)
        .toBe(`${Math.round(final[0]!.focal_x * 1000) / 10}% ${Math.round(final[0]!.focal_y * 1000) / 10}%`);
      if (process.env.SHOTS_DIR)
        await shopper.screenshot({ path: `${process.env.SHOTS_DIR}/shop-product-${viewport.width}.png` });

      // Delete with one tap (the toast offers Undo): the shop follows.
      await cards.nth(5).getByTestId('picture-delete').click();
      await expect(page.getByTestId('picture')).toHaveCount(5);
      await shopper.reload();
      await waitForHydration(shopper);
      await expect(gallery).toHaveCount(5);
    });
  }
});
