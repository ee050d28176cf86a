import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shotScreen, testStaff } from './support/admin.ts';
import { expect, test } from './support/test.ts';

/*
 * A product's picture deleted from its product, during its Undo window (at 390 and 1280 px): the
 * Media screen shows it dimmed and marked, with when it goes; its details say what happens to it;
 * the page editor's picker lets it be chosen and says a page showing it keeps it; Undo puts it
 * back as a plain product picture. SHOTS_DIR=/work/shots/media keeps the screens.
 */
const OWNER = testStaff('Anika Rao', 'owner');

test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

/** Through the owner API (the page's session): a product with two pictures; the first one deleted. */
async function productWithDeletedPicture(page: Page, k: string, jpegs: number[][]) {
  return page.evaluate(
    async ({ k, h, v, jpegs }) => {
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
            title: `Stoneware Jug ${k}`,
            slug: `stoneware-jug-${k}`,
            status: 'published',
            variants: [
              { sku: `SJ-${k}`, prices: [{ channel_id: channels.data.current.id, price_minor: 129900 }], stock: 3 },
            ],
          }),
        )
      ).json();
      let pictures: { id: number; url: string }[] = [];
      for (const jpeg of jpegs) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'jug.jpg');
        pictures = (
          await (
            await fetch(`/api/admin/catalog/products/${product.data.id}/pictures`, {
              method: 'POST',
              headers: { [h]: v },
              body: form,
            })
          ).json()
        ).data.pictures;
      }
      const gone = pictures[0]!;
      const deleted = await (
        await fetch(`/api/admin/catalog/products/${product.data.id}/pictures/${gone.id}`, {
          method: 'DELETE',
          headers: { [h]: v },
        })
      ).json();
      return {
        id: product.data.id as string,
        title: `Stoneware Jug ${k}`,
        picture: gone,
        undo: deleted.undo as { id: number; also: number[] },
      };
    },
    { k, h: CSRF_HEADER, v: CSRF_HEADER_VALUE, jpegs },
  );
}

const jpeg = async (fill: string) => [
  ...(await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="${fill}"/><circle cx="450" cy="300" r="180" fill="#fef3c7"/></svg>`,
    ),
  )
    .jpeg()
    .toBuffer()),
];

test.describe('a deleted product picture in the media library', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: marked on its tile, explained in its details and the picker; Undo puts it back`, async ({
      page,
      shop,
    }) => {
      test.setTimeout(120_000);
      const url = (p: string) => `${shop.baseUrl}${p}`;
      await openPanel(page, url('/admin/media'), OWNER, viewport);
      const made = await productWithDeletedPicture(page, String(viewport.width), [
        await jpeg('#7c2d12'),
        await jpeg('#365314'),
      ]);

      await page.goto(url(`/admin/media?q=${encodeURIComponent(made.title)}`));
      const tiles = page.getByTestId('media-item');
      await expect(tiles).toHaveCount(2);
      const deleted = tiles.filter({ hasText: 'Deleted' });
      await expect(deleted).toHaveCount(1);
      await expect(deleted).toContainText(made.title);
      await expect(deleted).toContainText(/Removed after \d{1,2}:\d{2}/);
      await expect(tiles.filter({ hasNotText: 'Deleted' })).toContainText('Product picture');
      await shotScreen(page, 'media-deleted-tile');
      expect(await axeProblems(page)).toEqual([]);

      await deleted.click();
      const details = page.getByTestId('media-details');
      await expect(details.getByTestId('media-deleted')).toContainText(
        new RegExp(`Deleted from ${made.title} — removed after \\d{1,2}:\\d{2}`),
      );
      await expect(details.getByTestId('media-deleted')).toContainText('it stays here in your media library instead');
      await expect(details.getByTestId('media-used-in')).toContainText('Nowhere yet');
      await expect(details.getByTestId('media-delete')).toHaveCount(0);
      await page.waitForTimeout(400);
      await shotScreen(page, 'media-deleted-details');
      expect(await axeProblems(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();

      // The picker of a new page: it may be chosen, and says what choosing it does.
      await page.goto(url('/admin/pages/new'));
      await page.getByRole('heading', { level: 1, name: 'New page' }).waitFor();
      await page.getByTestId('page-body').click();
      await page.getByRole('toolbar').getByRole('button', { name: 'Picture', exact: true }).click();
      await page.getByTestId('media-picker-open').click();
      const picker = page.getByTestId('media-picker');
      await picker.getByLabel('Search pictures').fill(made.title);
      await picker.getByLabel('Search pictures').press('Enter');
      await expect(picker.getByTestId('media-item')).toHaveCount(2);
      await picker.getByTestId('media-item').filter({ hasText: 'Deleted' }).click();
      const chosen = picker.getByTestId('media-chosen');
      await expect(chosen.getByTestId('media-deleted')).toContainText(`Deleted from ${made.title}`);
      await expect(chosen.getByTestId('media-deleted')).toContainText('keeps it in your media library');
      await expect(picker.getByTestId('media-choose')).toBeEnabled();
      await page.waitForTimeout(400);
      await shotScreen(page, 'media-deleted-picker');
      expect(await axeProblems(page)).toEqual([]);
      await picker.getByTestId('media-alt').fill('A stoneware jug');
      await picker.getByTestId('media-choose').click();
      await expect(picker).toBeHidden();
      await expect(page.getByTestId('page-body').getByRole('img', { name: 'A stoneware jug' })).toBeVisible();
      // Saved with it: the page shows it, so the clean-up will keep it in the library.
      await page.getByTestId('page-title').fill(`Jug care ${made.title}`);
      await page.getByTestId('save-page').click();
      await expect(page).toHaveURL(/\/admin\/pages\/\d+$/);

      // Undo of the delete: the library shows it as its product's picture again.
      const undone = await page.evaluate(
        async ({ id, also, h, v }) =>
          (
            await fetch(`/api/admin/audit/${id}/undo`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', [h]: v },
              body: JSON.stringify({ also }),
            })
          ).status,
        { ...made.undo, h: CSRF_HEADER, v: CSRF_HEADER_VALUE },
      );
      expect(undone).toBe(200);
      await page.goto(url(`/admin/media?q=${encodeURIComponent(made.title)}`));
      await expect(page.getByTestId('media-item')).toHaveCount(2);
      await expect(page.getByTestId('media-item').filter({ hasText: 'Deleted' })).toHaveCount(0);
      await expect(page.getByTestId('media-item').filter({ hasText: 'Product picture' })).toHaveCount(2);
      await expect(
        page
          .getByTestId('media-item')
          .filter({ has: page.locator(`img[src*="${made.picture.url.split('/').pop()}"]`) }),
      ).toHaveCount(1);
    });
  }
});
