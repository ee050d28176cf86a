import { useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { applyToAll, type AllVariants, type Channel, type ProductForm } from './form-model';

const blank = (channels: Channel[]): AllVariants => ({
  prices: Object.fromEntries(channels.map((c) => [c.id, { price: '', compare_at: '' }])),
  stock: '',
});

/**
 * A row above the variants: a price per channel, a compare-at and an opening stock typed once
 * and copied into every variant ("Apply to all variants"); each variant can still be changed
 * after. An empty field leaves the variants' own values.
 */
export function ApplyToAll({
  channels,
  count,
  newVariants,
}: {
  channels: Channel[];
  count: number;
  newVariants: boolean;
}) {
  const { getValues, setValue } = useFormContext<ProductForm>();
  const [all, setAll] = useState<AllVariants>(() => blank(channels));
  const [done, setDone] = useState('');
  const id = useId();
  const typed =
    all.stock.trim() !== '' ||
    Object.values(all.prices).some((p) => p.price.trim() !== '' || p.compare_at.trim() !== '');
  const apply = () => {
    setValue('variants', applyToAll(getValues('variants'), all), { shouldDirty: true });
    setDone(`Applied to all ${count} variants.`);
  };
  const input = (
    key: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    mode: 'decimal' | 'numeric',
  ) => (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="input"
        inputMode={mode}
        value={value}
        data-testid={`all-${key}`}
        onChange={(e) => {
          setDone('');
          onChange(e.target.value);
        }}
      />
    </div>
  );
  return (
    <fieldset className="rounded-xl border border-dashed border-stone-400 bg-stone-50 p-3" data-testid="apply-to-all">
      <legend className="px-1 text-sm font-semibold">Same for every variant</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {channels.map((c) => (
          <div key={c.id} className="col-span-2 grid grid-cols-2 gap-3">
            {input(
              `price-${c.currency}`,
              `Price (${c.currency})`,
              all.prices[c.id]?.price ?? '',
              (v) => setAll((a) => ({ ...a, prices: { ...a.prices, [c.id]: { ...a.prices[c.id]!, price: v } } })),
              'decimal',
            )}
            {input(
              `compare-${c.currency}`,
              `Compare-at (${c.currency})`,
              all.prices[c.id]?.compare_at ?? '',
              (v) => setAll((a) => ({ ...a, prices: { ...a.prices, [c.id]: { ...a.prices[c.id]!, compare_at: v } } })),
              'decimal',
            )}
          </div>
        ))}
        {newVariants &&
          input('stock', 'Opening stock', all.stock, (v) => setAll((a) => ({ ...a, stock: v })), 'numeric')}
        <div className={`flex items-end ${newVariants ? '' : 'col-span-2'}`}>
          <Button className="w-full" onPress={apply} isDisabled={!typed} data-testid="apply-all">
            Apply to all variants
          </Button>
        </div>
      </div>
      <p className="mt-2 text-sm text-muted" aria-live="polite" data-testid="apply-all-done">
        {done || 'Empty fields leave each variant as it is.'}
      </p>
    </fieldset>
  );
}
