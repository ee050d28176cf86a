import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, adminTaxApi, type TaxRate, type TaxRates } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { Failed, Loading } from '../../components/ui/states';
import { call, errorText } from '../../lib/api';
import { success } from '../../lib/toast';
import { taxRatesQuery } from './queries';

const TAX_RATES_QUERY = taxRatesQuery.queryKey;

/** The field messages of a failed save, and its message when no field names it. */
function errorsOf(err: unknown): { label?: string; rate?: string; form?: string } {
  if (err instanceof ApiError && (err.errors.label || err.errors.rate_percent))
    return { label: err.errors.label?.[0], rate: err.errors.rate_percent?.[0] };
  return { form: errorText(err) };
}

/** What the owner typed as a rate: a number, or NaN (the server's message then says why). */
const rateOf = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed.replace(',', '.')));

/** The tax classes and their GST rates: each editable, new ones added, unused ones deleted. */
export function RatesTable() {
  const rates = useQuery(taxRatesQuery);
  if (rates.isPending) return <Loading />;
  if (rates.isError) return <Failed error={rates.error} retry={() => void rates.refetch()} />;
  return (
    <div className="space-y-4" data-testid="tax-rates">
      <div>
        <div
          aria-hidden="true"
          className="hidden gap-3 pb-2 text-sm font-medium text-slate-600 sm:grid sm:grid-cols-[1fr_6rem_11rem]"
        >
          <span>Class</span>
          <span>Rate (%)</span>
        </div>
        <ul aria-label="Tax classes" className="divide-y divide-slate-200">
          {rates.data.rates.map((r) => (
            <li key={`${r.key}:${r.version}`}>
              <RateRow rate={r} />
            </li>
          ))}
        </ul>
      </div>
      <AddRate />
    </div>
  );
}

function useSetRates() {
  const client = useQueryClient();
  return {
    replace: (rate: TaxRate) =>
      client.setQueryData<TaxRates>(TAX_RATES_QUERY, (old) =>
        old ? { rates: old.rates.map((r) => (r.key === rate.key ? rate : r)) } : old,
      ),
    set: (data: TaxRates) => client.setQueryData(TAX_RATES_QUERY, data),
    reload: () => client.invalidateQueries({ queryKey: TAX_RATES_QUERY }),
  };
}

function RateRow({ rate }: { rate: TaxRate }) {
  const id = useId();
  const rates = useSetRates();
  const [label, setLabel] = useState(rate.label);
  const [typed, setTyped] = useState(String(rate.rate_percent));
  const [errors, setErrors] = useState<ReturnType<typeof errorsOf>>({});
  const [busy, setBusy] = useState(false);
  const changed = label !== rate.label || rateOf(typed) !== rate.rate_percent;
  const standard = rate.key === 'standard';

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const { data, message } = await call(adminTaxApi.saveRate, {
        params: { key: rate.key },
        body: { label, rate_percent: rateOf(typed) },
        headers: { 'if-match': `"${rate.version}"` },
      });
      rates.replace(data);
      void success(message ?? 'Saved');
    } catch (err) {
      setErrors(errorsOf(err));
      if (err instanceof ApiError && err.status === 409) void rates.reload();
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setErrors({});
    try {
      const { data, message } = await call(adminTaxApi.deleteRate, { params: { key: rate.key } });
      rates.set(data);
      void success(message ?? 'Deleted');
    } catch (err) {
      setErrors(errorsOf(err));
      setBusy(false);
    }
  };

  return (
    <form
      aria-label={`Tax class ${rate.label}`}
      onSubmit={(e) => void save(e)}
      noValidate
      className="grid grid-cols-[1fr_6rem] gap-x-3 gap-y-2 py-3 sm:grid-cols-[1fr_6rem_11rem] sm:items-start"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-label`} className="sr-only">
          Name of the class {rate.label}
        </label>
        <input
          id={`${id}-label`}
          className="input"
          value={label}
          onChange={(e) => {
            setLabel(e.target.value);
            setErrors({});
          }}
          aria-invalid={errors.label ? true : undefined}
          aria-describedby={`${id}-use`}
        />
        <span id={`${id}-use`} className="text-xs text-slate-600">
          {standard ? 'Also shipping and the COD fee · ' : ''}
          {rate.products === 0 ? 'No products' : `${rate.products} product${rate.products === 1 ? '' : 's'}`}
        </span>
        {errors.label && <span className="text-sm font-medium text-red-700">{errors.label}</span>}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-rate`} className="sr-only">
          Rate of {rate.label} in percent
        </label>
        <input
          id={`${id}-rate`}
          className="input"
          inputMode="decimal"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setErrors({});
          }}
          aria-invalid={errors.rate ? true : undefined}
        />
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1">
        <Button type="submit" variant="primary" isDisabled={!changed || busy}>
          Save
        </Button>
        {!standard && (
          <Button
            variant="quiet"
            isDisabled={busy || rate.products > 0}
            onPress={() => void remove()}
            aria-label={`Delete ${rate.label}`}
          >
            Delete
          </Button>
        )}
        {!standard && rate.products > 0 && (
          <span className="text-xs text-slate-600">
            In use by {rate.products} product{rate.products === 1 ? '' : 's'}: cannot be deleted
          </span>
        )}
      </div>
      {errors.rate && (
        <span className="col-span-full text-sm font-medium text-red-700" role="alert">
          {errors.rate}
        </span>
      )}
      {errors.form && (
        <div className="col-span-full">
          <FormMessage>{errors.form}</FormMessage>
        </div>
      )}
    </form>
  );
}

function AddRate() {
  const id = useId();
  const rates = useSetRates();
  const [label, setLabel] = useState('');
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof errorsOf>>({});
  const [busy, setBusy] = useState(false);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const { message } = await call(adminTaxApi.addRate, { body: { label, rate_percent: rateOf(typed) } });
      await rates.reload();
      setLabel('');
      setTyped('');
      void success(message ?? 'Added');
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(e) => void add(e)}
      noValidate
      aria-labelledby={`${id}-title`}
      className="rounded-md border border-dashed border-slate-300 p-3"
    >
      <h3 id={`${id}-title`} className="mb-2 text-sm font-semibold">
        Add a class
      </h3>
      <div className="grid grid-cols-[1fr_6rem] gap-3 sm:grid-cols-[1fr_6rem_11rem] sm:items-end">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-label`} className="text-sm font-medium">
            Name
          </label>
          <input
            id={`${id}-label`}
            className="input"
            placeholder="GST 28%"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            aria-invalid={errors.label ? true : undefined}
          />
          {errors.label && <span className="text-sm font-medium text-red-700">{errors.label}</span>}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-rate`} className="text-sm font-medium">
            Rate (%)
          </label>
          <input
            id={`${id}-rate`}
            className="input"
            inputMode="decimal"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-invalid={errors.rate ? true : undefined}
          />
          {errors.rate && <span className="text-sm font-medium text-red-700">{errors.rate}</span>}
        </div>
        <div className="col-span-2 sm:col-span-1">
          <Button type="submit" isDisabled={busy}>
            Add class
          </Button>
        </div>
      </div>
      {errors.form && <FormMessage>{errors.form}</FormMessage>}
    </form>
  );
}
