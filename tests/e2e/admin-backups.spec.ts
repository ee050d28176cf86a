import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Page } from '@playwright/test';
import { extract } from 'tar-stream';
import { backupMessages } from '@shopfront/shared';
import { expect, test } from './support/test.ts';
import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, testStaff } from './support/admin.ts';

/** Issue 29: the owner's Backups screen: back up now, list, download, delete, the schedule. */

const OWNER = testStaff('Bina Owner');
test.use({ shopOptions: { env: { NODE_ENV: 'test' } }, staff: [OWNER] });

/** Screenshots for a person to judge, when SHOTS_DIR is set. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({
      path: `${process.env.SHOTS_DIR}/${name}-${page.viewportSize()!.width}.png`,
      fullPage: true,
    });
}

/** Only the sign-in page's 401 (no session yet) and the 422 of the bad keep, provoked on purpose. */
const unexpected = (problems: string[]) =>
  problems.filter(
    (p) =>
      p !== 'http 401: /api/admin/auth/me' &&
      p !== 'http 422: /api/admin/backups/schedule' &&
      !/^console: Failed to load resource: the server responded with a status of (401|422)/.test(p),
  );

/** The file names inside a .tar.gz. */
async function tarNames(body: Buffer): Promise<string[]> {
  const names: string[] = [];
  const ex = extract();
  ex.on('entry', (header, stream, next) => {
    names.push(header.name);
    stream.on('end', next);
    stream.resume();
  });
  await new Promise<void>((resolve, reject) => {
    ex.on('finish', resolve);
    ex.on('error', reject);
    Readable.from(body).pipe(createGunzip()).pipe(ex);
  });
  return names;
}

test.describe('Backups in the panel', () => {
  for (const viewport of [MOBILE, DESKTOP]) {
    test(`at ${viewport.width} px: back up now, listed, downloaded, deleted; the schedule refuses a bad keep`, async ({
      shop,
      owner,
    }) => {
      test.setTimeout(120_000);
      const { page } = owner;
      await page.setViewportSize(viewport);
      await page.goto(`${shop.baseUrl}/admin/backups`);
      await page.getByRole('heading', { level: 1, name: 'Backups' }).waitFor();
      await expect(page.getByText('No backups yet')).toBeVisible();
      await shot(page, 'empty');

      await page.getByRole('button', { name: 'Back up now' }).click();
      await expect(page.getByRole('button', { name: 'Backing up…' })).toBeDisabled();
      await shot(page, 'progress');
      const list = page.getByTestId('backup-list');
      await expect(list.locator('li')).toHaveCount(1, { timeout: 60_000 });
      await expect(page.getByRole('button', { name: 'Back up now' })).toBeEnabled();
      await expect(list).toContainText(/MB · [\d,]+ rows in \d+ tables · [\d,]+ pictures and files/);
      await shot(page, 'listed');
      expect(await axeProblems(page)).toEqual([]);

      const download = page.waitForEvent('download');
      await list.getByRole('link', { name: /^Download the backup of/ }).click();
      const file = await (await download).path();
      const name = (await list.locator('li .break-all').textContent())!.trim();
      expect(await tarNames(readFileSync(file))).toContain(`${name}/manifest.json`);

      // The schedule: a bad keep is refused beside the field, then a good one saved.
      const form = page.getByRole('form', { name: 'Backup schedule' });
      await form.getByText('Daily', { exact: true }).click();
      await form.getByLabel('Keep').fill('0');
      await form.getByRole('button', { name: 'Save schedule' }).click();
      await expect(form.getByText(backupMessages.keep)).toBeVisible();
      await expect(form.getByLabel('Keep')).toHaveAttribute('aria-invalid', 'true');
      await shot(page, 'schedule-error');
      expect(await axeProblems(page)).toEqual([]);
      await form.getByLabel('Keep').fill('5');
      await form.getByRole('button', { name: 'Save schedule' }).click();
      await expect(page.getByText(backupMessages.scheduleSaved)).toBeVisible();
      const saved = await page.context().request.get(`${shop.baseUrl}/api/admin/backups`);
      expect((await saved.json()).data.schedule).toEqual({ schedule: 'daily', keep: 5 });
      await form.getByText('Off', { exact: true }).click();
      await form.getByRole('button', { name: 'Save schedule' }).click();
      await expect(page.getByText(backupMessages.scheduleSaved).last()).toBeVisible();

      page.once('dialog', (d) => void d.accept());
      await list.getByRole('button', { name: /^Delete the backup of/ }).click();
      await expect(page.getByText('No backups yet')).toBeVisible();
      await expect(page.getByText(backupMessages.deleted)).toBeVisible();
      expect(unexpected(owner.problems)).toEqual([]);
    });
  }
});
