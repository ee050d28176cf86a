import { useEffect, useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { SETUP_STEP_LABELS, adminSetupApi, setupMessages, type SetupStatus } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call, errorText } from '../../lib/api';
import { success } from '../../lib/toast';
import { SETUP_QUERY } from './query';

/**
 * "Open shop" (phone review 1 and 12): a confirmation first, which says plainly when no product is
 * published yet (the API refuses to open an empty shop without that acknowledgement), then a
 * success panel with the way to the shop.
 */
export function OpenShop({ status, onOpened }: { status: SetupStatus; onOpened: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = status.missing.length === 0;
  const empty = status.published_products === 0;
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await call(adminSetupApi.open, { body: { acknowledge_empty_catalogue: empty } });
      queryClient.setQueryData(SETUP_QUERY, data);
      setConfirming(false);
      onOpened();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card mt-4 p-5" aria-labelledby="open-shop">
      <h2 id="open-shop" className="text-lg font-semibold">
        Open shop
      </h2>
      <p className="mt-1 text-sm text-muted">
        {ready
          ? 'Every step is done. Opening takes the “opening soon” page down.'
          : `Finish these first: ${status.missing.map((s) => SETUP_STEP_LABELS[s]).join(', ')}.`}
      </p>
      {ready && empty && (
        <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="setup-empty-warning">
          {setupMessages.emptyCatalogue}.
        </p>
      )}
      <Button
        variant="primary"
        className="mt-4 w-full sm:w-auto"
        isDisabled={!ready}
        onPress={() => {
          setError(null);
          setConfirming(true);
        }}
      >
        Open shop…
      </Button>
      <ModalOverlay
        isOpen={confirming}
        onOpenChange={(on) => !on && !busy && setConfirming(false)}
        isDismissable={!busy}
        className="fixed inset-0 z-50 flex items-end justify-center bg-black/40 sm:items-center sm:p-6"
      >
        <Modal className="w-full rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl outline-none sm:max-w-md sm:rounded-2xl">
          <Dialog className="p-5 outline-none" data-testid="setup-open-confirm">
            <Heading slot="title" className="text-lg font-semibold">
              Open {status.steps.store.values.store_name} to shoppers?
            </Heading>
            <p className="mt-2 text-sm text-muted">
              Anyone with the link can see the shop and buy at once. You can change every setting later.
            </p>
            {empty && (
              <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
                {setupMessages.emptyCatalogue}.
              </p>
            )}
            {error && (
              <div className="mt-3">
                <FormMessage>{error}</FormMessage>
              </div>
            )}
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                variant="outline"
                className="w-full sm:w-auto"
                isDisabled={busy}
                onPress={() => setConfirming(false)}
              >
                Not yet
              </Button>
              <Button variant="primary" className="w-full sm:w-auto" isDisabled={busy} onPress={() => void open()}>
                {busy ? 'Opening…' : empty ? 'Open the empty shop' : 'Open shop'}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </section>
  );
}

/** The moment after opening: the shop's name, the way to it, and its link to share. */
export function OpenedPanel({ name }: { name: string }) {
  const url = `${window.location.origin}/`;
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening is pressed at the foot of the page: the news is brought into view, and read out.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void success('Link copied', url);
    } catch {
      void success('Copy this link', url);
    }
  };
  return (
    <section
      className="card mb-4 border-emerald-200 bg-emerald-50 p-5"
      aria-labelledby="shop-opened"
      data-testid="setup-opened"
    >
      <h2 id="shop-opened" ref={heading} tabIndex={-1} className="text-xl font-semibold text-emerald-950 outline-none">
        {name} is open
      </h2>
      <p className="mt-1 break-all text-sm text-emerald-900">Shoppers can visit {url}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <a href="/" target="_blank" rel="noopener" className="btn btn-primary w-full sm:w-auto">
          View your shop
        </a>
        <Button variant="outline" className="w-full bg-white sm:w-auto" onPress={() => void copy()}>
          Copy link
        </Button>
      </div>
    </section>
  );
}
