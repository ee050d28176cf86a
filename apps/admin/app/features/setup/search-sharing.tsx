import { useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { SEO_LIMITS, adminSearchSharingApi, type SearchSharing } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { Failed, Loading, PageHeader } from '../../components/ui/states';
import { call, errorText } from '../../lib/api';
import { applyApiError, sharedSchema } from '../../lib/form';
import { savedToast } from '../../lib/undo';
import { SEARCH_SHARING_QUERY, uploadSharingPicture, useSearchSharing } from './search-sharing-api';

/** The form's values: an empty picture address is "none" (null in the body). */
interface Values {
  title: string;
  description: string;
  social_sharing_image: string;
  favicon: string;
}
const FIELDS = ['title', 'description', 'social_sharing_image', 'favicon'] as const;
const toBody = (v: Values) => ({
  title: v.title,
  description: v.description,
  social_sharing_image: v.social_sharing_image.trim() || null,
  favicon: v.favicon.trim() || null,
});
const toValues = (s: SearchSharing): Values => ({
  title: s.title,
  description: s.description,
  social_sharing_image: s.social_sharing_image ?? '',
  favicon: s.favicon ?? '',
});

/**
 * Search and sharing (issue 25): the home page's title and description, the picture of a shared
 * link and the tab's icon, with a live preview of the search result and the shared link.
 */
export function SearchSharingSettings() {
  const query = useSearchSharing();
  if (query.isPending) return <Loading />;
  if (query.isError) return <Failed error={query.error} retry={() => void query.refetch()} />;
  return <SearchSharingForm saved={query.data} />;
}

function SearchSharingForm({ saved }: { saved: SearchSharing }) {
  const queryClient = useQueryClient();
  const check = sharedSchema<Values>((s) => s.SearchSharingBodySchema);
  const form = useForm<Values>({
    resolver: (values, ctx, opts) => check(toBody(values) as never, ctx, opts),
    defaultValues: toValues(saved),
    mode: 'onTouched',
  });
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async () => {
    setFormError(null);
    try {
      const { data, message, undo } = await call(adminSearchSharingApi.save, { body: toBody(form.getValues()) });
      queryClient.setQueryData(SEARCH_SHARING_QUERY, data);
      form.reset(toValues(data));
      savedToast(queryClient, message ?? 'Saved', { offer: undo, refresh: [SEARCH_SHARING_QUERY] });
    } catch (err) {
      setFormError(applyApiError(err, FIELDS, form.setError));
    }
  });
  return (
    <>
      <PageHeader
        title="Search and sharing"
        description="How your home page shows in a search result and when someone shares a link to your shop."
      />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <form onSubmit={submit} noValidate className="card min-w-0 space-y-5 p-5" data-testid="search-sharing">
          {formError && <FormMessage>{formError}</FormMessage>}
          <CountedText
            control={form.control}
            name="title"
            label="Home page title"
            max={SEO_LIMITS.title}
            hint="The blue line of a search result. Empty: your store name."
          />
          <CountedText
            control={form.control}
            name="description"
            label="Description"
            max={SEO_LIMITS.description}
            hint="The grey lines under it: what you sell and why buy here."
            multiline
          />
          <PictureField
            form={form}
            name="social_sharing_image"
            kind="social"
            label="Picture of a shared link"
            hint="Shown on WhatsApp, Facebook and others. Made 1200 × 630; the most interesting part is kept."
          />
          <PictureField
            form={form}
            name="favicon"
            kind="favicon"
            label="Favicon"
            hint="The browser tab’s icon and the phone’s home-screen icon, made square. Empty: your initial."
          />
          <div className="sticky bottom-0 -mx-5 border-t border-line bg-white px-5 py-4 sm:static sm:mx-0 sm:flex sm:justify-end sm:border-0 sm:px-0 sm:pb-0">
            <Button
              type="submit"
              variant="primary"
              isDisabled={form.formState.isSubmitting}
              className="w-full sm:w-auto"
            >
              {form.formState.isSubmitting ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </form>
        <Previews control={form.control} saved={saved} />
      </div>
    </>
  );
}

/** A text with its count of characters against the limit, the field's message under it. */
function CountedText({
  control,
  name,
  label,
  max,
  hint,
  multiline,
}: {
  control: Control<Values>;
  name: 'title' | 'description';
  label: string;
  max: number;
  hint: string;
  multiline?: boolean;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const length = field.value.trim().length;
        const props = {
          id,
          ref: field.ref,
          name: field.name,
          value: field.value,
          onBlur: field.onBlur,
          'aria-invalid': fieldState.invalid || undefined,
          'aria-describedby': `${id}-m ${id}-n`,
        };
        return (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={id} className="text-sm font-medium">
              {label}
            </label>
            {multiline ? (
              <textarea
                {...props}
                rows={3}
                className="input py-2 leading-relaxed"
                onChange={(e) => field.onChange(e.target.value)}
              />
            ) : (
              <input {...props} className="input" onChange={(e) => field.onChange(e.target.value)} />
            )}
            <div className="flex items-start justify-between gap-3">
              <p
                id={`${id}-m`}
                className={fieldState.error ? 'text-sm font-medium text-red-700' : 'text-sm text-muted'}
              >
                {fieldState.error?.message ?? hint}
              </p>
              <p
                id={`${id}-n`}
                className={`shrink-0 text-sm tabular-nums ${length > max ? 'font-semibold text-red-700' : 'text-muted'}`}
              >
                {length}/{max}
              </p>
            </div>
          </div>
        );
      }}
    />
  );
}

/** A picture: upload one (made into what it is for) or give its address; Remove leaves none. */
function PictureField({
  form,
  name,
  kind,
  label,
  hint,
}: {
  form: UseFormReturn<Values>;
  name: 'social_sharing_image' | 'favicon';
  kind: 'social' | 'favicon';
  label: string;
  hint: string;
}) {
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const upload = async (picked: File | undefined) => {
    if (!picked) return;
    setUploading(true);
    try {
      const url = await uploadSharingPicture(kind, picked);
      form.setValue(name, url, { shouldDirty: true, shouldValidate: true });
    } catch (err) {
      form.setError(name, { type: 'server', message: errorText(err) });
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <fieldset className="space-y-2" aria-describedby={`${id}-m`}>
          <legend className="text-sm font-medium">{label}</legend>
          <div className="flex items-center gap-3">
            <Thumb url={field.value.trim()} square={kind === 'favicon'} />
            <div className="flex flex-wrap gap-2">
              <Button onPress={() => file.current?.click()} isDisabled={uploading}>
                {uploading ? 'Uploading…' : field.value ? 'Replace' : 'Upload a picture'}
              </Button>
              {field.value && (
                <Button variant="quiet" onPress={() => form.setValue(name, '', { shouldDirty: true })}>
                  Remove
                </Button>
              )}
            </div>
            <input
              ref={file}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              className="sr-only"
              tabIndex={-1}
              aria-label={`${label}: upload`}
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </div>
          <label htmlFor={id} className="sr-only">
            {label}: address
          </label>
          <input
            id={id}
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            placeholder="or an address: /media/… or https://…"
            className="input text-sm"
            aria-invalid={fieldState.invalid || undefined}
            aria-describedby={`${id}-m`}
          />
          <p id={`${id}-m`} className={fieldState.error ? 'text-sm font-medium text-red-700' : 'text-sm text-muted'}>
            {fieldState.error?.message ?? hint}
          </p>
        </fieldset>
      )}
    />
  );
}

function Thumb({ url, square }: { url: string; square: boolean }) {
  const size = square ? 'h-12 w-12' : 'h-12 w-[5.75rem]';
  if (!url) return <span className={`${size} shrink-0 rounded-lg border border-dashed border-stone-300`} />;
  return <img src={url} alt="" className={`${size} shrink-0 rounded-lg border border-line object-cover`} />;
}

/** The shop's address (the store URL setting, or this panel's own) as the previews show it. */
function addressOf(storeUrl: string | null): { origin: string; host: string } {
  try {
    const url = new URL(storeUrl ?? window.location.origin);
    return { origin: url.origin, host: url.host };
  } catch {
    return { origin: storeUrl ?? '', host: storeUrl ?? '' };
  }
}

/** The search result and the shared link, as the values are typed. */
function Previews({ control, saved }: { control: Control<Values>; saved: SearchSharing }) {
  const [title, description, image, favicon] = useWatch({
    control,
    name: ['title', 'description', 'social_sharing_image', 'favicon'],
  });
  const shownTitle = title.trim() || saved.store_name;
  const { origin, host } = addressOf(saved.store_url);
  const imageUrl = image.trim();
  return (
    <aside
      // A word longer than the column (a pasted address) wraps instead of widening the page.
      className="min-w-0 space-y-5 [overflow-wrap:anywhere] lg:sticky lg:top-20"
      aria-label="Preview"
      data-testid="search-sharing-preview"
    >
      <section className="card p-4">
        <h2 className="mb-3 text-sm font-semibold text-muted">In a search result</h2>
        <div className="flex items-center gap-2.5">
          <span className="grid h-7 w-7 shrink-0 place-items-center overflow-hidden rounded-full bg-stone-100 text-xs font-bold">
            {favicon.trim() ? (
              <img src={favicon.trim()} alt="" className="h-4 w-4" />
            ) : (
              saved.store_name.trim()[0]?.toUpperCase()
            )}
          </span>
          <span className="min-w-0 leading-tight">
            <span className="block truncate text-sm">{saved.store_name}</span>
            <span className="block truncate text-xs text-muted">{origin}</span>
          </span>
        </div>
        <p className="mt-2 line-clamp-2 text-lg leading-snug text-[#1a0dab]" data-testid="preview-title">
          {shownTitle}
        </p>
        <p className="mt-1 line-clamp-3 text-sm text-stone-600">
          {description.trim() || (
            <span className="italic">No description: the search engine picks a line from the page.</span>
          )}
        </p>
      </section>
      <section className="card p-4">
        <h2 className="mb-3 text-sm font-semibold text-muted">As a shared link</h2>
        <div className="overflow-hidden rounded-xl border border-line">
          {imageUrl ? (
            <img src={imageUrl} alt="" className="aspect-[1.91/1] w-full bg-stone-100 object-cover" />
          ) : (
            <div className="grid aspect-[1.91/1] place-items-center bg-stone-100 px-6 text-center text-sm text-muted">
              No picture: the link shows as text only
            </div>
          )}
          <div className="space-y-0.5 bg-stone-50 px-3 py-2.5">
            <p className="truncate text-xs uppercase tracking-wide text-muted">{host}</p>
            <p className="line-clamp-2 font-semibold leading-snug">{shownTitle}</p>
            {description.trim() && <p className="line-clamp-2 text-sm text-muted">{description.trim()}</p>}
          </div>
        </div>
      </section>
    </aside>
  );
}
