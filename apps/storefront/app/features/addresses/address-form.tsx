import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  ADDRESS_COLUMNS,
  ADDRESS_TYPES,
  addressApi,
  addressBodySchema,
  callEndpoint,
  type Address,
  type AddressBody,
  type AddressField,
  type AddressFieldsByType,
  type AddressType,
  type Country,
} from '@shopfront/shared';
import { FieldFrame, TextField, describedBy, inputBorder, inputClass } from '../../components/ui/field';
import { ChevronDownIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { browserTransport } from '../../lib/api.client';
import { reportFailure } from '../auth/auth-api';
import { PhoneInput, cleanPhone } from '../auth/phone-input';
import { issuesByField } from '../auth/use-schema-form';
import { ADDRESS_AUTOCOMPLETE, HALF_ROW_COLUMNS } from './address-field-layout';
import { addressFormValues, withAddressIds, type AddressFormValues } from './address-mapping';

type Values = AddressFormValues & { address_type: AddressType; default: boolean };

function initialValues(address: Address | null, type: AddressType, countryId: number | null): Values {
  if (address) return { ...addressFormValues(address), address_type: address.address_type, default: address.default };
  const empty = Object.fromEntries(ADDRESS_COLUMNS.map((c) => [c, ''])) as AddressFormValues;
  return { ...empty, address_type: type, default: false, country_id: countryId === null ? '' : String(countryId) };
}

function Label({ field }: { field: AddressField }) {
  return (
    <>
      {field.label}
      {!field.is_required && <span className="ml-1.5 text-xs font-normal text-muted">(optional)</span>}
    </>
  );
}

function SelectField({
  id,
  label,
  value,
  onValue,
  error,
  children,
  name,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onValue: (v: string) => void;
  error?: string | undefined;
  children: ReactNode;
  name: string;
}) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <div className="relative">
        <select
          id={id}
          name={name}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          className={`${inputClass} ${inputBorder(error)} appearance-none pr-10`}
        >
          {children}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute inset-y-0 right-3 my-auto size-5 text-muted" />
      </div>
    </FieldFrame>
  );
}

export interface AddressFormProps {
  /** The address being edited; null adds a new one. */
  address: Address | null;
  /** Type of a new address (the section it was added from). */
  type: AddressType;
  fieldsByType: AddressFieldsByType;
  countries: readonly Country[];
  /** The shop's country: preselected for a new address. */
  defaultCountryId: number | null;
  /** True when the customer has no other address of the type (so this one is its default anyway). */
  onlyOfType: (type: AddressType) => boolean;
  onSaved: (address: Address, message: string | undefined) => void;
  onCancel: () => void;
}

/**
 * The add / edit address form, built from the shop's field definitions for the chosen type
 * (labels, order, which are required), with the country's phone code and length and its states.
 * Validated on submit with the same schema the API uses; the API's own 422 lands beside the
 * fields too.
 */
export function AddressForm({
  address,
  type,
  fieldsByType,
  countries,
  defaultCountryId,
  onlyOfType,
  onSaved,
  onCancel,
}: AddressFormProps) {
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => initialValues(address, type, defaultCountryId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const fields = fieldsByType[values.address_type];
  const country = countries.find((c) => String(c.id) === values.country_id) ?? null;
  const states = country?.states ?? [];

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      if (name === 'country_id') {
        const chosen = countries.find((c) => String(c.id) === value);
        // A state of the previous country means nothing in the new one; the number length may differ.
        if (!chosen?.states.some((s) => String(s.id) === prev.state_id)) next.state_id = '';
        if (chosen) next.phone = cleanPhone(prev.phone, chosen.mobile_number_length);
      }
      return next;
    });
    setErrors((prev) => {
      if (!(name in prev)) return prev;
      const { [name as string]: _gone, ...rest } = prev;
      return rest;
    });
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const body: AddressBody = withAddressIds(values);
    // Built when it is needed: the chosen type's fields, the chosen country's number length and states.
    const schema = addressBodySchema(
      fields,
      country?.mobile_number_length ?? 0,
      country ? { stateIds: country.states.map((s) => s.id), hasPostcodes: country.has_postcodes } : {},
    );
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      const { data, message } = address
        ? await callEndpoint(browserTransport, addressApi.update, { params: { id: address.id }, body })
        : await callEndpoint(browserTransport, addressApi.add, { body });
      onSaved(data, message);
    } catch (err) {
      reportFailure(err, {
        fields: [...ADDRESS_COLUMNS, 'address_type'],
        setErrors: (errs) => {
          setErrors(errs);
          focusFirstError();
        },
      });
    } finally {
      setSaving(false);
    }
  };

  const id = (c: string) => `${uid}-${c}`;
  const alreadyDefault = Boolean(address?.default && address.address_type === values.address_type);
  const firstOfType = onlyOfType(values.address_type);
  const typeLower = values.address_type.toLowerCase();
  // The default cannot be switched off here, only moved: a type with addresses always has one.
  const locked = alreadyDefault || firstOfType;

  const renderField = (f: AddressField) => {
    const span = HALF_ROW_COLUMNS.has(f.column_name) ? '' : 'sm:col-span-2';
    const c = f.column_name;
    if (c === 'country_id' || c === 'state_id') {
      const [options, placeholder] = c === 'country_id' ? [countries, 'Select a country'] : [states, 'Select a state'];
      if (options.length === 0 && c === 'state_id') return null;
      return (
        <div key={c} className={span}>
          <SelectField
            id={id(c)}
            name={c}
            label={<Label field={f} />}
            value={values[c]}
            onValue={(v) => set(c, v)}
            error={errors[c]}
          >
            <option value="">{placeholder}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </SelectField>
        </div>
      );
    }
    // A country whose addresses carry no postcode (the UAE) is not asked for one.
    if (c === 'postcode' && country?.has_postcodes === false) return null;
    if (c === 'phone') {
      return (
        <div key={c} className={span}>
          <PhoneInput
            id={id(c)}
            label={f.label + (f.is_required ? '' : ' (optional)')}
            value={values.phone}
            onValue={(v) => set('phone', v)}
            mobileCode={country?.mobile_code ?? '+'}
            length={country?.mobile_number_length ?? 15}
            error={errors.phone}
          />
        </div>
      );
    }
    return (
      <TextField
        key={c}
        id={id(c)}
        name={c}
        className={span}
        label={<Label field={f} />}
        type={c === 'email' ? 'email' : 'text'}
        autoComplete={ADDRESS_AUTOCOMPLETE[c]}
        {...(c === 'postcode' ? { autoCapitalize: 'characters' } : {})}
        value={values[c]}
        onValue={(v) => set(c, v)}
        error={errors[c]}
      />
    );
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-6 space-y-6" data-address-form>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink">Address type</legend>
        <div className="inline-flex rounded-full border border-ink/15 bg-surface p-1" role="radiogroup">
          {ADDRESS_TYPES.map((t) => (
            <label
              key={t}
              className={`cursor-pointer rounded-full px-4 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40 ${
                values.address_type === t ? 'bg-ink text-background' : 'text-ink hover:bg-ink/5'
              }`}
            >
              <input
                type="radio"
                name="address_type"
                value={t}
                checked={values.address_type === t}
                onChange={() => set('address_type', t)}
                className="sr-only"
              />
              {t}
            </label>
          ))}
        </div>
        {errors.address_type && <p className="mt-1.5 text-sm font-medium text-red-700">{errors.address_type}</p>}
      </fieldset>

      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">{fields.map(renderField)}</div>

      <div>
        <label
          className={`inline-flex items-center gap-2.5 text-sm text-ink select-none ${locked ? 'cursor-default' : 'cursor-pointer'}`}
        >
          <input
            type="checkbox"
            name="default"
            checked={locked || values.default}
            onChange={(e) => set('default', e.target.checked)}
            disabled={locked}
            aria-describedby={locked ? id('default-note') : undefined}
            className="size-4.5 rounded border-ink/30 accent-[var(--sf-primary)] disabled:opacity-70"
          />
          Use as my default {typeLower} address
        </label>
        {locked && (
          <p id={id('default-note')} className="mt-1.5 pl-7 text-xs text-muted">
            {alreadyDefault
              ? `This is your default ${typeLower} address. Make another one the default to change it.`
              : `Your first ${typeLower} address is your default.`}
          </p>
        )}
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-ink/10 pt-5 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className="btn btn-outline w-full sm:w-auto">
          Cancel
        </button>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={saving}>
          {saving && <Spinner />}
          Save Address
        </button>
      </div>
    </form>
  );
}
