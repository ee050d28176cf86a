import { useState } from 'react';
import { adminTaxonomyApi, type AdminCollection } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call } from '../../lib/api';
import { success } from '../../lib/toast';
import { TextInput } from './fields';
import { problemOf, slugOf, useRefresh } from './queries';

/** A collection's name, slug, description and SEO; saved with If-Match. */
export function CollectionForm({
  current,
  onSaved,
  onCancel,
}: {
  current?: AdminCollection;
  onSaved: (c: AdminCollection) => void;
  onCancel?: () => void;
}) {
  const refresh = useRefresh();
  const [v, setV] = useState({
    name: current?.name ?? '',
    slug: current?.slug ?? '',
    description: current?.description ?? '',
    seo_title: current?.seo_title ?? '',
    seo_description: current?.seo_description ?? '',
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (value: string) =>
    setV((o) => ({ ...o, [k]: value, ...(k === 'name' && !current ? { slug: slugOf(value) } : {}) }));
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFields({});
    setMessage(null);
    try {
      const res = current
        ? await call(adminTaxonomyApi.updateCollection, {
            params: { id: current.id },
            body: v,
            headers: { 'if-match': String(current.version) },
          })
        : await call(adminTaxonomyApi.createCollection, { body: v });
      void success(res.message ?? 'Saved', res.data.name);
      await refresh();
      onSaved(res.data);
    } catch (err) {
      const p = problemOf(err);
      setFields(p.fields);
      setMessage(p.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save} noValidate className="space-y-4" data-testid="collection-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Name" value={v.name} onChange={set('name')} error={fields.name} testId="collection-name" />
        <TextInput
          label="Link (slug)"
          value={v.slug}
          onChange={set('slug')}
          error={fields.slug}
          description={current ? 'Changing it changes the collection’s address; old links stop working.' : undefined}
        />
      </div>
      <TextInput
        label="Description"
        value={v.description}
        onChange={set('description')}
        error={fields.description}
        multiline
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="SEO title" value={v.seo_title} onChange={set('seo_title')} error={fields.seo_title} />
        <TextInput
          label="SEO description"
          value={v.seo_description}
          onChange={set('seo_description')}
          error={fields.seo_description}
        />
      </div>
      {message && <FormMessage>{message}</FormMessage>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="primary" isDisabled={busy} data-testid="collection-save">
          {busy ? 'Saving…' : current ? 'Save collection' : 'Add collection'}
        </Button>
        {onCancel && <Button onPress={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}
