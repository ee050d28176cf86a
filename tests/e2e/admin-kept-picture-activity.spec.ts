import { DESKTOP, MOBILE } from './support/browser.ts';
import { axeProblems, openPanel, shotScreen } from './support/admin.ts';
import { OWNER, expect, test } from './support/test.ts';

/*
 * The activity log's line for a picture the purge job kept (at 390 and 1280 px): no staff
 * member, the product linked, and the pages that still show it. The job writing this entry is
 * tested in apps/api/src/modules/admin/media/kept-product-pictures.test.ts (its Undo window is
 * 15 minutes, too long for a browser test); here the file's shop starts with the entry as the job
 * writes it, read back through the owner API like any other. SHOTS_DIR keeps the screens.
 */
test.use({
  staff: [OWNER],
  shopOptions: {
    prepare: async ({ db }) => {
      await db.query(
        `insert into audit_log (staff_id, actor, action, target, before, after)
         select null, 'Picture clean-up (automatic)', 'product.picture.keep', 'product:' || id,
                jsonb_build_object('picture', 41, 'path', '/media/products/kept.jpg'),
                jsonb_build_object('media', 7, 'path', '/media/products/kept.jpg',
                                   'shown_in', jsonb_build_array('Page: Our garden range'))
           from products where slug = 'organic-cotton-crew-tee'`,
      );
    },
  },
});

for (const viewport of [MOBILE, DESKTOP]) {
  test(`at ${viewport.width} px the activity log says the clean-up kept a picture a page shows`, async ({
    page,
    shop,
  }) => {
    await openPanel(page, `${shop.baseUrl}/admin/activity`, OWNER, viewport);
    const entry = page.getByTestId('activity-row').filter({ hasText: 'Picture clean-up (automatic)' });
    await expect(entry.locator('p').first()).toHaveText(
      /^Picture clean-up \(automatic\) kept in the media library a picture removed from .+, still shown on Page: Our garden range$/,
    );
    await expect(entry.getByRole('link').first()).toHaveAttribute('href', /\/admin\/products\//);
    await shotScreen(page, 'activity-picture-kept');
    expect(await axeProblems(page)).toEqual([]);
  });
}
