import type { FrameLocator, Page, Request } from '@playwright/test';
import { DESKTOP, MOBILE, waitForHydration } from './support/browser.ts';
import { axeProblems, shotScreen, toastSays } from './support/admin.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * History for a FAQ group, a slider, a form and a testimonial (issue 28), at 390 and 1280 px: the
 * owner saves a question (a slide's title, a form's button label, a testimonial's quote) twice
 * (the second question with the group's title, the second slide with the slider's name: one
 * request, one version holding both), opens History, previews the first save (the frame shows it,
 * a shopper still the second), restores it and saves (again one request): the shopper sees the
 * first again. axe on the list and on the previewing view. SHOTS_DIR=/work/shots/a keeps
 * history-faq-390.png and the others.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

const preview = (page: Page): FrameLocator => page.frameLocator('[data-testid="preview-frame"]');
const phone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

/** Only the sign-in page's "who is signed in?" (401). */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/http 401: \/api\/admin\/auth\/me|status of 401/.test(p));

/** Opens the list's first row and sets its text field (and `also`, a field outside the list), then saves. */
async function saveFirstRow(
  page: Page,
  list: string,
  field: string,
  text: string,
  saved: string,
  also?: { field: string; text: string },
) {
  await page.getByTestId(list).locator('[data-testid^="row-"]').first().click();
  await page.getByTestId(field).fill(text);
  if (also) await page.getByTestId(also.field).fill(also.text);
  await page.getByTestId('save').click();
  await toastSays(page, saved);
}

/** The writes (method and path) the page sends under `path` while `act` runs. */
async function writesDuring(page: Page, path: string, act: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const note = (r: Request) => {
    const at = new URL(r.url()).pathname;
    if (r.method() !== 'GET' && at.startsWith(path)) seen.push(`${r.method()} ${at}`);
  };
  page.on('request', note);
  try {
    await act();
  } finally {
    page.off('request', note);
  }
  return seen;
}

/**
 * History: the list (shot, axe), then Preview of the save before the newest (shot, axe). `summary`
 * is that save's summary, `newest` the newest's when given.
 */
async function previewEarlier(page: Page, shot: string, summary: RegExp, newest?: RegExp) {
  await page.getByTestId('show-history').click();
  await expect(page.getByTestId('version-0')).toContainText('Live');
  if (newest) await expect(page.getByTestId('version-0')).toContainText(newest);
  await expect(page.getByTestId('version-0')).toContainText(`By ${OWNER.name}`);
  await expect(page.getByTestId('version-1')).toContainText(summary);
  await page.getByTestId('history').scrollIntoViewIfNeeded();
  await shotScreen(page, shot);
  expect(await axeProblems(page)).toEqual([]);
  await page.getByTestId('preview-version-1').click();
  await expect(page.getByTestId('previewing-version')).toContainText('Previewing the version of');
  if (phone(page)) await expect(page.getByTestId('preview-frame')).toBeVisible();
}

/**
 * Restore from the previewing bar, then Save: `restored` checks the form has the old text, and
 * `status` (when the editor has a save bar) says the changes are unsaved.
 */
async function restoreAndSave(
  page: Page,
  {
    status,
    restored,
    save = 'save',
    saved,
  }: { status?: string; restored: () => Promise<void>; save?: string; saved: string },
) {
  await page.getByTestId('restore-previewed').click();
  await expect(page.getByTestId('previewing-version')).toHaveCount(0);
  if (phone(page)) await page.getByTestId('tab-edit').click();
  if (status) await expect(page.getByTestId(status)).toContainText('Unsaved changes');
  await restored();
  await page.getByTestId(save).click();
  await toastSays(page, saved);
}

/** A version's summary in History: its name or title, how many (`noun`, a pattern), and its first text. */
const summaryOf = (title: string, noun: string, text: string) => {
  const literal = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${literal(title)} · \\d+ ${noun} · “${literal(text)}”`);
};

/** The row's locator exists: the list names the restored text. */
const rowNamed = (page: Page, name: string) => () => expect(page.getByTestId(`row-${name}`)).toHaveCount(1);

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`History of lists at ${viewport.width} px`, () => {
    test('a FAQ group: a question saved twice, the first previewed, restored and saved', async ({
      shop,
      owner,
      newPage,
    }) => {
      test.setTimeout(180_000);
      const { page, problems } = owner;
      await page.setViewportSize(viewport);
      const [first, second] = [`First question ${viewport.width}?`, `Second question ${viewport.width}?`];
      await page.goto(`${shop.baseUrl}/admin/faqs/shopping-help`);
      await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
      const [title, renamed] = ['Frequently asked questions', `Help ${viewport.width}`];
      await saveFirstRow(page, 'faq-items', 'question', first, 'FAQ saved');
      // The title and a question changed: one Save is one request, one version holding both.
      const items = ['PUT /api/admin/faqs/shopping-help/items'];
      expect(
        await writesDuring(page, '/api/admin/faqs/', () =>
          saveFirstRow(page, 'faq-items', 'question', second, 'FAQ saved', { field: 'faq-title', text: renamed }),
        ),
      ).toEqual(items);
      const shopper = await newPage(viewport);
      await shopper.goto(`${shop.baseUrl}/faq`);
      await waitForHydration(shopper);
      await expect(shopper.locator('summary', { hasText: second })).toBeVisible();

      await previewEarlier(
        page,
        'history-faq',
        summaryOf(title, 'questions?', first),
        summaryOf(renamed, 'questions?', second),
      );
      await expect(preview(page).locator('summary', { hasText: first })).toBeVisible();
      await expect(preview(page).locator('summary', { hasText: second })).toHaveCount(0);
      await shotScreen(page, 'history-faq-previewing');
      expect(await axeProblems(page)).toEqual([]);
      // Previewing changes nothing for shoppers.
      await shopper.reload();
      await expect(shopper.locator('summary', { hasText: second })).toBeVisible();
      await expect(shopper.locator('summary', { hasText: first })).toHaveCount(0);

      const restored = async () => {
        await rowNamed(page, first)();
        await expect(page.getByTestId('faq-title')).toHaveValue(title);
      };
      expect(
        await writesDuring(page, '/api/admin/faqs/', () =>
          restoreAndSave(page, { status: 'faq-status', restored, saved: 'FAQ saved' }),
        ),
      ).toEqual(items);
      await shopper.reload();
      await expect(shopper.locator('summary', { hasText: first })).toBeVisible();
      await expect(shopper.locator('summary', { hasText: second })).toHaveCount(0);
      expect(unexpected(problems)).toEqual([]);
    });

    test('a slider: a slide title saved twice, the first previewed, restored and saved', async ({
      shop,
      owner,
      newPage,
    }) => {
      test.setTimeout(180_000);
      const { page, problems } = owner;
      await page.setViewportSize(viewport);
      const [first, second] = [`First slide ${viewport.width}`, `Second slide ${viewport.width}`];
      await page.goto(`${shop.baseUrl}/admin/sliders/home-hero`);
      await page.getByRole('heading', { level: 1, name: 'Home hero' }).waitFor();
      const [name, renamed] = ['Home hero', `Hero ${viewport.width}`];
      await saveFirstRow(page, 'slider-slides', 'slide-title', first, 'Slider saved');
      // The name and a slide changed: one Save is one request, one version holding both.
      const slides = ['PUT /api/admin/sliders/home-hero/slides'];
      expect(
        await writesDuring(page, '/api/admin/sliders/', () =>
          saveFirstRow(page, 'slider-slides', 'slide-title', second, 'Slider saved', {
            field: 'slider-name',
            text: renamed,
          }),
        ),
      ).toEqual(slides);
      const shopper = await newPage(viewport);
      await shopper.goto(`${shop.baseUrl}/`);
      await waitForHydration(shopper);
      const slideTitled = (target: Page | FrameLocator, title: string) =>
        target.locator('.hero-slider h2', { hasText: title });
      await expect(slideTitled(shopper, second)).toHaveCount(1);

      await previewEarlier(
        page,
        'history-slider',
        summaryOf(name, 'slides?', first),
        summaryOf(renamed, 'slides?', second),
      );
      await expect(slideTitled(preview(page), first)).toHaveCount(1);
      await expect(slideTitled(preview(page), second)).toHaveCount(0);
      await shotScreen(page, 'history-slider-previewing');
      expect(await axeProblems(page)).toEqual([]);
      await shopper.reload();
      await expect(slideTitled(shopper, second)).toHaveCount(1);
      await expect(slideTitled(shopper, first)).toHaveCount(0);

      const restored = async () => {
        await rowNamed(page, first)();
        await expect(page.getByTestId('slider-name')).toHaveValue(name);
      };
      expect(
        await writesDuring(page, '/api/admin/sliders/', () =>
          restoreAndSave(page, { status: 'slider-status', restored, saved: 'Slider saved' }),
        ),
      ).toEqual(slides);
      await shopper.reload();
      await expect(slideTitled(shopper, first)).toHaveCount(1);
      await expect(slideTitled(shopper, second)).toHaveCount(0);
      expect(unexpected(problems)).toEqual([]);
    });

    test('a form: its button label saved twice, the first previewed, restored and saved', async ({
      shop,
      owner,
      newPage,
    }) => {
      test.setTimeout(180_000);
      const { page, problems } = owner;
      await page.setViewportSize(viewport);
      const [first, second] = [`First label ${viewport.width}`, `Second label ${viewport.width}`];
      await page.goto(`${shop.baseUrl}/admin/forms/contact`);
      await page.getByRole('heading', { level: 1, name: 'Contact us' }).waitFor();
      const label = page.getByTestId('form-submit-label');
      for (const text of [first, second]) {
        await label.fill(text);
        await page.getByTestId('save').click();
        await toastSays(page, 'Form saved');
      }
      const button = (target: Page | FrameLocator, name: string) =>
        target.getByRole('region', { name: 'Send us a message' }).getByRole('button', { name });
      const shopper = await newPage(viewport);
      await shopper.goto(`${shop.baseUrl}/contact-us`);
      await waitForHydration(shopper);
      await expect(button(shopper, second)).toBeVisible();

      await previewEarlier(page, 'history-form', /Contact us · \d+ fields?/);
      await expect(button(preview(page), first)).toBeVisible();
      await expect(button(preview(page), second)).toHaveCount(0);
      await shotScreen(page, 'history-form-previewing');
      expect(await axeProblems(page)).toEqual([]);
      await shopper.reload();
      await expect(button(shopper, second)).toBeVisible();
      await expect(button(shopper, first)).toHaveCount(0);

      await restoreAndSave(page, {
        status: 'form-status',
        restored: () => expect(label).toHaveValue(first),
        saved: 'Form saved',
      });
      await shopper.reload();
      await expect(button(shopper, first)).toBeVisible();
      await expect(button(shopper, second)).toHaveCount(0);
      expect(unexpected(problems)).toEqual([]);
    });

    test('a testimonial: its quote saved twice, the first previewed, restored and saved', async ({
      shop,
      owner,
      newPage,
    }) => {
      test.setTimeout(180_000);
      const { page, problems } = owner;
      await page.setViewportSize(viewport);
      const [first, second] = [`A first quote at ${viewport.width} px.`, `A second quote at ${viewport.width} px.`];
      await page.goto(`${shop.baseUrl}/admin/testimonials`);
      await page.getByRole('heading', { level: 1, name: 'Testimonials' }).waitFor();
      await page.getByTestId('testimonial-list').locator('[data-testid^="row-"]').first().click();
      const quote = page.getByTestId('t-quote');
      for (const text of [first, second]) {
        await quote.fill(text);
        await page.getByTestId('save-testimonial').click();
        await toastSays(page, 'Testimonial saved');
      }
      const quoted = (target: Page | FrameLocator, text: string) => target.locator('blockquote', { hasText: text });
      const shopper = await newPage(viewport);
      await shopper.goto(`${shop.baseUrl}/`);
      await waitForHydration(shopper);
      await expect(quoted(shopper, second)).toHaveCount(1);

      await previewEarlier(page, 'history-testimonial', new RegExp(`· “${first}”`));
      await expect(quoted(preview(page), first)).toHaveCount(1);
      await expect(quoted(preview(page), second)).toHaveCount(0);
      await shotScreen(page, 'history-testimonial-previewing');
      expect(await axeProblems(page)).toEqual([]);
      await shopper.reload();
      await expect(quoted(shopper, second)).toHaveCount(1);
      await expect(quoted(shopper, first)).toHaveCount(0);

      await restoreAndSave(page, {
        restored: () => expect(quote).toHaveValue(first),
        save: 'save-testimonial',
        saved: 'Testimonial saved',
      });
      await shopper.reload();
      await expect(quoted(shopper, first)).toHaveCount(1);
      await expect(quoted(shopper, second)).toHaveCount(0);

      // Over unsaved typing, Restore asks first: refused, the typing stays; accepted, the version is in.
      await quote.fill('Typed, not saved.');
      await page.getByTestId('show-history').click();
      await expect(page.getByTestId('version-1')).toContainText(second);
      page.once('dialog', (d) => void d.dismiss());
      await page.getByTestId('restore-version-1').click();
      await expect(quote).toHaveValue('Typed, not saved.');
      // The list closes either way: open it again.
      await page.getByTestId('show-history').click();
      page.once('dialog', (d) => {
        expect(d.message()).toBe('Restoring replaces your unsaved changes. Restore this version?');
        void d.accept();
      });
      await page.getByTestId('restore-version-1').click();
      await expect(quote).toHaveValue(second);
      expect(unexpected(problems)).toEqual([]);
    });
  });
}
