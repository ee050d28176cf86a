import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  ApiError,
  PINCODE_MAX_LENGTH,
  PINCODE_STORAGE_KEY,
  callEndpoint,
  invalidPincodeMessage,
  pincodeApi,
  pincodeMessages,
  postcodePatternOf,
  type PincodeCheck,
} from '@shopfront/shared';
import { inputBorder, inputClass } from '../../components/ui/field';
import { CheckIcon, TruckIcon } from '../../components/ui/icons';
import { browserTransport } from '../../lib/api.client';
import { useShopData } from '../../lib/shop';
import { usePlugin } from './installed';

type State =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'done'; result: PincodeCheck } | { kind: 'error'; message: string };

/** "Tue, 14 Jan" for a YYYY-MM-DD date (read as a calendar date, whatever the browser's zone). */
function shortDate(iso: string): string {
  const d = new Date(`${iso}T12:00:00Z`);
  return d.toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

function readStored(): string {
  try {
    return window.localStorage.getItem(PINCODE_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function store(pincode: string) {
  try {
    window.localStorage.setItem(PINCODE_STORAGE_KEY, pincode);
  } catch {
    // Private mode or storage full: the check still works, it is just not remembered.
  }
}

/**
 * "Check delivery" on product pages (PincodeAvaliability plugin): a pincode box whose answer comes
 * from the same shipping zones as the checkout. The pincode is kept in localStorage and checked
 * again on the next product page. The shape is checked in the browser with the contract's own
 * pattern and message (no zod on this page); the server checks again. Nothing in a channel
 * whose country has no postcodes (the UAE: `has_postcodes` false), where the API has no check.
 */
export function PincodeCheckBox({ countryIso2 = 'IN' }: { countryIso2?: string }) {
  const hasPostcodes = useShopData()?.storefront.channel.country.has_postcodes !== false;
  const installed = Boolean(usePlugin('PincodeAvaliability')) && hasPostcodes;
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });

  const run = async (pincode: string) => {
    const trimmed = pincode.trim();
    if (!trimmed) return setState({ kind: 'error', message: pincodeMessages.required });
    if (!postcodePatternOf(countryIso2).test(trimmed)) {
      return setState({ kind: 'error', message: invalidPincodeMessage(countryIso2) });
    }
    setState({ kind: 'checking' });
    try {
      const { data } = await callEndpoint(browserTransport, pincodeApi.check, { query: { pincode: trimmed } });
      store(data.pincode);
      setState({ kind: 'done', result: data });
    } catch (err) {
      const message =
        err instanceof ApiError ? (err.errors.pincode?.[0] ?? err.message) : 'Could not check this pincode just now';
      setState({ kind: 'error', message });
    }
  };

  // The pincode checked on an earlier product page is checked again here.
  useEffect(() => {
    if (!installed) return;
    const saved = readStored();
    if (saved) {
      if (inputRef.current) inputRef.current.value = saved;
      // Checked from storage (an outside source), once the first render is on screen.
      void Promise.resolve().then(() => run(saved));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [installed]);

  if (!installed) return null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void run(inputRef.current?.value ?? '');
  };
  const error = state.kind === 'error' ? state.message : undefined;
  const result = state.kind === 'done' ? state.result : null;

  return (
    <section aria-labelledby={`${id}-title`} className="pincode-check rounded-2xl border border-ink/10 p-4 sm:p-5">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <TruckIcon className="size-5 text-primary" /> Check delivery
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex gap-2">
        <label htmlFor={`${id}-pincode`} className="sr-only">
          Pincode
        </label>
        <input
          id={`${id}-pincode`}
          name="pincode"
          ref={inputRef}
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="Enter pincode"
          maxLength={PINCODE_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-result`}
          className={`${inputClass} ${inputBorder(error)} min-w-0 flex-1`}
        />
        <button type="submit" className="btn btn-outline h-12 shrink-0 px-5" disabled={state.kind === 'checking'}>
          {state.kind === 'checking' ? 'Checking…' : 'Check'}
        </button>
      </form>
      <div id={`${id}-result`} role="status" aria-live="polite" className="mt-3 text-sm empty:mt-0">
        {error && (
          <p className="font-medium text-red-700" data-pincode-result="error">
            {error}
          </p>
        )}
        {result &&
          (result.serviceable ? (
            <div data-pincode-result="served" className="space-y-1.5">
              {result.delivery && (
                <p className="font-medium text-ink">
                  Delivery by <strong>{shortDate(result.delivery.by)}</strong>{' '}
                  <span className="font-normal text-muted">
                    (
                    {result.delivery.min_days === result.delivery.max_days
                      ? result.delivery.max_days
                      : `${result.delivery.min_days}–${result.delivery.max_days}`}{' '}
                    working days)
                  </span>
                </p>
              )}
              <p
                className={`flex items-center gap-1.5 ${result.cod ? 'text-emerald-800' : 'text-muted'}`}
                data-cod={result.cod ? 'yes' : 'no'}
              >
                {result.cod && <CheckIcon className="size-4" />}
                {result.cod ? 'Cash on Delivery available' : 'Cash on Delivery is not available for this pincode'}
              </p>
            </div>
          ) : (
            <p className="font-medium text-red-700" data-pincode-result="not-served">
              {result.message}
            </p>
          ))}
      </div>
    </section>
  );
}
