import path from 'node:path';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { openPanel, testStaff } from './support/admin.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * Undo in a save's toast (issue 25), at 390 px and 1280 px: a setup step saved and undone (the
 * old value is back), a staff role change undone, and an undo refused because the record changed
 * since (the server's message shown). SHOTS_DIR keeps a screenshot of the toast.
 * Issue 26, at 390 px: a product's price edited and undone from the toast (the shop shows the old
 * price again), and a picture deleted with one tap and undone (back in its place with its alt text).
 */
const CLERK = testStaff('Arjun Rao', 'manager');

// A tuple: Playwright reads an array whose second item is an object as [value, options].
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [[OWNER, CLERK], { scope: 'test' }] });

const undoButton = (page: Page) => page.locator('[data-sonner-toast]').getByRole('button', { name: 'Undo' }).last();
const toastSaying = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).last().waitFor();

/** The screen as seen with the toast (fixed at the top): once its entry animation has ended. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.mouse.move(0, page.viewportSize()!.height - 1);
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()!.width}.png`) });
}

/** Opens the setup's store step (at `base`) and answers its Store name field. */
async function storeName(page: Page, base: string) {
  await page.goto(`${base}/admin/setup?step=store`);
  const field = page.getByLabel('Store name', { exact: true });
  await field.waitFor();
  return field;
}

for (const [name, viewport] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`Undo in the toast (${name})`, () => {
    test('a setup step saved, undone from the toast: the old name is back; a later change refuses the undo', async ({
      page,
      shop,
    }) => {
      test.setTimeout(120_000);
      await openPanel(page, `${shop.baseUrl}/admin/login`, OWNER, viewport);

      const before = await (await storeName(page, shop.baseUrl)).inputValue();
      await page.getByLabel('Store name', { exact: true }).fill(`Undo me ${viewport.width}`);
      await page.getByRole('button', { name: /Save and continue|^Save$/ }).click();
      const undo = undoButton(page);
      await undo.waitFor();
      // Thumb-sized, and a button in the announced notifications region.
      // (To the hundredth of a pixel: sub-pixel layout measured 43.999996 once.)
      const box = (await undo.boundingBox())!;
      expect(Math.round(box.height * 100) / 100).toBeGreaterThanOrEqual(44);
      await expect(page.locator('section[aria-live]')).toHaveAttribute('aria-label', /Notifications/);
      await shot(page, 'undo-toast');
      if (viewport === DESKTOP) {
        // Keyboard: the toast is reached with Alt+T, then Undo by Tab.
        await page.keyboard.press('Alt+t');
        for (let i = 0; i < 6 && !(await undo.evaluate((el) => el === document.activeElement)); i++) {
          await page.keyboard.press('Tab');
        }
        await expect(undo).toBeFocused();
        await page.keyboard.press('Enter');
      } else {
        await undo.click();
      }
      await toastSaying(page, 'Change undone');
      // The header follows the undo too.
      await expect(page.getByTestId('shop-name')).toHaveText(before);
      await expect(await storeName(page, shop.baseUrl)).toHaveValue(before);

      // Saved, then changed by someone else: the Undo is refused with the server's message.
      await page.getByLabel('Store name', { exact: true }).fill(`Changed ${viewport.width}`);
      await page.getByRole('button', { name: /Save and continue|^Save$/ }).click();
      await undoButton(page).waitFor();
      const status = await page.evaluate(
        async ([header, value, name]) =>
          (
            await fetch('/api/admin/settings', {
              method: 'PATCH',
              headers: { 'content-type': 'application/json', [header!]: value! },
              body: JSON.stringify({ store_name: name }),
            })
          ).status,
        [CSRF_HEADER, CSRF_HEADER_VALUE, `Someone else ${viewport.width}`],
      );
      expect(status).toBe(200);
      await undoButton(page).click();
      await toastSaying(page, /changed since/);
      await shot(page, 'undo-refused');
      await expect(await storeName(page, shop.baseUrl)).toHaveValue(`Someone else ${viewport.width}`);
    });

    test("a staff member's role change undone from the toast", async ({ page, shop }) => {
      test.setTimeout(120_000);
      await openPanel(page, `${shop.baseUrl}/admin/login`, OWNER, viewport);
      await page.goto(`${shop.baseUrl}/admin/staff`);
      const role = page.getByLabel(`Role of ${CLERK.name}`);
      await role.waitFor();
      await expect(role).toHaveValue('manager');
      await role.selectOption('packer');
      await toastSaying(page, CLERK.name);
      await expect(role).toHaveValue('packer');
      await shot(page, 'undo-staff');
      await undoButton(page).click();
      await toastSaying(page, 'Change undone');
      await expect(role).toHaveValue('manager');
    });
  });
}

/** A published product with two pictures, made through the owner API with the page's session. */
async function productWithPictures(page: Page, k: string) {
  const made = await page.evaluate(
    async ({ k, h, v }) => {
      const channel = (await (await fetch('/api/storefront/channels')).json()).data.current.id as string;
      const res = await fetch('/api/admin/catalog/products', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [h]: v },
        body: JSON.stringify({
          title: `Kalamkari Cushion ${k}`,
          slug: `kalamkari-cushion-${k}`,
          status: 'published',
          variants: [{ sku: `KC-${k}`, prices: [{ channel_id: channel, price_minor: 149900 }], stock: 5 }],
        }),
      });
      return (await res.json()).data as { id: string; slug: string };
    },
    { k, h: CSRF_HEADER, v: CSRF_HEADER_VALUE },
  );
  for (const [i, fill] of ['#b45309', '#1d4ed8'].entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="${fill}"/></svg>`;
    const png = (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
    const status = await page.evaluate(
      async ({ id, png, alt, h, v }) => {
        const form = new FormData();
        const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
        form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
        const up = await fetch(`/api/admin/catalog/products/${id}/pictures`, {
          method: 'POST',
          headers: { [h]: v },
          body: form,
        });
        const picture = (await up.json()).data.picture_id as number;
        const res = await fetch(`/api/admin/catalog/products/${id}/pictures/${picture}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', [h]: v },
          body: JSON.stringify({ alt }),
        });
        return res.status;
      },
      { id: made.id, png, alt: `Cushion view ${i + 1}`, h: CSRF_HEADER, v: CSRF_HEADER_VALUE },
    );
    expect(status).toBe(200);
  }
  return made;
}

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test.describe('Undo in the product editor (issue 26)', () => {
  test('at 390 px: a price edited then undone is the old price on the shop again; a deleted picture comes back', async ({
    page,
    newPage,
    shop,
  }) => {
    test.setTimeout(180_000);
    const url = (p: string) => `${shop.baseUrl}${p}`;
    const shopper = await newPage(MOBILE);
    await openPanel(page, url('/admin/login'), OWNER, MOBILE);
    const p = await productWithPictures(page, String(Date.now() % 100000));
    await page.goto(url(`/admin/products/${p.id}`));
    const price = page.getByTestId('price-0-INR');
    await price.waitFor();
    await expect(price).toHaveValue('1499');

    // The price edited: the shop shows the new one.
    await price.fill('1199');
    await page.getByTestId('save').click();
    await toastSaying(page, 'Product saved');
    await undoButton(page).waitFor();
    await shot(page, 'product-saved-toast');
    await shopper.goto(url(`/product/${p.slug}`));
    await waitForHydration(shopper);
    await expect.poll(async () => rupees(await shopper.getByTestId('product-price').textContent())).toBe(1199);

    // Undo from the toast: the editor and the shop show the old price again.
    await undoButton(page).click();
    await toastSaying(page, 'Change undone');
    await expect(page.getByTestId('price-0-INR')).toHaveValue('1499');
    await shopper.reload();
    await waitForHydration(shopper);
    await expect.poll(async () => rupees(await shopper.getByTestId('product-price').textContent())).toBe(1499);

    // A picture deleted with one tap (no confirm step), then undone: back in its place with its alt text.
    const cards = page.getByTestId('picture');
    await expect(cards).toHaveCount(2);
    const ids = async () => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-picture-id')));
    const before = await ids();
    await cards.nth(0).getByTestId('picture-delete').click();
    await expect(cards).toHaveCount(1);
    await toastSaying(page, 'Picture deleted');
    await shot(page, 'picture-deleted-toast');
    await undoButton(page).click();
    await toastSaying(page, 'Change undone');
    await expect.poll(ids).toEqual(before);
    await expect(page.getByLabel('Alt text').first()).toHaveValue('Cushion view 1');
    await shopper.reload();
    await waitForHydration(shopper);
    await expect
      .poll(() => shopper.locator('img[alt="Cushion view 1"], img[alt="Cushion view 2"]').count())
      .toBeGreaterThanOrEqual(2);

    // The same toasts at 1280 px, for the record.
    if (process.env.SHOTS_DIR) {
      await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
      await page.getByTestId('price-0-INR').fill('1299');
      await page.getByTestId('save').click();
      await undoButton(page).waitFor();
      await shot(page, 'product-saved-toast');
      await cards.nth(1).getByTestId('picture-delete').click();
      await toastSaying(page, 'Picture deleted');
      await shot(page, 'picture-deleted-toast');
    }
  });
});
