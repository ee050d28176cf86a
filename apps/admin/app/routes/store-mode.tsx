import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, type StoreMode } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { PageHeader } from '../components/ui/states';
import { useMe } from '../features/auth/me';
import { call, errorText } from '../lib/api';
import { SETTINGS_KEYS, useStoreMode } from '../lib/store-mode';
import { failure, success } from '../lib/toast';

export const meta = () => [{ title: 'Shop mode · Shop admin' }];

const MODES: Record<StoreMode, { title: string; what: string; changes: string[] }> = {
  products: {
    title: 'Products',
    what: 'Sell goods: a catalogue with stock, a cart, checkout and parcels to ship.',
    changes: [
      'Products show prices, stock and Add to cart',
      'Customers follow their orders and parcels',
      'The panel leads with the orders inbox',
    ],
  },
  services: {
    title: 'Services',
    what: 'Sell services: customers apply with a form and documents (or ask for a quote) and follow the stages.',
    changes: [
      'Service pages show the fee, what is included, the documents needed and Apply, not Add to cart',
      'Customers follow their applications in My Applications, with messages and document requests',
      'Applicants pay the fee online or in cash where you allow it, or ask for your quote first',
      'The panel shows the Applications inbox first (Orders stay, under More on a phone)',
      'Products keep their details: switching back shows them as before',
    ],
  },
};

/**
 * Products or services (issue 27): the owner's switch of the whole shop, after a clear
 * confirmation of what changes. A manager sees which mode the shop is in (the API refuses them
 * the change: 403); nothing is deleted either way, so switching back leaves the shop as it was.
 */
export default function StoreModePage() {
  const me = useMe().data!;
  const mode = useStoreMode();
  const owner = me.role === 'owner';
  const [chosen, setChosen] = useState<StoreMode | null>(null);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (to: StoreMode) => call(adminApi.updateSettings, { body: { store_mode: to } }),
    onSuccess: (_res, to) => {
      for (const key of SETTINGS_KEYS) void client.invalidateQueries({ queryKey: key });
      setChosen(null);
      void success(`The shop now sells ${MODES[to].title.toLowerCase()}`);
    },
    onError: (err) => void failure(errorText(err)),
  });

  return (
    <>
      <PageHeader
        title="Shop mode"
        description="Whether the shop sells products or services. Nothing is deleted: switching back leaves the shop as it was."
      />
      {!owner && (
        <p className="mb-4 rounded-xl bg-stone-100 p-3 text-sm" data-testid="mode-read-only">
          Only the shop’s owner can switch the mode.
        </p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2">
        {(Object.keys(MODES) as StoreMode[]).map((m) => {
          const current = m === mode;
          return (
            <li
              key={m}
              className={`card flex flex-col p-4 sm:p-5 ${current ? 'ring-2 ring-brand' : ''}`}
              data-testid={`mode-${m}`}
            >
              <h2 className="flex items-center gap-2 text-lg font-semibold">
                {MODES[m].title}
                {current && (
                  <span className="rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white">Now</span>
                )}
              </h2>
              <p className="mt-1 text-sm text-muted">{MODES[m].what}</p>
              <ul className="mt-3 flex-1 list-disc space-y-1 pl-5 text-sm">
                {MODES[m].changes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
              {owner && !current && chosen !== m && (
                <Button className="mt-4" onPress={() => setChosen(m)}>
                  Switch to {MODES[m].title.toLowerCase()}…
                </Button>
              )}
              {owner && chosen === m && (
                <div role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm">
                  <p className="font-semibold">Switch the whole shop to {MODES[m].title.toLowerCase()}?</p>
                  <p className="mt-1">
                    Customers see the change on their next page. Open orders and applications stay as they are.
                  </p>
                  <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row">
                    <Button onPress={() => setChosen(null)}>Keep {MODES[mode].title.toLowerCase()}</Button>
                    <Button variant="primary" isDisabled={save.isPending} onPress={() => save.mutate(m)}>
                      Yes, sell {MODES[m].title.toLowerCase()}
                    </Button>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
