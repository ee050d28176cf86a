import type { SearchSharing, SearchSharingBodySchema } from '@shopfront/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { getStoreSettings } from '../../settings/service.ts';
import type { SetupActor } from '../setup/service.ts';
import { getAdminStorefront, updateAdminStorefront } from '../storefront.ts';

/** Search and sharing as saved: the default storefront's meta, sharing picture and favicon. */
export async function getSearchSharing(db: Db): Promise<SearchSharing> {
  const [storefront, settings] = await Promise.all([
    getAdminStorefront(db),
    getStoreSettings(db, ['store_name', 'store_url']),
  ]);
  return {
    title: storefront.meta.title,
    description: storefront.meta.description,
    social_sharing_image: storefront.social_sharing_image,
    favicon: storefront.favicon[0]?.url ?? null,
    store_name: settings.store_name || storefront.name,
    store_url: settings.store_url || null,
  };
}

/**
 * Saves them through the storefront's own service: one transaction on its locked row, one
 * `storefront.update` audit entry of what changed (its Undo puts those keys back), and the
 * storefront's content version moves on, so pages cached before show the new head at once.
 */
export async function saveSearchSharing(
  db: Db,
  actor: SetupActor,
  body: z.output<typeof SearchSharingBodySchema>,
  ip: string | null,
): Promise<SearchSharing> {
  const current = await getAdminStorefront(db);
  const patch: Parameters<typeof updateAdminStorefront>[2] = {
    meta: { title: body.title, description: body.description },
    social_sharing_image: body.social_sharing_image,
  };
  // The same address again leaves the icons as they are (a set of sizes stays a set).
  if (body.favicon !== (current.favicon[0]?.url ?? null)) patch.favicon = body.favicon;
  await updateAdminStorefront(db, actor, patch, ip);
  return getSearchSharing(db);
}
