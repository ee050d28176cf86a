import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE, adminPictureMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shotScreen, testStaff } from './support/admin.ts';
import { expect, test } from './support/test.ts';

/*
 * Deleting a product's picture that a page shows (at 390 and 1280 px): the picture leaves the
 * product, and the delete's toast says where it is still shown and that it stays in the media
 * library. SHOTS_DIR=/work/shots/pictures keeps the screen with the toast.
 */
const OWNER = testStaff('Anika Rao', 'owner');

test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

/** Through the owner API (the page's session): a product with one picture, and a page showing it. */
async function productShownOnPage(page: Page, k: string, jpeg: number[]) {
  return page.evaluate(
    async ({ k, h, v, jpeg }) => {
      const json = (body: unknown) => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', [h]: v },
        body: JSON.stringify(body),
      });
      const channels = await (await fetch('/api/storefront/channels')).json();
      const product = await (
        await fetch(
          '/api/admin/catalog/products',
          json({
            title: `Terracotta Planter ${k}`,
            slug: `terracotta-planter-${k}`,
            status: 'published',
            variants: [
              { sku: `TP-${k}`, prices: [{ channel_id: channels.data.current.id, price_minor: 89900 }], stock: 4 },
            ],
          }),
        )
      ).json();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'planter.jpg');
      const pictures = await (
        await fetch(`/api/admin/catalog/products/${product.data.id}/pictures`, {
          method: 'POST',
          headers: { [h]: v },
          body: form,
        })
      ).json();
      const url = pictures.data.pictures[0].url as string;
      const saved = await fetch(
        '/api/admin/pages',
        json({
          title: 'Our garden range',
          slug: `garden-range-${k}`,
          blocks: [{ type: 'image', url, alt: 'A terracotta planter', caption: null }],
        }),
      );
      return { id: product.data.id as string, page: saved.status };
    },
    { k, h: CSRF_HEADER, v: CSRF_HEADER_VALUE, jpeg },
  );
}

test.describe('deleting a product picture a page shows', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px the toast says where it is still shown`, async ({ page, shop }) => {
      const url = (p: string) => `${shop.baseUrl}${p}`;
      await openPanel(page, url('/admin/products'), OWNER, viewport);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="#b45309"/></svg>`;
      const jpeg = await sharp(Buffer.from(svg)).jpeg().toBuffer();
      const made = await productShownOnPage(page, String(viewport.width), [...jpeg]);
      expect(made.page).toBe(200);
      await page.goto(url(`/admin/products/${made.id}`));
      await page.getByRole('heading', { name: 'Pictures', level: 2 }).waitFor();
      await expect(page.getByTestId('picture')).toHaveCount(1);

      await page.getByTestId('picture').first().getByTestId('picture-delete').click();
      await expect(page.getByTestId('picture')).toHaveCount(0);
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: adminPictureMessages.deleted });
      await expect(toast).toContainText(adminPictureMessages.stillShown(['Page: Our garden range']));
      await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
      // The toast slides in from the top: let it settle over the Pictures section before the shot.
      await page.getByRole('heading', { name: 'Pictures', level: 2 }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(800);
      await shotScreen(page, 'picture-still-shown');
      expect(await axeProblems(page)).toEqual([]);
    });
  }
});
