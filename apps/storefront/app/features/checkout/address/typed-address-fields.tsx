import { useState } from 'react';
import type { AddressField, Country } from '@shopfront/shared';
import { FieldFrame, describedBy, inputBorder, inputClass } from '../../../components/ui/field';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { ADDRESS_AUTOCOMPLETE, HALF_ROW_COLUMNS } from '../../addresses/address-field-layout';

/**
 * The typed fields of one of the address step's addresses, inside the step's one form: named
 * `<prefix>.<column>` (shipping.city, billing.city), with ids `<prefix>-<column>` that the
 * step's messages point at. Built from the shop's field definitions; `omit` leaves out the
 * columns the step asks once elsewhere (the contact's phone and e-mail). Each message lands
 * beside its field.
 */
export function TypedAddressFields({
  prefix,
  idBase,
  fields,
  countries,
  initial,
  errors,
  omit = [],
}: {
  prefix: string;
  idBase: string;
  fields: readonly AddressField[];
  countries: readonly Country[];
  initial: Record<string, string>;
  /** Messages by column. */
  errors: Record<string, string | undefined>;
  omit?: readonly string[];
}) {
  const [countryId, setCountryId] = useState(initial.country_id ?? '');
  const country = countries.find((c) => String(c.id) === countryId);
  const err = (k: string) => errors[k];
  return (
    <div className="grid gap-x-4 gap-y-4 sm:grid-cols-2">
      {fields.map((f) => {
        if (omit.includes(f.column_name)) return null;
        const fid = `${idBase}-${f.column_name}`;
        const error = err(f.column_name);
        const label = (
          <>
            {f.label}
            {!f.is_required && <span className="ml-1.5 text-xs font-normal text-muted">(optional)</span>}
          </>
        );
        const span = HALF_ROW_COLUMNS.has(f.column_name) ? '' : 'sm:col-span-2';
        // A country whose addresses carry no postcode (the UAE) is not asked for one.
        if (f.column_name === 'postcode' && country?.has_postcodes === false) return null;
        if (f.column_name === 'country_id' || f.column_name === 'state_id') {
          const isCountry = f.column_name === 'country_id';
          const options = isCountry ? countries : (country?.states ?? []);
          if (!isCountry && options.length === 0) return null;
          return (
            <FieldFrame key={f.column_name} id={fid} label={label} error={error} className={span}>
              <div className="relative">
                <select
                  // Another country's states are a new list, which starts unchosen.
                  key={isCountry ? 'country' : `state-${countryId}`}
                  id={fid}
                  name={`${prefix}.${f.column_name}`}
                  {...(isCountry
                    ? { value: countryId, onChange: (e) => setCountryId(e.target.value) }
                    : { defaultValue: countryId === initial.country_id ? (initial.state_id ?? '') : '' })}
                  autoComplete={isCountry ? 'country' : 'address-level1'}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(fid, error)}
                  className={`${inputClass} ${inputBorder(error)} appearance-none pr-10`}
                >
                  <option value="">{isCountry ? 'Select a country' : 'Select a state'}</option>
                  {options.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </select>
                <ChevronDownIcon className="pointer-events-none absolute inset-y-0 right-3 my-auto size-5 text-muted" />
              </div>
            </FieldFrame>
          );
        }
        return (
          <FieldFrame key={f.column_name} id={fid} label={label} error={error} className={span}>
            <input
              id={fid}
              name={`${prefix}.${f.column_name}`}
              type={f.column_name === 'email' ? 'email' : f.column_name === 'phone' ? 'tel' : 'text'}
              inputMode={f.column_name === 'phone' ? 'numeric' : undefined}
              autoComplete={ADDRESS_AUTOCOMPLETE[f.column_name]}
              defaultValue={initial[f.column_name] ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(fid, error)}
              className={`${inputClass} ${inputBorder(error)}`}
            />
          </FieldFrame>
        );
      })}
    </div>
  );
}
