import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  adminShippingApi,
  type AdminShipping,
  type AdminShippingMethod,
  type AdminShippingMethodInput,
  type AdminShippingZone,
  type AdminShippingZoneInput,
} from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call, errorText } from '../../lib/api';
import { savedToast } from '../../lib/undo';
import { minorToInput, parseMoney } from '../catalog/money';
import { FieldNote } from '../../components/ui/form-field';
import { Sheet, SheetButtons } from '../orders/sheet';
import { SHIPPING_KEY } from './queries';

/**
 * The zone and method editors (issue 26): a sheet from the bottom on a phone, a box on a desk,
 * loaded with the first one opened. The server checks every field (422 with each field's message,
 * shown under it); an edit carries If-Match and a 409 says someone changed it since, with Reload.
 */

type Errors = Record<string, string>;
const currencySign = (currency: string) => (currency === 'INR' ? '₹' : currency);
/** "12" as 12; "" as null; anything else NaN (the server's 422 then names it). */
const wholeOrNull = (s: string) => (s.trim() === '' ? null : /^\d+$/.test(s.trim()) ? Number(s.trim()) : Number.NaN);

/** Saves through `run`; 422 lands under the fields (state_ids.3 under state_ids), 409 and others above. */
function useSave<T>(
  run: () => Promise<{ data: T; message?: string; undo?: Parameters<typeof savedToast>[2]['offer'] }>,
) {
  const qc = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [pending, setPending] = useState(false);
  const save = async (describe: (data: T) => string, onSaved: () => void) => {
    setPending(true);
    setErrors({});
    setFormError(null);
    setStale(false);
    try {
      const res = await run();
      await qc.invalidateQueries({ queryKey: SHIPPING_KEY });
      savedToast(qc, res.message ?? 'Saved', {
        description: describe(res.data),
        offer: res.undo,
        refresh: [SHIPPING_KEY],
      });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && Object.keys(err.errors).length) {
        const byField: Errors = {};
        for (const [path, list] of Object.entries(err.errors)) byField[path.split('.')[0]!] ??= list[0] ?? err.message;
        setErrors(byField);
        setFormError('Some fields need a look; each says what is wrong.');
        // The first field to fix, in the middle of the sheet (above its sticky buttons), focused.
        requestAnimationFrame(() => {
          const first = document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]');
          first?.scrollIntoView({ block: 'center' });
          first?.focus({ preventScroll: true });
        });
      } else {
        setStale(err instanceof ApiError && err.status === 409);
        setFormError(errorText(err));
      }
    } finally {
      setPending(false);
    }
  };
  return { errors, formError, stale, pending, save };
}

function Field({
  label,
  error,
  description,
  prefix,
  children,
}: {
  label: string;
  error?: string;
  description?: string;
  prefix?: string;
  children: (props: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby': string;
    className: string;
  }) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        {prefix && (
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted">{prefix}</span>
        )}
        {children({
          id,
          ...(error ? { 'aria-invalid': true as const } : {}),
          'aria-describedby': `${id}-m`,
          className: `input w-full ${prefix ? (prefix.length > 1 ? 'pl-12' : 'pl-8') : ''}`,
        })}
      </div>
      <FieldNote id={`${id}-m`} error={error} description={description} />
    </div>
  );
}

function Check({
  label,
  description,
  checked,
  onChange,
  testId,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId?: string;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line p-3">
      <input
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-brand"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span>
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-sm text-muted">{description}</span>
      </span>
    </label>
  );
}

/** The fewest and most days of delivery, side by side (a zone's, or a method's own). */
function DeliveryDays({
  min,
  max,
  errors,
  onMin,
  onMax,
  minDescription,
}: {
  min: string;
  max: string;
  errors: Record<string, string | undefined>;
  onMin: (v: string) => void;
  onMax: (v: string) => void;
  minDescription?: string;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field
        label="Fewest days"
        error={errors.delivery_days_min}
        {...(minDescription ? { description: minDescription } : {})}
      >
        {(p) => <input {...p} inputMode="numeric" value={min} onChange={(e) => onMin(e.target.value)} />}
      </Field>
      <Field label="Most days" error={errors.delivery_days_max}>
        {(p) => <input {...p} inputMode="numeric" value={max} onChange={(e) => onMax(e.target.value)} />}
      </Field>
    </div>
  );
}

function Buttons({
  pending,
  stale,
  onClose,
  label,
}: {
  pending: boolean;
  stale: boolean;
  onClose: () => void;
  label: string;
}) {
  return (
    <SheetButtons>
      <Button onPress={onClose}>{stale ? 'Close and reload' : 'Cancel'}</Button>
      <Button type="submit" variant="primary" isDisabled={pending || stale} data-testid="save-shipping">
        {pending ? 'Saving…' : label}
      </Button>
    </SheetButtons>
  );
}

/** Add or edit a zone: where it delivers, Cash on Delivery and its fee, the days, on or off. */
export function ZoneEditor({
  zone,
  shipping,
  onClose,
}: {
  zone: AdminShippingZone | null;
  shipping: AdminShipping;
  onClose: () => void;
}) {
  const home = shipping.countries.find((c) => c.iso2 === 'IN') ?? shipping.countries[0];
  const [f, setF] = useState({
    name: zone?.name ?? '',
    country_id: zone?.country_id ?? home?.id ?? 0,
    state_ids: zone?.state_ids ?? [],
    postcodes: zone?.postcodes ?? '',
    cod_available: zone?.cod_available ?? true,
    cod_fee: minorToInput(zone?.cod_fee_minor ?? 0),
    days_min: String(zone?.delivery_days_min ?? 3),
    days_max: String(zone?.delivery_days_max ?? 7),
    is_active: zone?.is_active ?? true,
  });
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const country = shipping.countries.find((c) => c.id === f.country_id);
  const body = (): AdminShippingZoneInput => ({
    name: f.name,
    country_id: f.country_id,
    state_ids: f.state_ids,
    postcodes: f.postcodes,
    cod_available: f.cod_available,
    cod_fee_minor: parseMoney(f.cod_fee) ?? 0,
    delivery_days_min: wholeOrNull(f.days_min) ?? Number.NaN,
    delivery_days_max: wholeOrNull(f.days_max) ?? Number.NaN,
    is_active: f.is_active,
  });
  const s = useSave(async () =>
    zone
      ? call(adminShippingApi.updateZone, {
          params: { id: zone.id },
          body: body(),
          headers: { 'if-match': String(zone.version) },
        })
      : call(adminShippingApi.createZone, { body: body() }),
  );
  const sign = currencySign(country?.currency ?? shipping.currency);
  return (
    <Sheet title={zone ? `Edit ${zone.name}` : 'New shipping zone'} isOpen onClose={onClose} testId="zone-editor">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void s.save((z) => z.name, onClose);
        }}
      >
        {s.formError && <FormMessage tone={s.stale ? 'error' : 'error'}>{s.formError}</FormMessage>}
        <Field label="Name" error={s.errors.name} description="For you; shoppers do not see it.">
          {(p) => <input {...p} value={f.name} onChange={(e) => set('name', e.target.value)} data-testid="zone-name" />}
        </Field>
        <Field label="Country" error={s.errors.country_id}>
          {(p) => (
            <select
              {...p}
              value={f.country_id}
              onChange={(e) => setF((x) => ({ ...x, country_id: Number(e.target.value), state_ids: [] }))}
              data-testid="zone-country"
            >
              {shipping.countries.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {country && country.states.length > 0 && (
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium">States</legend>
            <p className="text-sm text-muted">
              {f.state_ids.length === 0
                ? `None ticked: all of ${country.name}.`
                : `${f.state_ids.length} ticked: only addresses in them.`}
            </p>
            <div
              className="mt-1.5 grid max-h-56 grid-cols-1 overflow-y-auto rounded-xl border border-line sm:grid-cols-2"
              data-testid="zone-states"
            >
              {country.states.map((st) => (
                <label key={st.id} className="flex min-h-11 cursor-pointer items-center gap-3 px-3 text-sm">
                  <input
                    type="checkbox"
                    className="size-5 shrink-0 accent-brand"
                    checked={f.state_ids.includes(st.id)}
                    onChange={(e) =>
                      set(
                        'state_ids',
                        e.target.checked ? [...f.state_ids, st.id] : f.state_ids.filter((x) => x !== st.id),
                      )
                    }
                  />
                  {st.name}
                </label>
              ))}
            </div>
            {s.errors.state_ids && <p className="mt-1 text-sm font-medium text-red-700">{s.errors.state_ids}</p>}
          </fieldset>
        )}
        {country?.has_postcodes !== false && (
          <Field
            label="Postcodes"
            error={s.errors.postcodes}
            description={`Ranges or single postcodes, separated by commas, such as 560001-560099, 110001. Empty: every postcode${country?.postcode_digits ? ` (${country.postcode_digits} digits each)` : ''}.`}
          >
            {(p) => (
              <textarea
                {...p}
                rows={2}
                inputMode="numeric"
                value={f.postcodes}
                onChange={(e) => set('postcodes', e.target.value)}
                data-testid="zone-postcodes"
              />
            )}
          </Field>
        )}
        <DeliveryDays
          min={f.days_min}
          max={f.days_max}
          errors={s.errors}
          onMin={(v) => set('days_min', v)}
          onMax={(v) => set('days_max', v)}
        />
        <Check
          label="Cash on Delivery"
          description="Shoppers here may pay the courier in cash."
          checked={f.cod_available}
          onChange={(v) => set('cod_available', v)}
          testId="zone-cod"
        />
        {f.cod_available && (
          <Field label="Cash on Delivery fee" error={s.errors.cod_fee_minor} prefix={sign} description="0 for none.">
            {(p) => (
              <input
                {...p}
                inputMode="decimal"
                value={f.cod_fee}
                onChange={(e) => set('cod_fee', e.target.value)}
                data-testid="zone-cod-fee"
              />
            )}
          </Field>
        )}
        <Check
          label="Delivering here"
          description="Off: addresses here are not served (unless a later zone covers them)."
          checked={f.is_active}
          onChange={(v) => set('is_active', v)}
          testId="zone-active"
        />
        <Buttons pending={s.pending} stale={s.stale} onClose={onClose} label={zone ? 'Save zone' : 'Add zone'} />
      </form>
    </Sheet>
  );
}

/** Add or edit a method: its zone (or every zone), name, flat rate, free above, days, on or off. */
export function MethodEditor({
  method,
  zoneId,
  shipping,
  onClose,
}: {
  method: AdminShippingMethod | null;
  /** A new method's zone; null: every zone. */
  zoneId: number | null;
  shipping: AdminShipping;
  onClose: () => void;
}) {
  const [f, setF] = useState({
    zone: String(method ? (method.zone_id ?? '') : (zoneId ?? '')),
    name: method?.name ?? '',
    description: method?.description ?? '',
    price: minorToInput(method?.price_minor ?? null),
    free: minorToInput(method?.free_over_minor ?? null),
    days_min: method?.delivery_days_min === null || !method ? '' : String(method.delivery_days_min),
    days_max: method?.delivery_days_max === null || !method ? '' : String(method.delivery_days_max),
    is_active: method?.is_active ?? true,
  });
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const body = (): AdminShippingMethodInput => ({
    zone_id: f.zone === '' ? null : Number(f.zone),
    name: f.name,
    description: f.description,
    price_minor: parseMoney(f.price) ?? Number.NaN,
    free_over_minor: parseMoney(f.free),
    delivery_days_min: wholeOrNull(f.days_min),
    delivery_days_max: wholeOrNull(f.days_max),
    is_active: f.is_active,
  });
  const s = useSave(async () =>
    method
      ? call(adminShippingApi.updateMethod, {
          params: { code: method.code },
          body: body(),
          headers: { 'if-match': String(method.version) },
        })
      : call(adminShippingApi.createMethod, { body: body() }),
  );
  const sign = currencySign(shipping.zones.find((z) => String(z.id) === f.zone)?.currency ?? shipping.currency);
  return (
    <Sheet
      title={method ? `Edit ${method.name}` : 'New shipping method'}
      isOpen
      onClose={onClose}
      testId="method-editor"
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void s.save((m) => m.name, onClose);
        }}
      >
        {s.formError && <FormMessage tone="error">{s.formError}</FormMessage>}
        <Field label="Offered in" error={s.errors.zone_id}>
          {(p) => (
            <select {...p} value={f.zone} onChange={(e) => set('zone', e.target.value)} data-testid="method-zone">
              {shipping.zones.map((z) => (
                <option key={z.id} value={z.id}>
                  {z.name}
                </option>
              ))}
              <option value="">Every zone</option>
            </select>
          )}
        </Field>
        <Field label="Name" error={s.errors.name} description="Shoppers choose it by this name at checkout.">
          {(p) => (
            <input {...p} value={f.name} onChange={(e) => set('name', e.target.value)} data-testid="method-name" />
          )}
        </Field>
        <Field
          label="Description"
          error={s.errors.description}
          description="Under the name, such as “3–6 working days”."
        >
          {(p) => <input {...p} value={f.description} onChange={(e) => set('description', e.target.value)} />}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Flat rate" error={s.errors.price_minor} prefix={sign} description="0: free.">
            {(p) => (
              <input
                {...p}
                inputMode="decimal"
                value={f.price}
                onChange={(e) => set('price', e.target.value)}
                data-testid="method-price"
              />
            )}
          </Field>
          <Field label="Free above" error={s.errors.free_over_minor} prefix={sign} description="Empty: never free.">
            {(p) => (
              <input
                {...p}
                inputMode="decimal"
                value={f.free}
                onChange={(e) => set('free', e.target.value)}
                data-testid="method-free"
              />
            )}
          </Field>
        </div>
        <DeliveryDays
          min={f.days_min}
          max={f.days_max}
          errors={s.errors}
          onMin={(v) => set('days_min', v)}
          onMax={(v) => set('days_max', v)}
          minDescription="Empty: the zone’s."
        />
        <Check
          label="Offered"
          description="Off: shoppers are not offered it."
          checked={f.is_active}
          onChange={(v) => set('is_active', v)}
          testId="method-active"
        />
        <Buttons pending={s.pending} stale={s.stale} onClose={onClose} label={method ? 'Save method' : 'Add method'} />
      </form>
    </Sheet>
  );
}
