/**
 * Screenshots of services mode's shopper screens at 390 px and 1280 px, for a human to look at:
 * `npm run build && npx tsx tests/e2e/support/services-screenshots.ts [outDir]`. The services
 * demo (SEED_DEMO=services): a service page, the apply form (empty, then refused), the
 * confirmation, "Track an application", a tracking page, My Applications and an application with
 * a message and an open document request.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { DESKTOP, MOBILE, launchBrowser, newPage, waitForHydration } from './browser.ts';
import { registerCustomer } from './customers.ts';
import { startShop } from './server.ts';
import { PDF, SERVICES_SHOP, ownerRequestsDocument } from './services.ts';

const outDir = process.argv[2] ?? '/tmp/shots-services';
mkdirSync(outDir, { recursive: true });
const shop = await startShop(SERVICES_SHOP);
const browser = await launchBrowser();
const base = shop.baseUrl;

try {
  for (const viewport of [MOBILE, DESKTOP]) {
    const page = await newPage(browser, viewport);
    const shot = async (name: string, fullPage = false) => {
      await page.waitForTimeout(400);
      const file = path.join(outDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    };

    await page.goto(`${base}/product/gst-registration`);
    await waitForHydration(page);
    await shot('service');
    await shot('service-full', true);
    await page.goto(`${base}/product/visa-application`);
    await waitForHydration(page);
    await shot('service-quote');

    // A guest applies: refused first, then sent.
    await page.goto(`${base}/apply/passport-application`);
    await waitForHydration(page);
    await shot('apply-full', true);
    await page.getByLabel('Application', { exact: true }).selectOption('Fresh passport');
    await page
      .getByLabel('Aadhaar card')
      .setInputFiles({ name: 'a.pdf', mimeType: 'application/pdf', buffer: Buffer.from('x') });
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await shot('apply-refused-full', true);
    await page.getByLabel('Date of birth').fill('1990-04-12');
    await page
      .getByLabel('Aadhaar card')
      .setInputFiles({ name: 'aadhaar.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByLabel('Full name').fill('Asha Kulkarni');
    await page.getByLabel('Phone').fill('9822012345');
    await page.getByRole('button', { name: 'Send application' }).click();
    const number = (await page.getByTestId('application-number').textContent())!.trim();
    await shot('apply-sent');

    await page.goto(`${base}/track-order`);
    await waitForHydration(page);
    await shot('track-find');
    await page.getByLabel('Application number').fill(number);
    await page.getByLabel('Phone or e-mail').fill('9822012345');
    await page.getByRole('button', { name: 'Track application' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/track-application/'));
    await waitForHydration(page);
    await shot('tracking-full', true);

    // A signed-in customer: applies, then My Applications and the application with a request.
    const customer = await registerCustomer(base, 'Neha');
    await page.context().request.post(`${base}/api/auth/login`, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { email: customer.email, password: customer.password },
    });
    await page.goto(`${base}/apply/udyam-registration`);
    await waitForHydration(page);
    await page.getByLabel('Name of the enterprise').fill('Kulkarni Tiffin Services');
    await page.getByLabel('Date of starting the business').fill('2024-06-01');
    await page.getByLabel('Number of employees').fill('4');
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.getByRole('link', { name: 'Follow your application' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/account/applications/'));
    await waitForHydration(page);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByLabel('Write to us').fill('Do you need my bank details as well?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByTestId('application-messages').waitFor();
    await ownerRequestsDocument(base, id, 'Bank statement of the last 3 months');
    await page.reload();
    await waitForHydration(page);
    await shot('application-full', true);
    await page.goto(`${base}/account/applications`);
    await waitForHydration(page);
    await shot('my-applications');
    await page.close();
  }
} finally {
  await browser.close();
  await shop.stop();
}
