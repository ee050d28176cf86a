import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { adminApi, type AdminPlugin } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { call, errorText } from '../lib/api';
import { useListKeys } from '../lib/use-list-keys';

export const meta = () => [{ title: 'Plugins · Shop admin' }];
const KEY = ['plugins'];

/** The plugin catalogue (GET /api/admin/plugins): install with its defaults, or remove. */
export default function Plugins() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: async () => (await call(adminApi.listPlugins)).data });
  const change = useMutation({
    mutationFn: async ({ plugin, install }: { plugin: AdminPlugin; install: boolean }) =>
      install
        ? call(adminApi.installPlugin, { params: { name: plugin.name }, body: { config: plugin.config } })
        : call(adminApi.removePlugin, { params: { name: plugin.name } }),
    onSuccess: ({ message }, { plugin, install }) => {
      void qc.invalidateQueries({ queryKey: KEY });
      toast.success(message ?? (install ? 'Plugin installed' : 'Plugin removed'), {
        description: plugin.label,
        action: { label: 'Undo', onClick: () => change.mutate({ plugin, install: !install }) },
      });
    },
    onError: (err) => toast.error(errorText(err)),
  });
  const plugins = q.data ?? [];
  const [current] = useListKeys(plugins.length);
  return (
    <>
      <PageHeader
        title="Plugins"
        description="Add features to the shop. Installing uses the plugin’s default settings."
      />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : plugins.length === 0 ? (
        <Empty title="No plugins available" />
      ) : (
        <ul className="card divide-y divide-line" data-testid="plugins-list">
          {plugins.map((p, i) => (
            <li
              key={p.name}
              data-list-index={i}
              aria-current={current === i || undefined}
              className="flex flex-col gap-3 px-4 py-4 aria-[current]:bg-stone-50 sm:flex-row sm:items-center sm:px-5"
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
              </div>
              <Button
                variant={p.installed ? 'danger' : 'outline'}
                isDisabled={change.isPending}
                onPress={() => change.mutate({ plugin: p, install: !p.installed })}
                className="w-full shrink-0 sm:w-28"
                aria-label={`${p.installed ? 'Remove' : 'Install'} ${p.label}`}
              >
                {p.installed ? 'Remove' : 'Install'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
