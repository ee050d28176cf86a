import type { FrameLocator, Page } from '@playwright/test';
import { axeProblems, shot, shotScreen, toastSays } from './support/admin.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The menu editor (issue 28): the owner adds an item to the header's menu linking a collection,
 * moves it up with the keyboard, nests it under About Us (Move in), sees it in the framed shop
 * before saving (a shopper does not), saves, and the shopper's header has it. At 1280 px the
 * editor is opened from the preview's Edit Header and checked with axe; at 390 px from the Menus
 * screen, the preview a tab. SHOTS_DIR=/work/shots/menus keeps a screenshot of each screen.
 * The FAQ editor beside it (Content → FAQs, a list with the same reordering) has one journey at
 * 390 px: a question added, moved by keyboard and Move up, removed and undone, saved, and on the
 * storefront's FAQ page in its place. The slider editor (Content → Sliders, the same list) has one
 * at 390 px too: a slide retitled, moved down, saved, and the storefront home's hero has them in
 * that order; then its screens at 1280 px for the screenshots.
 */
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

const preview = (page: Page): FrameLocator => page.frameLocator('[data-testid="preview-frame"]');
/** The editor's rows in order, a sub-item indented by two spaces. */
const listRows = (page: Page) =>
  page
    .getByTestId('menu-items')
    .locator('[data-depth]')
    .evaluateAll((rows) =>
      rows.map((r) => `${r.getAttribute('data-depth') === '1' ? '  ' : ''}${r.getAttribute('data-testid')!.slice(5)}`),
    );
/** Only the sign-in page's "who is signed in?" (401). */
const unexpected = (problems: string[]) =>
  problems.filter((p) => !/http 401: \/api\/admin\/auth\/me|status of 401/.test(p));

/**
 * Adds `label` linking the New Arrivals collection, moves it one place up with the keyboard (its
 * handle, Enter, arrows up through the drop positions: after itself, before itself, before the
 * item above; Enter), then Move in nests it as About Us's last sub-item.
 */
async function addNestedItem(page: Page, label: string) {
  await expect(page.getByTestId('item-Shipping & Returns')).toBeVisible();
  const before = await listRows(page);
  expect(before.slice(-1)).toEqual(['Shipping & Returns']);
  await page.getByTestId('add-item').click();
  await page.getByTestId('item-label').fill(label);
  await page.getByTestId('item-link-type').selectOption('collection');
  await page.getByTestId('item-link').selectOption('new-arrivals');
  await expect.poll(() => listRows(page)).toEqual([...before, label]);

  await page.getByTestId(`drag-${label}`).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect.poll(() => listRows(page)).toEqual([...before.slice(0, -1), label, 'Shipping & Returns']);

  await page.getByTestId('move-in').click();
  await expect.poll(() => listRows(page)).toEqual([...before.slice(0, -1), `  ${label}`, 'Shipping & Returns']);
  await expect(page.getByTestId('menu-status')).toContainText('Unsaved changes');
}

/** The shopper's header links `label` to the collection. */
async function shopperSees(newPage: () => Promise<Page>, baseUrl: string, label: string) {
  const shopper = await newPage();
  await shopper.goto(`${baseUrl}/`);
  await shopper.getByRole('button', { name: 'More in About Us' }).click();
  await expect(shopper.getByRole('link', { name: label })).toHaveAttribute('href', '/product-collection/new-arrivals');
  return shopper;
}

test.describe('the menu editor', () => {
  test('at 1280 px: Edit Header opens it; add a nested item, see it in the preview, move it by keyboard, save', async ({
    shop,
    owner,
    newPage,
  }) => {
    test.setTimeout(240_000);
    const { page, problems } = owner;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${shop.baseUrl}/admin/theme`);
    await preview(page).getByRole('button', { name: 'Edit Header' }).click();
    await expect(page).toHaveURL(/\/admin\/menus\/main-menu$/);
    await page.getByRole('heading', { level: 1, name: 'Header menu' }).waitFor();

    await addNestedItem(page, 'Gift guide');
    // In the preview at once, under About Us; a shopper does not see it yet.
    await preview(page).getByRole('button', { name: 'More in About Us' }).click();
    await expect(preview(page).getByRole('link', { name: 'Gift guide' })).toBeVisible();
    const shopper = await newPage();
    await shopper.goto(`${shop.baseUrl}/`);
    await expect(shopper.getByRole('button', { name: 'More in About Us' })).toBeVisible();
    await expect(shopper.getByRole('link', { name: 'Gift guide' })).toHaveCount(0);
    await shotScreen(page, 'menus-editor');
    expect(await axeProblems(page)).toEqual([]);

    await page.getByTestId('save').click();
    await toastSays(page, 'Menu saved');
    await expect(page.getByTestId('menu-status')).toHaveText('Saved: shoppers see this menu.');
    await shopperSees(newPage, shop.baseUrl, 'Gift guide');
    expect(unexpected(problems)).toEqual([]);
  });

  test('at 390 px: from the Menus screen, the preview a tab; the same journey, and a removal undone', async ({
    shop,
    owner,
    newPage,
  }) => {
    test.setTimeout(180_000);
    const { page, problems } = owner;
    await page.setViewportSize(MOBILE);
    await page.goto(`${shop.baseUrl}/admin/menus`);
    await expect(page.getByTestId('menu-list').getByRole('listitem')).toHaveCount(3);
    await shot(page, 'menus-list');
    await page.getByTestId('menu-main-menu').click();
    await page.getByRole('heading', { level: 1, name: 'Header menu' }).waitFor();
    await expect(page.getByTestId('preview-frame')).toBeHidden();

    await addNestedItem(page, 'Gift box');
    await shotScreen(page, 'menus-editor');
    await page.getByTestId('tab-preview').click();
    await expect(preview(page).locator('header a', { hasText: 'Gift box' }).first()).toBeAttached();
    await shotScreen(page, 'menus-preview');
    await page.getByTestId('tab-edit').click();

    // Removed, then put back by Undo where it was.
    await page.getByTestId('remove-item').click();
    await toastSays(page, '“Gift box” removed');
    await expect(page.getByTestId('item-Gift box')).toHaveCount(0);
    await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await listRows(page)).slice(-2)).toEqual(['  Gift box', 'Shipping & Returns']);
    expect(await axeProblems(page)).toEqual([]);

    await page.getByTestId('save').click();
    await toastSays(page, 'Menu saved');
    await shopperSees(newPage, shop.baseUrl, 'Gift box');
    expect(unexpected(problems)).toEqual([]);
  });
});

/** The rows of a SortableList (the FAQ editor's questions, a slider's slides) in order. */
const sortedRows = (page: Page, list: string) =>
  page
    .getByTestId(list)
    .locator('[data-testid^="row-"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice(4)));

test('the FAQ editor at 390 px: add a question, move it by keyboard and Move up, undo a removal, save; the FAQ page shows it', async ({
  shop,
  owner,
  newPage,
}) => {
  test.setTimeout(180_000);
  const { page, problems } = owner;
  await page.setViewportSize(MOBILE);
  await page.goto(`${shop.baseUrl}/admin/faqs`);
  await expect(page.getByTestId('faq-shopping-help')).toContainText('shown by FAQ');
  await shot(page, 'faqs-list');
  await page.getByTestId('faq-shopping-help').click();
  await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
  await expect.poll(async () => (await sortedRows(page, 'faq-items')).length).toBeGreaterThanOrEqual(6);
  const before = await sortedRows(page, 'faq-items');

  const q = 'Do you gift wrap?';
  await page.getByTestId('add-question').click();
  await page.getByTestId('question').fill(q);
  await page.getByTestId('answer').fill('Yes: choose <gift wrap> at checkout.');
  await expect.poll(() => sortedRows(page, 'faq-items')).toEqual([...before, q]);
  // Keyboard: the handle, Enter, up past its own drop positions to before the question above, Enter.
  await page.getByTestId(`drag-${q}`).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect.poll(() => sortedRows(page, 'faq-items')).toEqual([...before.slice(0, -1), q, before.at(-1)]);
  await page.getByTestId('move-up').click();
  const placed = [...before.slice(0, -2), q, ...before.slice(-2)];
  await expect.poll(() => sortedRows(page, 'faq-items')).toEqual(placed);

  await page.getByTestId('remove-question').click();
  await toastSays(page, `“${q}” removed`);
  await expect(page.getByTestId(`row-${q}`)).toHaveCount(0);
  await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => sortedRows(page, 'faq-items')).toEqual(placed);
  await expect(page.getByTestId('faq-status')).toContainText('Unsaved changes');
  await shotScreen(page, 'faq-editor');
  expect(await axeProblems(page)).toEqual([]);

  await page.getByTestId('save').click();
  await toastSays(page, 'FAQ saved');
  await expect(page.getByTestId('faq-status')).toHaveText('Saved: shoppers see these questions.');
  const shopper = await newPage();
  await shopper.goto(`${shop.baseUrl}/faq`);
  await expect(shopper.getByRole('region', { name: 'Frequently asked questions' }).locator('summary')).toHaveText(
    placed,
  );
  await shopper.getByText(q).click();
  await expect(shopper.getByText('Yes: choose <gift wrap> at checkout.')).toBeVisible();
  expect(unexpected(problems)).toEqual([]);
});

test('the slider editor at 390 px: retitle a slide, move it down, save; the home page hero shows them in order', async ({
  shop,
  owner,
  newPage,
}) => {
  test.setTimeout(180_000);
  const { page, problems } = owner;
  await page.setViewportSize(MOBILE);
  await page.goto(`${shop.baseUrl}/admin/sliders`);
  await expect(page.getByTestId('slider-home-hero')).toContainText('2 slides · shown by Home page');
  await shot(page, 'sliders-list');
  await page.getByTestId('slider-home-hero').click();
  await page.getByRole('heading', { level: 1, name: 'Home hero' }).waitFor();
  const [first, second] = ['Linen for long summers', 'Studio ceramics'];
  await expect.poll(() => sortedRows(page, 'slider-slides')).toEqual([first, second]);

  const title = 'Linen <for> the monsoon';
  await page.getByTestId(`row-${first}`).click();
  await page.getByTestId('slide-title').fill(title);
  await page.getByTestId('move-down').click();
  await expect.poll(() => sortedRows(page, 'slider-slides')).toEqual([second, title]);
  await expect(page.getByTestId('slider-status')).toContainText('Unsaved changes');
  await shotScreen(page, 'slider-editor');
  expect(await axeProblems(page)).toEqual([]);

  await page.getByTestId('save').click();
  await toastSays(page, 'Slider saved');
  await expect(page.getByTestId('slider-status')).toHaveText('Saved: shoppers see these slides.');
  const shopper = await newPage();
  await shopper.setViewportSize(MOBILE);
  await shopper.goto(shop.baseUrl);
  await expect(shopper.locator('.hero-slider h2')).toHaveText([second, title]);
  await shotScreen(shopper, 'slider-home');

  await page.setViewportSize(DESKTOP);
  await page.getByTestId(`row-${title}`).click();
  await shotScreen(page, 'slider-editor');
  await page.getByRole('link', { name: 'All sliders' }).click();
  await shot(page, 'sliders-list');
  expect(unexpected(problems)).toEqual([]);
});
