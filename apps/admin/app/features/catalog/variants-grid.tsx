import { Link } from 'react-router';
import { useEffect } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { ApplyToAll } from './apply-to-all';
import { FormField, FormSection } from '../../components/ui/form-field';
import { parsedOptions, sameGrid, variantsFor, type Channel, type ProductForm } from './form-model';

/** Options (Size: S, M, L) and the variants they make, each with SKU, prices per channel and stock. */
export function VariantsSection({ channels }: { channels: Channel[] }) {
  const { control, getValues, setValue } = useFormContext<ProductForm>();
  const options = useFieldArray({ control, name: 'options' });
  const watched = useWatch({ control, name: 'options' });
  const variants = useWatch({ control, name: 'variants' });
  const key = JSON.stringify(parsedOptions(watched ?? []));

  // The grid follows the options: a new value adds its rows, a removed one takes them away.
  useEffect(() => {
    const form = getValues();
    const next = variantsFor(form, channels);
    if (!sameGrid(next, form.variants)) setValue('variants', next, { shouldDirty: true });
  }, [key, channels, getValues, setValue]);

  return (
    <>
      <FormSection
        title="Options"
        description="Such as Size: S, M, L or Colour: Olive, Sage. Each combination is a variant."
      >
        {options.fields.map((o, i) => (
          <div key={o.id} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
            <FormField name={`options.${i}.name`} label="Option" testId={`option-name-${i}`} />
            <FormField
              name={`options.${i}.values`}
              label="Values, comma separated"
              testId={`option-values-${i}`}
              className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto"
            />
            <Button
              variant="quiet"
              className="mt-7"
              onPress={() => options.remove(i)}
              aria-label={`Remove option ${i + 1}`}
            >
              Remove
            </Button>
          </div>
        ))}
        {options.fields.length < 3 && (
          <Button
            onPress={() => options.append({ name: options.fields.length ? 'Colour' : 'Size', values: '' })}
            data-testid="add-option"
          >
            Add an option
          </Button>
        )}
      </FormSection>
      <FormSection
        title={`Variants (${variants?.length ?? 0})`}
        description="Prices in each channel's currency; leave a channel empty to not sell the variant there. Compare-at is the struck-through price."
      >
        {(variants?.length ?? 0) > 1 && (
          <ApplyToAll channels={channels} count={variants!.length} newVariants={variants!.some((v) => !v.id)} />
        )}
        <ul className="space-y-4" data-testid="variants-grid">
          {(variants ?? []).map((v, i) => (
            <li key={JSON.stringify(v.options)} className="rounded-xl border border-line p-3" data-testid="variant-row">
              <p className="mb-2 text-sm font-semibold">{Object.values(v.options).join(' / ') || 'The product'}</p>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                <FormField name={`variants.${i}.sku`} label="SKU" className="col-span-2" testId={`sku-${i}`} />
                {v.id ? (
                  <div className="col-span-2 flex flex-col gap-1.5 text-sm">
                    <span className="font-medium">Stock</span>
                    <span className="py-2 tabular-nums">
                      {v.stock}{' '}
                      <span className="text-muted">
                        · change it from the product list’s Stock or the{' '}
                        <Link to="/products/bulk" className="underline">
                          bulk editor
                        </Link>
                      </span>
                    </span>
                  </div>
                ) : (
                  <FormField
                    name={`variants.${i}.stock`}
                    label="Opening stock"
                    inputMode="numeric"
                    testId={`opening-stock-${i}`}
                  />
                )}
                {v.prices.map((p, j) => (
                  <div key={p.channel_id} className="col-span-2 grid grid-cols-2 gap-3">
                    <FormField
                      name={`variants.${i}.prices.${j}.price`}
                      label={`Price (${p.currency})`}
                      inputMode="decimal"
                      testId={`price-${i}-${p.currency}`}
                    />
                    <FormField
                      name={`variants.${i}.prices.${j}.compare_at`}
                      label={`Compare-at (${p.currency})`}
                      inputMode="decimal"
                    />
                  </div>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </FormSection>
    </>
  );
}
