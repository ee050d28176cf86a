import { useId, useState } from 'react';
import { ApiError } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { currentStock, useSetStock } from './queries';

/**
 * One variant's stock, editable in place. Saved with the number the screen showed as
 * `expected_stock`: when a sale (or someone else) moved it meanwhile the API refuses (409), and
 * the field says so with the number as it is now; nothing is overwritten.
 */
export function StockInput({ variant }: { variant: { id: string; sku: string; title: string; stock: number } }) {
  const id = useId();
  const [base, setBase] = useState(variant.stock);
  const [value, setValue] = useState(String(variant.stock));
  const [message, setMessage] = useState<string | null>(null);
  const save = useSetStock();
  const n = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(n) && n >= 0;
  const changed = valid && n !== base;

  const submit = () => {
    if (!changed) return;
    setMessage(null);
    save.mutate(
      { variant: { id: variant.id, stock: base }, stock: n },
      {
        onSuccess: (res) => {
          setBase(res.data.variant.stock);
          setValue(String(res.data.variant.stock));
        },
        onError: async (err) => {
          if (err instanceof ApiError && err.status === 409) {
            const now = await currentStock(variant.id).catch(() => null);
            if (now !== null) {
              setBase(now);
              setValue(String(now));
            }
            setMessage(`Someone changed it meanwhile: it is ${now ?? 'different'} now. Check and save again.`);
          } else if (err instanceof ApiError) {
            setMessage(Object.values(err.errors)[0]?.[0] ?? err.message);
          }
        },
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="min-w-0 flex-1 text-sm">
          <span className="block truncate font-medium">{variant.title || 'Default'}</span>
          <span className="block truncate text-xs text-muted">{variant.sku}</span>
        </label>
        <input
          id={id}
          inputMode="numeric"
          enterKeyHint="done"
          data-testid={`stock-${variant.sku}`}
          aria-invalid={!valid || undefined}
          aria-describedby={message ? `${id}-m` : undefined}
          className="input w-20 text-right tabular-nums"
          value={value}
          onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
        />
        <Button type="submit" variant={changed ? 'primary' : 'quiet'} isDisabled={!changed || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
      {message && (
        <p id={`${id}-m`} role="alert" className="text-sm font-medium text-amber-800">
          {message}
        </p>
      )}
    </form>
  );
}
