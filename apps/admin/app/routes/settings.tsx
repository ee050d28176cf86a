import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AreaGate } from '../components/ui/area-gate';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { useMe } from '../features/auth/me';
import { SETTINGS_GROUPS } from '../features/settings/groups';
import { storefrontQuery } from '../features/settings/storefront-query';
import { useChannels } from '../lib/channels';
import { NAV, roleMayRead } from '../lib/nav';
import { useShopSettings } from '../lib/store-mode';

export const meta = () => [{ title: 'Settings · Shop admin' }];

/** Settings with screens of their own, linked from here (not edited twice). */
const ELSEWHERE = ['/store-mode', '/theme', '/shipping', '/tax', '/plugins', '/backups', '/staff'];

export default function SettingsRoute() {
  return (
    <AreaGate area="settings" what="Store settings">
      <SettingsIndex />
    </AreaGate>
  );
}

/** The store settings (spec section 3) in groups, each with what is set now; a tap opens its screen. */
function SettingsIndex() {
  const role = useMe().data?.role ?? '';
  const settings = useShopSettings();
  const storefront = useQuery(storefrontQuery);
  const channels = useChannels().data?.channels ?? [];
  const channelName = (id: string) => channels.find((c) => c.id === id)?.name ?? id;
  const items = [
    {
      to: '/settings/opening',
      title: 'Opening and store password',
      summary: storefront.data
        ? `${storefront.data.mode ?? 'Open'}${storefront.data.is_password_protection_enabled ? ' · password on' : ''}`
        : ' ',
    },
    ...SETTINGS_GROUPS.map((g) => ({
      to: `/settings/${g.slug}`,
      title: g.title,
      summary: g.summary(settings.data ?? {}, channelName),
    })),
  ];
  const elsewhere = NAV.filter((n) => ELSEWHERE.includes(n.to) && roleMayRead(role, n.area));
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" description="How the shop sells: checkout, sign-in, orders, contacts and more." />
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <Failed error={settings.error} retry={() => void settings.refetch()} />
      ) : (
        <ul className="card divide-y divide-line" data-testid="settings-groups">
          {items.map((g) => (
            <li key={g.to}>
              <Link
                to={g.to}
                className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-stone-50 focus-visible:bg-stone-50 sm:px-5"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{g.title}</span>
                  <span className="block truncate text-sm text-muted">{g.summary}</span>
                </span>
                <span aria-hidden="true" className="text-xl text-muted">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {elsewhere.length > 0 && (
        <section aria-labelledby="settings-elsewhere" className="mt-6">
          <h2 id="settings-elsewhere" className="mb-2 text-sm font-semibold text-muted">
            On screens of their own
          </h2>
          <ul className="flex flex-wrap gap-2">
            {elsewhere.map((n) => (
              <li key={n.to}>
                <Link to={n.to} className="btn btn-outline">
                  {n.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
