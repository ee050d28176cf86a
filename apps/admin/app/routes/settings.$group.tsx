import { Suspense, lazy } from 'react';
import { Link, useParams } from 'react-router';
import type { Route } from './+types/settings.$group';
import { AreaGate } from '../components/ui/area-gate';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { useMe } from '../features/auth/me';
import { settingsGroup } from '../features/settings/groups';
import { useShopSettings } from '../lib/store-mode';
import NotFound from './not-found';

/** The form (react-hook-form, its fields) loads beside the settings, as the product and coupon editors do (ADR 0034). */
const SettingsForm = lazy(() => import('../features/settings/settings-form'));

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${settingsGroup(params.group)?.title ?? 'Settings'} · Shop admin` },
];

export default function SettingsGroupRoute() {
  return (
    <AreaGate area="settings" what="Store settings">
      <SettingsGroupScreen />
    </AreaGate>
  );
}

/** One group of store settings (settings/groups.ts) as a form. */
function SettingsGroupScreen() {
  const group = settingsGroup(useParams().group);
  const me = useMe().data;
  const settings = useShopSettings();
  if (!group) return <NotFound />;
  return (
    <div className="mx-auto max-w-2xl">
      <Link to="/settings" className="mb-2 inline-flex min-h-11 items-center text-sm font-medium text-muted">
        ‹ Settings
      </Link>
      <PageHeader title={group.title} description={group.description} />
      {group.link && (
        <Link to={group.link.to} className="-mt-3 mb-4 inline-flex min-h-11 items-center text-sm font-medium underline">
          {group.link.label} ›
        </Link>
      )}
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <Failed error={settings.error} retry={() => void settings.refetch()} />
      ) : (
        <Suspense fallback={<Loading label="Loading the form…" />}>
          <SettingsForm key={group.slug} group={group} saved={settings.data} isOwner={me?.role === 'owner'} />
        </Suspense>
      )}
    </div>
  );
}
