import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import { MAX_CUSTOM_TEXT, cartMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE, waitForHydration, watchForProblems } from './support/browser.ts';
import { expect, test } from './support/test.ts';

/**
 * Personalising a customisable product (spec section 3 custom_text/image_path, section 7
 * add-item additonal_data): the demo's mugs and bottles are customisable and its
 * ProductCustomisation plugin is installed; clothing is not customisable.
 * CUSTOM_SHOTS_DIR=/tmp/shots/custom also saves screenshots of the filled section and the line.
 */
const MUG = 'Stoneware Coffee Mug';
const IMAGE_PATH = /^\/media\/customisations\/[a-f0-9]{32}\.webp$/;
const shotsDir = process.env.CUSTOM_SHOTS_DIR;

const drawer = (page: Page) => page.getByTestId('cart-drawer');
const personalise = (page: Page) => page.locator('[data-personalise="pdp"]');
const addButton = (page: Page) =>
  page.locator('[data-add-to-cart="pdp"]').getByRole('button', { name: 'Add to cart', exact: true });
/** Opens the folded "Personalise it" section. */
async function openPersonalise(page: Page) {
  await personalise(page).locator('summary').click();
  await expect.poll(() => personalise(page).evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
}

/** True when the centre of `button` is in the window and the button itself is what a tap there hits. */
const tappableInView = (button: Locator) =>
  button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const inView = r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
    const hit = document.elementFromPoint(x, y);
    return inView && hit !== null && el.contains(hit);
  });

/** A small PNG a shopper might pick: a terracotta square with a lighter disc. */
async function photoPng(): Promise<Buffer> {
  const disc = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><circle cx="80" cy="80" r="48" fill="#f6e3c5"/></svg>',
  );
  return sharp({ create: { width: 160, height: 160, channels: 3, background: '#b4532a' } })
    .composite([{ input: disc }])
    .png()
    .toBuffer();
}

async function shot(page: Page, name: string, width: number, target?: Locator) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(350);
  const file = path.join(shotsDir, `${name}-${width}.png`);
  if (target) await target.screenshot({ path: file });
  else await page.screenshot({ path: file });
}

/** An upload the shop refuses (422) is expected in one test, with its console line; nothing else is. */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/http 401: \/api\/(account|wishlist)\//.test(p) &&
      !/http 422: \/api\/cart\/customisation-image/.test(p) &&
      !/console: Failed to load resource: the server responded with a status of (401|422)/.test(p),
  );

test.describe('cart customisation', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: a mug with a name and a photo, then another name → two lines; a shirt offers none`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      const problems = await watchForProblems(page);
      const base = shop.baseUrl;
      const png = await photoPng();

      await page.goto(`${base}/product/stoneware-coffee-mug`);
      await waitForHydration(page);
      const section = personalise(page);
      await section.getByText('Personalise it', { exact: true }).waitFor();
      // Folded, with its one line; opened in place.
      await expect.poll(() => section.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
      await expect(section.getByTestId('personalise-summary')).toHaveText('Optional: a name, a message or a photo');
      await openPersonalise(page);
      // The text is checked against the contract's limit, with a counter.
      const text = section.getByLabel('Name or message (optional)');
      await expect(text).toHaveAttribute('maxlength', String(MAX_CUSTOM_TEXT));
      await text.fill('Asha');
      await expect(section.getByTestId('custom-text-count')).toHaveText(`4/${MAX_CUSTOM_TEXT}`);

      // The photo goes up as soon as it is chosen; its path waits in a hidden field.
      await section
        .getByTestId('custom-photo-input')
        .setInputFiles({ name: 'asha.png', mimeType: 'image/png', buffer: png });
      await section.locator('[data-testid="custom-photo"][data-state="ready"]').waitFor();
      await section.getByText('Photo added').waitFor();
      const imagePath = await section.locator('input[name="image_path"]').inputValue();
      expect(imagePath).toMatch(IMAGE_PATH);
      await expect(addButton(page)).toBeEnabled();
      await page
        .locator('[data-add-to-cart="pdp"]')
        .evaluate((form) => form.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await shot(page, 'mug-personalised', viewport.width);

      // Add to cart: the drawer's line shows the name and the photo.
      await addButton(page).click();
      const asha = drawer(page).locator('[data-cart-line]', { hasText: '“Asha”' });
      await expect(asha).toHaveAttribute('data-added', 'true');
      await expect(asha).toContainText(MUG);
      const photo = asha.getByRole('img', { name: 'Your image' });
      await expect(photo).toHaveAttribute('src', imagePath);
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
      await shot(page, 'drawer-line', viewport.width);
      await page.keyboard.press('Escape');
      await drawer(page).waitFor({ state: 'hidden' });

      // The photo can be removed; another name on the same mug is a line of its own.
      await section.getByRole('button', { name: 'Remove the photo' }).click();
      await section.getByRole('button', { name: /Add a photo/ }).waitFor();
      await expect(section.locator('input[name="image_path"]')).toHaveValue('');
      await text.fill('Ravi');
      await addButton(page).click();
      const ravi = drawer(page).locator('[data-cart-line]', { hasText: '“Ravi”' });
      await expect(ravi).toHaveAttribute('data-added', 'true');
      await expect(ravi.getByRole('img', { name: 'Your image' })).toHaveCount(0);
      const mugLines = drawer(page).locator('[data-cart-line]', { hasText: MUG });
      await expect(mugLines).toHaveCount(2);
      await expect(asha.getByTestId('line-quantity')).toHaveText('1');
      await page.keyboard.press('Escape');

      // /cart shows both lines with their customisation.
      await page.goto(`${base}/cart`);
      await waitForHydration(page);
      const cartLines = page.locator('main [data-cart-lines]');
      await cartLines.locator('[data-cart-line]', { hasText: '“Ravi”' }).waitFor();
      const cartAsha = cartLines.locator('[data-cart-line]', { hasText: '“Asha”' });
      await expect(cartAsha.getByRole('img', { name: 'Your image' })).toHaveAttribute('src', imagePath);
      await shot(page, 'cart-lines', viewport.width);

      // A shirt is not customisable: no section, and its Add to cart works as before.
      await page.goto(`${base}/product/linen-camp-shirt`);
      await waitForHydration(page);
      await addButton(page).waitFor();
      await expect(personalise(page)).toHaveCount(0);
      await expect(page.getByText('Personalise it')).toHaveCount(0);

      expect(unexpected(problems)).toEqual([]);
    });
  }

  test("a file the shop refuses shows the shop's message beside the picker, and Add to cart still works", async ({
    page,
    shop,
  }) => {
    const problems = await watchForProblems(page);
    await page.goto(`${shop.baseUrl}/product/stoneware-coffee-mug`);
    await waitForHydration(page);
    const section = personalise(page);
    await openPersonalise(page);
    // Called a PNG, but not an image: the shop reads the bytes.
    await section.getByTestId('custom-photo-input').setInputFiles({
      name: 'not-a-photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image'),
    });
    await section.locator('[data-field-error]', { hasText: 'Please upload a JPEG, PNG or WebP image' }).waitFor();
    await expect(section.getByRole('button', { name: /Add a photo/ })).toBeEnabled();
    await expect(section.locator('input[name="image_path"]')).toHaveValue('');
    await section.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await shot(page, 'photo-refused', DESKTOP.width);

    // A type the browser can tell is wrong is refused before anything is sent.
    let uploads = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/cart/customisation-image') uploads++;
    });
    await section.getByTestId('custom-photo-input').setInputFiles({
      name: 'anim.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await section.locator('[data-field-error]', { hasText: 'Please upload a JPEG, PNG or WebP image' }).waitFor();
    expect(uploads).toBe(0);

    await addButton(page).click();
    await drawer(page).locator('[data-cart-line][data-added="true"]', { hasText: MUG }).waitFor();
    expect(problems.filter((p) => p.startsWith('http 422')).length).toBe(1);
    expect(unexpected(problems)).toEqual([]);
  });

  test('without JavaScript the name is still added; the photo says it needs JavaScript', async ({ newPage, shop }) => {
    // Chromium with script execution switched off still parses <noscript> as text, so the note
    // is checked in the served HTML: a browser without JavaScript renders it.
    const html = await (await fetch(`${shop.baseUrl}/product/stoneware-coffee-mug`)).text();
    expect(html).toMatch(
      /<noscript><p [^>]*>Adding a photo needs JavaScript\. Your text is added without it\.<\/p><\/noscript>/,
    );

    // A tab that runs no JavaScript, on a first visit (no cookie choice made).
    const page = await newPage(DESKTOP, { cookieChoice: null, javaScriptEnabled: false });
    await page.goto(`${shop.baseUrl}/product/stoneware-coffee-mug`);
    const section = personalise(page);
    // The folded section opens without JavaScript too (a <details>).
    await section.locator('summary').click();
    await expect(section.getByRole('button', { name: /Add a photo/ })).toBeDisabled();
    await section.getByLabel('Name or message (optional)').fill('Meera');
    await addButton(page).click();
    await page.waitForURL((url) => url.pathname === '/cart');
    await page.locator('main [data-cart-lines] [data-cart-line]', { hasText: '“Meera”' }).waitFor();
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width}x${viewport.height}: Add to cart is in view without scrolling; the folded section says what is chosen`, async ({
      page,
      shop,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${shop.baseUrl}/product/stoneware-coffee-mug`);
      await waitForHydration(page);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await tappableInView(addButton(page))).toBe(true);

      // Opened, the text typed shows in the line once it is folded again.
      await openPersonalise(page);
      await personalise(page).getByLabel('Name or message (optional)').fill('Asha');
      await personalise(page).locator('summary').click();
      await expect(personalise(page).getByTestId('personalise-summary')).toHaveText('“Asha”');
      // A text the shop refuses (longer than the field allows, sent by a page whose limit was
      // removed): the section opens with the message at its field.
      await openPersonalise(page);
      const text = personalise(page).getByLabel('Name or message (optional)');
      await text.evaluate((input: HTMLInputElement) => input.removeAttribute('maxlength'));
      await text.fill('x'.repeat(MAX_CUSTOM_TEXT + 1));
      await personalise(page).locator('summary').click();
      await expect.poll(() => personalise(page).evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
      await addButton(page).click();
      await expect.poll(() => personalise(page).evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
      const error = personalise(page).locator('[data-field-error]').first();
      await error.waitFor();
      await expect(error).toHaveText(/\S/);
      await expect(text).toHaveAttribute('aria-invalid', 'true');
    });
  }

  test('the contract refuses customisation of a product that does not allow it', async ({ shop }) => {
    // The storefront never offers it there; another client sending it gets the reason.
    const base = shop.baseUrl;
    const shirt = (await (await fetch(`${base}/api/product/single-product/linen-camp-shirt`)).json()) as {
      data: { product: { is_customisation_enabled: boolean }; variants: { id: string; is_default: boolean }[] };
    };
    expect(shirt.data.product.is_customisation_enabled).toBe(false);
    const res = await fetch(`${base}/api/cart/add-item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'shopfront', origin: base },
      body: JSON.stringify({
        product_id: shirt.data.variants.find((v) => v.is_default)!.id,
        additonal_data: { custom_text: 'Asha' },
      }),
    });
    expect(res.status).toBe(422);
    await expect(res.json()).resolves.toMatchObject({ message: cartMessages.customisationOff });
  });
});
