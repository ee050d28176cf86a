import sharp from 'sharp';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shot, testStaff, toastSays } from './support/admin.ts';
import { expect, test } from './support/test.ts';

/*
 * Search and sharing (issue 25): the owner fills the card on the setup screen on a phone and a
 * desktop (a title over 70 characters told beside it with its count), uploads the sharing picture
 * and the favicon, sees the preview follow, saves, and the storefront's home page then has the new
 * <title>, description, og:image and icons.
 * SHOTS_DIR=/work/shots/seo keeps a screenshot of each at 390 and 1280 px.
 */
const OWNER = testStaff('Kavya Nair', 'owner');

test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

/** A picture as a shop owner has one: a wide banner, and a logo on a transparent ground. */
const banner = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 31, g: 111, b: 92 } } })
    .jpeg()
    .toBuffer();
const logo = () =>
  sharp({ create: { width: 400, height: 400, channels: 4, background: { r: 201, g: 119, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();

test.describe('Search and sharing', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: the owner fills the card, saves, and the storefront's head follows`, async ({
      page,
      newPage,
      shop,
    }) => {
      const problems = await openPanel(page, `${shop.baseUrl}/admin/setup`, OWNER, viewport);
      const card = page.getByRole('link', { name: 'Search and sharing: change' });
      await card.waitFor();
      await shot(page, 'seo-setup-overview');
      await card.click();
      await page.getByRole('heading', { name: 'Search and sharing', level: 1 }).waitFor();

      const title = `Loom & Leaf – linen, stoneware and plants (${viewport.width})`;
      const description =
        'Natural linen, hand-thrown stoneware and easy houseplants, made in India. Free shipping above ₹999.';
      await page.getByLabel('Home page title').fill('x'.repeat(71));
      await page.getByText('71/70').waitFor();
      await page.getByTestId('search-sharing').getByRole('button', { name: 'Save' }).click();
      await page.getByText('The value length should not exceed 70').waitFor();
      // A long word in the preview wraps: the page never scrolls sideways on a phone.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(viewport.width);
      await shot(page, 'seo-title-too-long');

      await page.getByLabel('Home page title').fill(title);
      await page.getByLabel('Description').fill(description);
      await page.getByText(`${description.length}/160`).waitFor();
      const shareInput = page.getByLabel('Picture of a shared link: address');
      const iconInput = page.getByLabel('Favicon: address');
      // The second run starts from the first one's pictures: wait for the new addresses.
      const [oldShare, oldIcon] = [await shareInput.inputValue(), await iconInput.inputValue()];
      await page.getByLabel('Picture of a shared link: upload').setInputFiles({
        name: 'banner.jpg',
        mimeType: 'image/jpeg',
        buffer: await banner(),
      });
      await page
        .getByLabel('Favicon: upload')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logo() });
      await expect.poll(() => shareInput.inputValue()).not.toBe(oldShare);
      await expect.poll(() => iconInput.inputValue()).not.toBe(oldIcon);
      await expect(shareInput).toHaveValue(/^\/media\/brand\/share-[0-9a-f]+\.jpg$/);
      await expect(iconInput).toHaveValue(/^\/media\/brand\/favicon-[0-9a-f]+-32\.png$/);
      const share = await shareInput.inputValue();
      const icon = await iconInput.inputValue();

      const preview = page.getByTestId('search-sharing-preview');
      await expect(preview.getByTestId('preview-title')).toHaveText(title);
      await preview.getByText(description).first().waitFor();
      await preview.locator(`img[src="${share}"]`).waitFor();
      await page.getByTestId('search-sharing').getByRole('button', { name: 'Save' }).click();
      await toastSays(page, 'Search and sharing saved');
      await shot(page, 'seo-saved');
      expect(await axeProblems(page)).toEqual([]);
      // Before signing in the panel asks who is signed in (401): nothing else may fail.
      expect(problems.filter((p) => !/401/.test(p))).toEqual([]);

      // The storefront's home page, at once.
      const home = await newPage(viewport);
      await home.goto(`${shop.baseUrl}/`);
      await expect(home).toHaveTitle(title);
      await expect(home.locator('meta[name="description"]').first()).toHaveAttribute('content', description);
      await expect(home.locator('meta[property="og:image"]').first()).toHaveAttribute(
        'content',
        new RegExp(`^https?://[^/]+${share}$`),
      );
      await expect(home.locator('link[rel="icon"]').first()).toHaveAttribute('href', icon);
      const touch = icon.replace('-32.png', '-180.png');
      await expect(home.locator('link[rel="apple-touch-icon"]').first()).toHaveAttribute('href', touch);
      // The files are served.
      for (const url of [share, icon, touch]) {
        expect((await home.request.get(`${shop.baseUrl}${url}`)).status(), url).toBe(200);
      }
    });
  }
});
