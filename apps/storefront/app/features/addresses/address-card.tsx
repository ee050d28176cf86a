import type { Address } from '@shopfront/shared';
import { Spinner } from '../../components/ui/spinner';
import { shownAddress } from './address-mapping';

/** One saved address: who, where, phone, its Default badge and what can be done with it. */
export function AddressCard({
  address,
  mobileCode,
  busy,
  onEdit,
  onDelete,
  onMakeDefault,
}: {
  address: Address;
  mobileCode: string | null;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}) {
  const { name, lines } = shownAddress(address);
  const action =
    'inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink hover:bg-ink/5 disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <article
      className={`flex h-full flex-col rounded-xl border p-4 md:p-5 ${
        address.default ? 'border-primary/40 bg-primary/[0.03]' : 'border-ink/10'
      }`}
      data-address-id={address.id}
      data-default={address.default ? 'true' : 'false'}
      aria-label={`${address.address_type} address: ${name}`}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold break-words text-ink">{name}</p>
        {address.default && (
          <span className="shrink-0 rounded-full bg-primary px-2.5 py-0.5 text-[11px] font-semibold tracking-wide text-on-primary uppercase">
            Default
          </span>
        )}
      </div>
      <address className="mt-1.5 text-sm leading-relaxed break-words text-ink/80 not-italic">
        {lines.map((line, i) => (
          <span key={i} className="block">
            {line}
          </span>
        ))}
      </address>
      {(address.phone || address.email) && (
        <p className="mt-2 text-sm break-words text-muted">
          {address.phone && (
            <span className="block">
              {mobileCode ? `${mobileCode} ` : ''}
              {address.phone}
            </span>
          )}
          {address.email && <span className="block">{address.email}</span>}
        </p>
      )}
      <div className="mt-auto -ml-3 flex flex-wrap items-center gap-1 pt-4">
        <button type="button" onClick={onEdit} className={action} disabled={busy}>
          Edit
        </button>
        <button type="button" onClick={onDelete} className={`${action} text-red-700 hover:bg-red-50`} disabled={busy}>
          Delete
        </button>
        {!address.default && (
          <button type="button" onClick={onMakeDefault} className={action} disabled={busy}>
            {busy && <Spinner className="size-3.5" />}
            Set as default
          </button>
        )}
      </div>
    </article>
  );
}
