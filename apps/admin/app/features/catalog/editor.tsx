import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, adminCatalogApi, type AdminProduct } from '@shopfront/shared';
import { SaveFailure } from '../../components/ui/form-message';
import { SaveBar, SaveButton } from '../../components/ui/save-bar';
import { call, errorText } from '../../lib/api';
import { success } from '../../lib/toast';
import { savedToast } from '../../lib/undo';
import { FormField, FormSection } from '../../components/ui/form-field';
import {
  emptyForm,
  formPath,
  fromProduct,
  slugify,
  toBody,
  unpricedWarnings,
  withChannels,
  type Channel,
  type ProductForm,
} from './form-model';
import { CATALOG_KEY, productKey } from './queries';
import { ProductActions } from './product-actions';
import { VariantsSection } from './variants-grid';
import { CategoryPicker, CollectionsPicker } from './taxonomy-pickers';
import { PicturesSection } from './pictures/pictures-section';
import { taxRatesQuery } from '../tax/queries';

/**
 * The product editor, new and edit: checked with the shared schema (loaded on the first save)
 * and by the server, whose 422 messages land beside their fields. An edit is sent with
 * `If-Match: <version>`: when someone else saved in between it is refused and a reload offered.
 */
export default function ProductEditor({ product, channels }: { product?: AdminProduct; channels: Channel[] }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<ProductForm>({
    defaultValues: product ? fromProduct(product, channels) : emptyForm(channels),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [slugTouched, setSlugTouched] = useState(!!product);
  const status = useWatch({ control: form.control, name: 'status' });
  const variants = useWatch({ control: form.control, name: 'variants' });
  const unpriced = unpricedWarnings(variants ?? []);
  // A channel added or deleted elsewhere in the panel: an untouched form starts again with its
  // column; one with edits gets the column added (or taken away) and keeps every edit.
  const channelIds = channels.map((c) => `${c.id}:${c.currency}`).join(',');
  const seenChannels = useRef(channelIds);
  useEffect(() => {
    if (seenChannels.current === channelIds) return;
    seenChannels.current = channelIds;
    if (!form.formState.isDirty) form.reset(product ? fromProduct(product, channels) : emptyForm(channels));
    else form.setValue('variants', withChannels(form.getValues('variants'), channels));
    // channelIds stands for channels (a new array of the same channels changes nothing).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channelIds]);

  const place = (path: string, message: string, values: ProductForm, first: boolean) => {
    const at = formPath(path, values);
    if (!at) return false;
    form.setError(at as never, { type: 'server', message }, { shouldFocus: first });
    return true;
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setStale(false);
    const withDescription = !product || form.getFieldState('description').isDirty;
    const body = toBody(values, { withDescription });
    // The shared schema first (its chunk loads with the first save): the same messages the API gives.
    const { AdminProductCreateSchema } = await import('./schema');
    const checked = AdminProductCreateSchema.safeParse(body);
    if (!checked.success) {
      let placed = 0;
      for (const issue of checked.error.issues) {
        if (place(issue.path.join('.'), issue.message, values, placed === 0)) placed++;
      }
      if (!placed) setFormError(checked.error.issues[0]?.message ?? 'Check the form');
      else setFormError('Some fields need a look; each says what is wrong.');
      return;
    }
    try {
      const res = product
        ? await call(adminCatalogApi.update, {
            params: { id: product.id },
            body,
            headers: { 'if-match': String(product.version) },
          })
        : await call(adminCatalogApi.create, { body });
      client.setQueryData(productKey(res.data.id), res.data);
      void client.invalidateQueries({ queryKey: CATALOG_KEY, predicate: (q) => q.queryKey[1] !== 'product' });
      if (product) {
        // Undo puts the fields, options, SKUs and prices back; stock has its own history and stays.
        const ids = (p: AdminProduct) => p.variants.map((v) => v.id).join(',');
        const stockNote = ids(product) !== ids(res.data) ? ' · Undo leaves stock as it is' : '';
        savedToast(client, res.message ?? 'Product saved', {
          description: `${res.data.title}${stockNote}`,
          offer: res.undo,
          refresh: [CATALOG_KEY],
        });
      } else void success(res.message ?? 'Product created', res.data.title);
      if (product) form.reset(fromProduct(res.data, channels));
      else navigate(`/products/${encodeURIComponent(res.data.id)}`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setStale(true);
        setFormError(err.message);
        return;
      }
      if (err instanceof ApiError && err.status === 422) {
        let placed = 0;
        for (const [path, list] of Object.entries(err.errors)) {
          if (list[0] && place(path, list[0], values, placed === 0)) placed++;
        }
        setFormError(placed ? 'Some fields need a look; each says what is wrong.' : err.message);
        return;
      }
      setFormError(errorText(err));
    }
  });

  const reload = async () => {
    if (!product) return;
    const fresh = await client.fetchQuery({
      queryKey: productKey(product.id),
      queryFn: async () => (await call(adminCatalogApi.get, { params: { id: product.id } })).data,
      staleTime: 0,
    });
    form.reset(fromProduct(fresh, channels));
    setStale(false);
    setFormError(null);
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="mx-auto max-w-3xl space-y-4" data-testid="product-form">
        {product && <ProductActions product={product} />}
        <FormSection title="Product">
          <FormField name="title" label="Title" testId="title" />
          <SlugAutofill enabled={!slugTouched} />
          <div onInput={() => setSlugTouched(true)}>
            <FormField
              name="slug"
              label="Link (slug)"
              testId="slug"
              description={
                product
                  ? `Shop address: ${product.url}. If you change it, the old link keeps working and leads here.`
                  : 'Made from the title; the end of the product’s address in the shop.'
              }
            />
          </div>
          <FormField
            name="short_description"
            label="Short description"
            description="One or two lines under the title."
          />
          <FormField
            name="description"
            label="Description"
            as="textarea"
            rows={6}
            description="Plain text: leave an empty line between paragraphs; each becomes a paragraph."
          />
          {!product && (
            <p className="rounded-xl bg-stone-50 px-3 py-2 text-sm text-muted">
              Pictures can be added once the product is created.
            </p>
          )}
        </FormSection>
        {product && <PicturesSection productId={product.id} />}
        <FormSection title="Status">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="status" label="Status" as="select" testId="status">
              <option value="draft">Draft (only you see it)</option>
              <option value="published">Published (in the shop)</option>
              <option value="scheduled">Scheduled (goes live later)</option>
            </FormField>
            {status === 'scheduled' && (
              <FormField name="publish_at" label="Goes live at" type="datetime-local" description="Your time zone." />
            )}
          </div>
        </FormSection>
        <VariantsSection channels={channels} />
        <FormSection title="Organise">
          <div className="grid gap-4 sm:grid-cols-2">
            <CategoryPicker />
            <FormField name="brand" label="Brand" />
            <FormField name="tags" label="Tags" description="Comma separated." className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <CollectionsPicker />
            </div>
          </div>
        </FormSection>
        <FormSection title="Search engines">
          <FormField name="seo_title" label="SEO title" description="Leave empty to use the title." />
          <FormField name="seo_description" label="SEO description" as="textarea" rows={3} />
        </FormSection>
        <FormSection title="Tax and shipping">
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField name="hsn_code" label="HSN code" inputMode="numeric" description="4, 6 or 8 digits." />
            <TaxClassField />
            <FormField name="weight_grams" label="Weight (grams)" inputMode="numeric" />
          </div>
        </FormSection>
        {formError && (
          <SaveFailure message={formError} stale={stale} onReload={() => void reload()} what="the product" />
        )}
        <SaveBar testId="save-bar">
          {status === 'published' && unpriced.length > 0 && (
            <p className="mb-2 text-sm text-amber-800" role="status" data-testid="unpriced-warning">
              {unpriced.join(' ')}
            </p>
          )}
          <SaveButton submitting={form.formState.isSubmitting}>{product ? 'Save' : 'Create product'}</SaveButton>
        </SaveBar>
      </form>
    </FormProvider>
  );
}

/** A new product's slug follows its title until the owner types one. */
function SlugAutofill({ enabled }: { enabled: boolean }) {
  const { control, setValue } = useFormContext<ProductForm>();
  const title = useWatch({ control, name: 'title' });
  useEffect(() => {
    if (enabled) setValue('slug', slugify(title ?? ''));
  }, [enabled, title, setValue]);
  return null;
}

/** The product's tax class: one of the shop's classes (the Tax screen's), each with its rate. */
function TaxClassField() {
  const { control } = useFormContext<ProductForm>();
  const current = useWatch({ control, name: 'tax_class' });
  const rates = useQuery(taxRatesQuery);
  const list = rates.data?.rates ?? [];
  const known = list.some((r) => r.key === current);
  return (
    <FormField name="tax_class" label="Tax class" as="select" description="Rates are set on the Tax screen.">
      {!known && <option value={current}>{rates.isPending ? 'Loading…' : `${current} (taxed at standard)`}</option>}
      {list.map((r) => (
        <option key={r.key} value={r.key}>
          {r.label} ({r.rate_percent}%)
        </option>
      ))}
    </FormField>
  );
}
