import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  ADDRESS_TYPES,
  addressApi,
  callEndpoint,
  formatAddress,
  type Address,
  type AddressType,
} from '@shopfront/shared';
import type { Route } from './+types/account.addresses';
import { Modal } from '../components/ui/modal';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { AccountSection } from '../features/account/section';
import { addressBodyOf } from '../features/addresses/address-mapping';
import { AddressCard } from '../features/addresses/address-card';
import { AddressForm } from '../features/addresses/address-form';
import { reportFailure } from '../features/auth/auth-api';
import { browserTransport } from '../lib/api.client';
import { api, isUnauthenticated } from '../lib/api.server';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { useShop } from '../lib/shop';

/** The address book, the shop's field definitions and the countries (with states) for the form. */
export async function loader({ context }: Route.LoaderArgs) {
  const client = api(context);
  try {
    const [addresses, fields, countries] = await Promise.all([
      client.addresses(),
      client.addressFields(),
      client.countries(),
    ]);
    return { addresses, fields, countries };
  } catch (err) {
    // A guest: the account layout shows the login gate instead of this section.
    if (isUnauthenticated(err)) return { addresses: null, fields: null, countries: [] };
    logFailure('address book failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Addresses' }), { name: 'robots', content: 'noindex' }];
}

const SECTION_TEXT: Record<AddressType, { title: string; description: string; empty: string }> = {
  Shipping: {
    title: 'Shipping addresses',
    description: 'Where your orders are delivered.',
    empty: 'No shipping address saved yet.',
  },
  Billing: {
    title: 'Billing addresses',
    description: 'The name and address on your invoices.',
    empty: 'No billing address saved yet.',
  },
};

type Editing = { address: Address | null; type: AddressType } | null;

export default function AccountAddresses({ loaderData }: Route.ComponentProps) {
  const { addresses, fields, countries } = loaderData;
  const { storefront } = useShop();
  const revalidator = useRevalidator();
  const formTitleId = useId();
  const deleteTitleId = useId();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  if (!addresses || !fields) return null;

  const mobileCodeOf = (a: Address) => countries.find((c) => c.id === a.country_id)?.mobile_code ?? null;

  const refresh = async (message: string | undefined) => {
    if (message) toast.success(message);
    await revalidator.revalidate();
  };

  const makeDefault = async (a: Address) => {
    setBusyId(a.id);
    try {
      const { message } = await callEndpoint(browserTransport, addressApi.update, {
        params: { id: a.id },
        body: { ...addressBodyOf(a), default: true },
      });
      await refresh(message);
    } catch (err) {
      reportFailure(err);
    } finally {
      setBusyId(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusyId(deleting.id);
    try {
      const { message } = await callEndpoint(browserTransport, addressApi.delete, { params: { id: deleting.id } });
      setDeleting(null);
      await refresh(message);
    } catch (err) {
      reportFailure(err);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <AccountSection title="Addresses" description="Saved shipping & billing addresses">
      {ADDRESS_TYPES.map((type) => {
        const mine = addresses.filter((a) => a.address_type === type);
        const text = SECTION_TEXT[type];
        return (
          <section
            key={type}
            aria-labelledby={`addresses-${type}`}
            className="rounded-2xl border border-ink/10 bg-background p-5 md:p-7"
            data-address-section={type}
          >
            <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 id={`addresses-${type}`} className="text-lg font-semibold">
                  {text.title}
                </h2>
                <p className="mt-0.5 text-sm text-muted">{text.description}</p>
              </div>
              {mine.length > 0 && (
                <button
                  type="button"
                  onClick={() => setEditing({ address: null, type })}
                  className="btn btn-outline h-11 px-4"
                >
                  {/* Said in full on screen too, so the spoken name matches what is seen. */}
                  <span aria-hidden="true">+</span> Add a {type.toLowerCase()} address
                </button>
              )}
            </div>
            {mine.length === 0 ? (
              <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-ink/20 p-5 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-muted">{text.empty}</p>
                <button
                  type="button"
                  onClick={() => setEditing({ address: null, type })}
                  className="btn btn-primary h-11 px-5"
                >
                  Add a {type.toLowerCase()} address
                </button>
              </div>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2">
                {mine.map((a) => (
                  <li key={a.id}>
                    <AddressCard
                      address={a}
                      mobileCode={mobileCodeOf(a)}
                      busy={busyId === a.id}
                      onEdit={() => setEditing({ address: a, type: a.address_type })}
                      onDelete={() => setDeleting(a)}
                      onMakeDefault={() => void makeDefault(a)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.address ? 'Edit Address' : 'Add Address'}
        titleId={formTitleId}
        size="lg"
        testId="address-dialog"
      >
        {editing && (
          <AddressForm
            key={editing.address?.id ?? `new-${editing.type}`}
            address={editing.address}
            type={editing.type}
            fieldsByType={fields}
            countries={countries}
            defaultCountryId={storefront.channel.country.id}
            onlyOfType={(t) => !addresses.some((a) => a.address_type === t && a.id !== editing.address?.id)}
            onSaved={(_saved, message) => {
              setEditing(null);
              void refresh(message);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>

      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this address?"
        titleId={deleteTitleId}
        testId="address-delete-dialog"
      >
        {deleting && (
          <div className="mt-4 space-y-6">
            <p className="text-sm leading-relaxed text-ink/80">{formatAddress(deleting)}</p>
            {deleting.default && (
              <p className="text-sm text-muted">
                It is your default {deleting.address_type.toLowerCase()} address: your most recent other one takes its
                place.
              </p>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button type="button" onClick={() => setDeleting(null)} className="btn btn-outline w-full sm:w-auto">
                Cancel
              </button>
              <button
                type="button"
                onClick={() => void confirmDelete()}
                disabled={busyId === deleting.id}
                className="btn w-full bg-red-700 text-white hover:bg-red-800 sm:w-auto"
              >
                {busyId === deleting.id && <Spinner />}
                Delete
              </button>
            </div>
          </div>
        )}
      </Modal>
    </AccountSection>
  );
}
