import { Suspense, lazy, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, type AdminPlugin } from '@shopfront/shared';
import { AreaGate } from '../components/ui/area-gate';
import { Button } from '../components/ui/button';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { useMe } from '../features/auth/me';
import { EditPreviewLayout, type EditPreviewTab } from '../features/preview/edit-preview-layout';
import { useEditFromPreview } from '../features/templates/edit-from-preview';
import { PreviewFrame } from '../features/theme/preview-frame';
import { call, errorText } from '../lib/api';
import { useListKeys } from '../lib/use-list-keys';
import { failure, success } from '../lib/toast';

/** The settings form loads with the first one opened (it reads the plugin's schema: zod). */
const SettingsSheet = lazy(() => import('../features/plugins/settings-sheet'));

export const meta = () => [{ title: 'Plugins · Shop admin' }];
const KEY = ['plugins'];

const CONSENT: Record<NonNullable<AdminPlugin['consent']>, string> = {
  analytics: 'Needs consent: analytics cookies',
  marketing: 'Needs consent: marketing cookies',
};

export default function PluginsRoute() {
  return (
    <AreaGate area="plugins" what="Plugins">
      <Plugins />
    </AreaGate>
  );
}

/**
 * The plugin catalogue (GET /api/admin/plugins): install (with its defaults, or through its
 * settings when it has none for a value such as a tag ID), change its settings, or remove it.
 * A plugin whose settings decide what script the shop runs is the owner's alone. Beside it the
 * shop as shoppers see it (a tab on a phone), reloaded after each install, removal or save, so
 * the owner sees a chat button or a newsletter box arrive where it shows.
 */
function Plugins() {
  const qc = useQueryClient();
  const isOwner = useMe().data?.role === 'owner';
  const [editing, setEditing] = useState<AdminPlugin | null>(null);
  const [tab, setTab] = useState<EditPreviewTab>('edit');
  const [shown, setShown] = useState(0);
  const reload = () => setShown((v) => v + 1);
  const onEdit = useEditFromPreview();
  const q = useQuery({ queryKey: KEY, queryFn: async () => (await call(adminApi.listPlugins)).data });
  const change = useMutation({
    mutationFn: async ({ plugin, install }: { plugin: AdminPlugin; install: boolean }) =>
      install
        ? call(adminApi.installPlugin, { params: { name: plugin.name }, body: { config: plugin.config } })
        : call(adminApi.removePlugin, { params: { name: plugin.name } }),
    onSuccess: ({ message }, { plugin, install }) => {
      void qc.invalidateQueries({ queryKey: KEY });
      reload();
      void success(message ?? (install ? 'Plugin installed' : 'Plugin removed'), plugin.label, {
        run: () => change.mutate({ plugin, install: !install }),
      });
    },
    onError: (err) => void failure(errorText(err)),
  });
  const plugins = q.data ?? [];
  const [current] = useListKeys(plugins.length);
  const list = q.isPending ? (
    <Loading />
  ) : q.isError ? (
    <Failed error={q.error} retry={() => q.refetch()} />
  ) : plugins.length === 0 ? (
    <Empty title="No plugins available" />
  ) : (
    <ul className="card divide-y divide-line" data-testid="plugins-list">
      {plugins.map((p, i) => {
        const locked = p.runs_script && !isOwner;
        return (
          <li
            key={p.name}
            data-list-index={i}
            data-testid={`plugin-${p.name}`}
            aria-current={current === i || undefined}
            className="flex flex-col gap-3 px-4 py-4 aria-[current]:bg-stone-50 sm:flex-row sm:items-center sm:px-5 lg:flex-col lg:items-stretch"
          >
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {p.label}
                {p.installed && (
                  <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                    Installed
                  </span>
                )}
              </p>
              <p className="mt-0.5 text-sm text-muted">{p.description}</p>
              {(p.consent || locked) && (
                <p className="mt-1.5 flex flex-wrap gap-2 text-xs font-medium">
                  {p.consent && (
                    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-900">{CONSENT[p.consent]}</span>
                  )}
                  {locked && (
                    <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-700">
                      Only the owner can change it: it runs a script on the shop’s pages
                    </span>
                  )}
                </p>
              )}
            </div>
            <div className="flex shrink-0 gap-2">
              {p.installed && p.configurable && (
                <Button
                  isDisabled={locked}
                  onPress={() => setEditing(p)}
                  className="flex-1 sm:w-28 sm:flex-none lg:w-auto lg:flex-1"
                  aria-label={`Settings of ${p.label}`}
                >
                  Settings
                </Button>
              )}
              <Button
                variant={p.installed ? 'danger' : 'outline'}
                isDisabled={change.isPending || locked}
                onPress={() =>
                  !p.installed && p.needs_config ? setEditing(p) : change.mutate({ plugin: p, install: !p.installed })
                }
                className="flex-1 sm:w-28 sm:flex-none lg:w-auto lg:flex-1"
                aria-label={`${p.installed ? 'Remove' : 'Install'} ${p.label}`}
              >
                {p.installed ? 'Remove' : p.needs_config ? 'Install…' : 'Install'}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
  return (
    <>
      <PageHeader
        title="Plugins"
        description="Add features to the shop. Installing uses the plugin’s default settings; one that needs an ID asks for it first."
      />
      <EditPreviewLayout
        id="plugins"
        label="Plugins or the shop"
        tab={tab}
        onTab={setTab}
        editor={list}
        preview={<PreviewFrame version={shown} onEdit={onEdit} />}
      />
      {editing && (
        <Suspense fallback={null}>
          <SettingsSheet plugin={editing} queryKey={KEY} onSaved={reload} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}
