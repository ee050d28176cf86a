import type { Page } from '@playwright/test';
import { messages, storeStateMessages } from '@shopfront/shared';
import { DESKTOP, MOBILE, watchForProblems } from './support/browser.ts';
import { axeProblems, panelReady, shot, shotScreen, signIn, testStaff } from './support/admin.ts';
import { OWNER, expect, test, type Viewport } from './support/test.ts';

/*
 * The owner's panel (apps/admin) as staff use it, at 390 px and 1280 px: sign-in by password
 * and by the storefront's one-time link, the staff screen, the palette and shortcuts, and axe on
 * every screen. SHOTS_DIR=/work/shots/panel keeps a screenshot of each screen.
 */
const CLERK = testStaff('Arjun Rao', 'manager');

// A tuple: Playwright reads an array whose second item is an object as [value, options].
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [[OWNER, CLERK], { scope: 'test' }] });

/** Sizes `page` to `viewport`; answers its problems from now on. */
async function tab(page: Page, viewport: Viewport): Promise<string[]> {
  await page.setViewportSize(viewport);
  return watchForProblems(page);
}

/**
 * What signing in is expected to log: the panel's own "who am I?" answered 401 before, and a
 * wrong password or a spent link answered 401 (Chromium logs each failed load as a console error).
 */
const EXPECTED_401 = ['/api/admin/auth/me', '/api/admin/auth/login', '/api/admin/auth/exchange'];
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      !EXPECTED_401.some((path) => p === `http 401: ${path}`) &&
      !p.startsWith('console: Failed to load resource: the server responded with a status of 401'),
  );

/** A one-time Admin Panel link, as the storefront's button gets one for signed-in staff. */
async function adminLink(url: (p: string) => string, staff = OWNER): Promise<string> {
  const login = await fetch(url('/api/admin/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: staff.email, password: staff.password, session: 'bearer' }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const res = await fetch(url('/api/admin/auth/link-token'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { link: string } }).data.link;
}

test.describe('owner panel', () => {
  test('is served under /admin: the SPA page no-store with a hash CSP, hashed assets immutable', async ({ shop }) => {
    const url = (p: string) => `${shop.baseUrl}${p}`;
    const res = await fetch(url('/admin/orders/some/deep/path?x=1'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/style-src [^;]*unsafe-inline/);
    const html = await res.text();
    const asset = /\/admin\/assets\/[\w.-]+\.js/.exec(html)![0];
    const js = await fetch(url(asset), { headers: { 'accept-encoding': 'br, gzip' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-encoding')).toMatch(/br|gzip/);
    expect((await fetch(url('/admin/assets/gone-1234.js'))).status).toBe(404);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`signs in by password at ${viewport.width} px, and goes back where it was asked`, async ({ page, shop }) => {
      const url = (p: string) => `${shop.baseUrl}${p}`;
      const problems = await tab(page, viewport);
      await page.goto(url('/admin/activity'));
      await panelReady(page);
      await page.waitForURL(/\/admin\/login\?next=%2Factivity$/);
      await shot(page, 'login');
      expect(await axeProblems(page)).toEqual([]);
      // The shared schema's messages, beside each field, before anything is sent.
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId('staff-sign-in').getByText(messages.required).first().waitFor();
      // A wrong password: the API's answer.
      await page.getByLabel('E-mail address').fill(OWNER.email);
      await page.getByLabel('Password').fill('Wrong#Password1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByTestId('staff-sign-in-error').waitFor();
      await signIn(page, OWNER);
      await page.waitForURL(url('/admin/activity'));
      await page.getByRole('heading', { name: 'Activity' }).waitFor();
      await page.getByTestId('signed-in-as').getByText('Owner').waitFor();
      expect(unexpected(problems)).toEqual([]);
    });

    test(`lands from the storefront's Admin Panel link at ${viewport.width} px; a spent link asks for a password`, async ({
      page,
      shop,
    }) => {
      const url = (p: string) => `${shop.baseUrl}${p}`;
      const problems = await tab(page, viewport);
      const link = await adminLink(url);
      expect(link).toMatch(/^\/admin\/login\?token=sfa_/);
      await page.goto(url(link));
      await panelReady(page);
      await page.getByTestId('signed-in-as').getByText(OWNER.name).waitFor();
      // The token is spent and no longer in the address bar.
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await page.getByRole('heading', { name: /Hello, Meera/ }).waitFor();
      await shot(page, 'home');
      expect(await axeProblems(page)).toEqual([]);
      // The same link again, without a session: the expiry message and the sign-in form, token dropped.
      await page.context().clearCookies();
      await page.goto(url(link));
      await panelReady(page);
      await page.getByTestId('staff-sign-in-error').getByText(storeStateMessages.adminLinkExpired).waitFor();
      await page.waitForURL((u) => !u.search.includes('token'));
      expect(unexpected(problems)).toEqual([]);
    });
  }

  test('the staff screen: add a member (field messages from the schema and the API), change a role, deactivate with Undo', async ({
    page,
    shop,
  }) => {
    const url = (p: string) => `${shop.baseUrl}${p}`;
    const problems = await tab(page, DESKTOP);
    await page.goto(url('/admin/staff'));
    await panelReady(page);
    await signIn(page, OWNER);
    const list = page.getByTestId('staff-list');
    await list.getByText(CLERK.email).waitFor();
    await shot(page, 'staff');
    expect(await axeProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add staff' }).click();
    const form = page.getByTestId('add-staff-form');
    await form.getByLabel('Name').fill('Kavya Nair');
    await form.getByLabel('E-mail address').fill(CLERK.email);
    await form.getByLabel('First password').fill('short');
    await form.getByRole('button', { name: 'Add staff member' }).click();
    await form.getByText(messages.minLength(10)).waitFor();
    await shot(page, 'staff-add');
    expect(await axeProblems(page)).toEqual([]);
    await form.getByLabel('First password').fill('Sunrise#Counter9');
    await form.getByRole('button', { name: 'Add staff member' }).click();
    // The e-mail is taken: the API's answer (409) on the form.
    await form.getByText('A staff member with this e-mail already exists').waitFor();
    await form.getByLabel('E-mail address').fill('kavya.nair@example.test');
    await form.getByRole('button', { name: 'Add staff member' }).click();
    await list.getByText('kavya.nair@example.test').waitFor();

    // Deactivate Arjun, then Undo from the toast.
    const row = list.locator('li', { hasText: CLERK.email });
    const active = row.getByRole('switch');
    await expect(active).toBeChecked();
    await row.getByText('Active').click();
    await page.getByText('Staff member updated').waitFor();
    await row.getByText('Deactivated').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await row.getByText('Active', { exact: true }).waitFor();

    // Role: Kavya becomes an owner.
    const kavya = list.locator('li', { hasText: 'kavya.nair@example.test' });
    await kavya.getByLabel('Role of Kavya Nair').selectOption('owner');
    await page.getByText('Staff member updated').last().waitFor();
    await page.reload();
    await expect(kavya.getByLabel('Role of Kavya Nair')).toHaveValue('owner');

    // Rename: an empty name is refused at its field; a new one shows in the list.
    await kavya.getByRole('button', { name: 'Rename Kavya Nair' }).click();
    const rename = page.getByTestId('rename-staff-form');
    await rename.getByLabel('Name').fill('');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(rename.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await rename.getByLabel('Name').fill('Kavya Menon');
    await shot(page, 'staff-rename');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await expect(rename).toBeHidden();
    await expect(list.locator('li', { hasText: 'kavya.nair@example.test' })).toContainText('Kavya Menon');
    await page.reload();
    await expect(list.locator('li', { hasText: 'kavya.nair@example.test' })).toContainText('Kavya Menon');
    // The taken e-mail's 409 was expected; nothing else failed.
    expect(unexpected(problems).filter((p) => !p.includes('409'))).toEqual([]);
  });

  test('Ctrl+K finds pages and runs actions; ? lists the shortcuts; j/k move in a list', async ({ page, shop }) => {
    const url = (p: string) => `${shop.baseUrl}${p}`;
    await page.setViewportSize(DESKTOP);
    await page.goto(url('/admin/'));
    await panelReady(page);
    await signIn(page, OWNER);
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('palette');
    await palette.waitFor();
    await page.keyboard.type('plugins');
    // The filtered list settles before it is judged: the server's search has answered (a result
    // arriving mid-check re-renders the list under axe), and the field's active item exists.
    await expect(palette.locator('[aria-busy="false"]')).toHaveCount(1);
    await page.waitForFunction(() => {
      const input = document.querySelector('[data-testid="palette"] input');
      const ids = ['aria-activedescendant', 'aria-controls'].map((a) => input?.getAttribute(a)).filter(Boolean);
      return ids.every((id) => id!.split(' ').every((one) => document.getElementById(one)));
    });
    await shot(page, 'palette');
    expect(await axeProblems(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/admin/plugins'));
    await page.getByTestId('plugins-list').waitFor();
    await page.keyboard.press('j');
    await expect(page.locator('[data-list-index="0"][aria-current]')).toHaveCount(1);
    await page.keyboard.press('j');
    await expect(page.locator('[data-list-index="1"][aria-current]')).toHaveCount(1);
    await page.keyboard.press('k');
    await expect(page.locator('[data-list-index="0"][aria-current]')).toHaveCount(1);
    await page.keyboard.press('Shift+?');
    await page.getByTestId('shortcuts').getByText('Keyboard shortcuts').waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('sign out');
    await page.keyboard.press('Enter');
    // Enter at once: the palette's search for "sign out" may still be on its way and come back
    // 401, which sends the panel to the sign-in asking to come back here (?next=): either is signed out.
    await page.waitForURL(/\/admin\/login(\?next=%2Fplugins)?$/);
    // Signed out for real: the panel asks again.
    await page.goto(url('/admin/staff'));
    await page.waitForURL(/\/admin\/login\?next=%2Fstaff$/);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`every screen at ${viewport.width} px: no serious or critical axe violation, no console or CSP error`, async ({
      page,
      shop,
    }) => {
      const url = (p: string) => `${shop.baseUrl}${p}`;
      const problems = await tab(page, viewport);
      await page.goto(url('/admin/'));
      await panelReady(page);
      await signIn(page, OWNER);
      for (const [path, name, heading] of [
        ['/signups', 'signups', 'Sign-ups'],
        ['/activity', 'activity', 'Activity'],
        ['/plugins', 'plugins', 'Plugins'],
        ['/staff', 'staff', 'Staff'],
        ['/account', 'account', 'Your account'],
        ['/no-such-page', 'not-found', 'This page does not exist'],
      ] as const) {
        await page.goto(url(`/admin${path}`));
        await panelReady(page);
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        await page.waitForLoadState('networkidle');
        await shot(page, name);
        expect(await axeProblems(page), `${path} at ${viewport.width}`).toEqual([]);
      }
      if (viewport === MOBILE) {
        // The phone's More sheet holds the places the bottom bar has no room for, under the
        // sidebar's headings; the last one and Close are in reach (its list scrolls).
        await page.getByRole('button', { name: 'More' }).click();
        const more = page.getByRole('dialog');
        await more.getByRole('link', { name: 'Staff' }).waitFor();
        await expect(more.getByRole('heading', { name: 'Shop' })).toBeVisible();
        await more.getByRole('link', { name: 'Your account' }).scrollIntoViewIfNeeded();
        await expect(more.getByRole('link', { name: 'Your account' })).toBeInViewport();
        await expect(more.getByRole('button', { name: 'Close' })).toBeInViewport();
        await shotScreen(page, 'more');
        expect(await axeProblems(page)).toEqual([]);
      } else {
        // At 1280×800 the daily places fit without scrolling: Content and Shop are folded (Shop
        // opened on its own pages above, and folds again away from them until the owner opens it).
        await page.goto(url('/admin/'));
        await panelReady(page);
        const nav = page.getByRole('navigation', { name: 'Main' });
        const shopGroup = nav.getByRole('button', { name: 'Shop', exact: true });
        await expect(shopGroup).toHaveAttribute('aria-expanded', 'false');
        await expect(nav.getByRole('button', { name: 'Content', exact: true })).toHaveAttribute(
          'aria-expanded',
          'false',
        );
        await expect(nav.getByRole('link', { name: 'Trade enquiries' })).toBeInViewport();
        const places = nav.getByTestId('sidebar-places');
        expect(await places.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
        await shotScreen(page, 'sidebar');
        // From the keyboard; the choice outlasts a reload; a page under Content opens Content.
        await shopGroup.focus();
        await page.keyboard.press('Enter');
        await expect(shopGroup).toHaveAttribute('aria-expanded', 'true');
        await expect(nav.getByRole('link', { name: 'Staff' })).toBeVisible();
        await page.reload();
        await panelReady(page);
        await expect(shopGroup).toHaveAttribute('aria-expanded', 'true');
        await page.goto(url('/admin/menus'));
        await panelReady(page);
        await expect(nav.getByRole('button', { name: 'Content', exact: true })).toHaveAttribute(
          'aria-expanded',
          'true',
        );
        await expect(nav.getByRole('link', { name: 'Menus' })).toHaveAttribute('aria-current', 'page');
        await shotScreen(page, 'sidebar-open');
        expect(await axeProblems(page)).toEqual([]);
      }
      expect(unexpected(problems)).toEqual([]);
    });
  }

  test('a staff member (not owner) sees no Staff place', async ({ page, shop }) => {
    const url = (p: string) => `${shop.baseUrl}${p}`;
    await page.setViewportSize(MOBILE);
    await page.goto(url('/admin/'));
    await panelReady(page);
    await signIn(page, CLERK);
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Plugins' }).waitFor();
    await expect(page.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  });
});
