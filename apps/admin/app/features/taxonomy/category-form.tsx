import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminTaxonomyApi, type AdminCategory, type AdminSuperCategory } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call } from '../../lib/api';
import { success } from '../../lib/toast';
import { SelectInput, TextInput } from './fields';
import { problemOf, slugOf, useRefresh } from './queries';

interface Props {
  /** The category edited; none: a new one. */
  category?: AdminCategory;
  categories: AdminCategory[];
  supers: AdminSuperCategory[];
  /** A new category's parent (the "Add subcategory" button). */
  parentId?: number | null;
  onDone: () => void;
}

/** Ids of the category and every category below it (not allowed as its parent). */
function selfAndBelow(categories: AdminCategory[], id: number): Set<number> {
  const out = new Set([id]);
  for (const c of categories) if (c.parent_id !== null && out.has(c.parent_id)) out.add(c.id);
  return out;
}

/**
 * A category's fields: name, slug (follows the name for a new one), description, parent (by
 * path), super category, SEO and, when editing, the cover (a picture of one of its products).
 * Saved with If-Match; the API's 422 messages land beside their fields.
 */
export function CategoryForm({ category, categories, supers, parentId = null, onDone }: Props) {
  const refresh = useRefresh();
  const [v, setV] = useState({
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    parent_id: String(category ? (category.parent_id ?? '') : (parentId ?? '')),
    super_category_id: String(category?.super_category_id ?? ''),
    seo_title: category?.seo_title ?? '',
    seo_description: category?.seo_description ?? '',
    image_path: category?.image_path ?? '',
  });
  const [slugTouched, setSlugTouched] = useState(!!category);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (value: string) =>
    setV((o) => ({ ...o, [k]: value, ...(k === 'name' && !slugTouched ? { slug: slugOf(value) } : {}) }));
  const blocked = category ? selfAndBelow(categories, category.id) : new Set<number>();
  const covers = useQuery({
    queryKey: ['taxonomy', 'covers', category?.id],
    queryFn: async () => (await call(adminTaxonomyApi.coverChoices, { params: { id: category!.id } })).data.choices,
    enabled: !!category,
  });

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFields({});
    setMessage(null);
    const body = {
      name: v.name,
      slug: v.slug,
      description: v.description,
      parent_id: v.parent_id ? Number(v.parent_id) : null,
      super_category_id: v.super_category_id ? Number(v.super_category_id) : null,
      seo_title: v.seo_title,
      seo_description: v.seo_description,
      image_path: v.image_path || null,
    };
    try {
      const res = category
        ? await call(adminTaxonomyApi.updateCategory, {
            params: { id: category.id },
            body,
            headers: { 'if-match': String(category.version) },
          })
        : await call(adminTaxonomyApi.createCategory, { body });
      await refresh();
      void success(res.message ?? 'Saved', res.data.path);
      onDone();
    } catch (err) {
      const p = problemOf(err);
      setFields(p.fields);
      setMessage(p.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} noValidate className="space-y-4" data-testid="category-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Name" value={v.name} onChange={set('name')} error={fields.name} testId="category-name" />
        <div onInput={() => setSlugTouched(true)}>
          <TextInput
            label="Link (slug)"
            value={v.slug}
            onChange={set('slug')}
            error={fields.slug}
            testId="category-slug"
            description={
              category
                ? 'Changing it changes the category’s address; old links lead to the new one.'
                : 'Made from the name: the end of the category’s address in the shop.'
            }
          />
        </div>
        <SelectInput
          label="Inside"
          value={v.parent_id}
          onChange={set('parent_id')}
          error={fields.parent_id}
          testId="category-parent"
        >
          <option value="">Nothing (a top-level category)</option>
          {categories
            .filter((c) => !blocked.has(c.id))
            .map((c) => (
              <option key={c.id} value={c.id}>
                {c.path}
              </option>
            ))}
        </SelectInput>
        <SelectInput
          label="Super category"
          value={v.super_category_id}
          onChange={set('super_category_id')}
          error={fields.super_category_id}
          description="The menu group it shows under (top-level categories)."
        >
          <option value="">None</option>
          {supers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectInput>
      </div>
      <TextInput
        label="Description"
        value={v.description}
        onChange={set('description')}
        error={fields.description}
        multiline
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="SEO title"
          value={v.seo_title}
          onChange={set('seo_title')}
          error={fields.seo_title}
          description="Leave empty to use the name."
        />
        <TextInput
          label="SEO description"
          value={v.seo_description}
          onChange={set('seo_description')}
          error={fields.seo_description}
        />
      </div>
      {category && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Cover picture</legend>
          {covers.data?.length ? (
            <div className="flex flex-wrap gap-2">
              <CoverChoice label="None" checked={!v.image_path} onChoose={() => set('image_path')('')} />
              {covers.data.map((c) => (
                <CoverChoice
                  key={c.path}
                  label={c.product}
                  path={c.path}
                  checked={v.image_path === c.path}
                  onChoose={() => set('image_path')(c.path)}
                />
              ))}
            </div>
          ) : (
            <p className="text-sm text-muted">
              {covers.isLoading
                ? 'Loading its products’ pictures…'
                : 'None to choose from: the cover is picked from the pictures of the products in it. The shop shows its first product’s picture.'}
            </p>
          )}
          {fields.image_path && <p className="text-sm font-medium text-red-700">{fields.image_path}</p>}
        </fieldset>
      )}
      {message && <FormMessage testId="category-error">{message}</FormMessage>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="primary" isDisabled={busy} data-testid="category-save">
          {busy ? 'Saving…' : category ? 'Save category' : 'Create category'}
        </Button>
        <Button onPress={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

function CoverChoice({
  label,
  path,
  checked,
  onChoose,
}: {
  label: string;
  path?: string;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <label
      className={`flex w-24 cursor-pointer flex-col items-center gap-1 rounded-xl border p-1.5 text-center text-xs ${checked ? 'border-brand ring-2 ring-brand' : 'border-line'}`}
    >
      <input type="radio" name="cover" className="sr-only" checked={checked} onChange={onChoose} />
      {path ? (
        <img src={path} alt="" className="size-20 rounded-lg object-cover" />
      ) : (
        <span className="flex size-20 items-center justify-center rounded-lg bg-stone-100 text-muted">None</span>
      )}
      <span className="line-clamp-2">{label}</span>
    </label>
  );
}
