import { useState } from 'react';
import { adminTaxonomyApi, type AdminSuperCategory } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call, errorText } from '../../lib/api';
import { failure, success } from '../../lib/toast';
import { MoveButtons, TextInput } from './fields';
import { moved, problemOf, slugOf, useRefresh } from './queries';

/**
 * Super categories: the storefront's menu groups of top-level categories. Add, rename, move up /
 * down, delete (its categories stay, without a group).
 */
export function SuperCategories({ supers }: { supers: AdminSuperCategory[] }) {
  const refresh = useRefresh();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const move = async (index: number, by: -1 | 1) => {
    const next = moved(supers, index, by);
    if (!next) return;
    setBusy(true);
    try {
      await call(adminTaxonomyApi.orderSuperCategories, { body: { ids: next.map((s) => s.id) } });
    } catch (err) {
      void failure(errorText(err));
    } finally {
      await refresh();
      setBusy(false);
    }
  };
  const remove = async (s: AdminSuperCategory) => {
    setBusy(true);
    try {
      const res = await call(adminTaxonomyApi.deleteSuperCategory, {
        params: { id: s.id },
        headers: { 'if-match': String(s.version) },
      });
      void success(res.message ?? 'Deleted', s.category_count ? 'Its categories stay, without a group.' : s.name);
      setEditing(null);
    } catch (err) {
      void failure(errorText(err));
    } finally {
      await refresh();
      setBusy(false);
    }
  };
  return (
    <section className="space-y-3" aria-labelledby="supers-title">
      <div className="flex items-end justify-between gap-3">
        <div>
          <h2 id="supers-title" className="text-lg font-semibold">
            Super categories
          </h2>
          <p className="text-sm text-muted">Groups of top-level categories in the shop’s menu.</p>
        </div>
        <Button onPress={() => setEditing('new')}>Add</Button>
      </div>
      {editing === 'new' && (
        <div className="card p-3 sm:p-4">
          <SuperForm onDone={() => setEditing(null)} />
        </div>
      )}
      {supers.length === 0 ? (
        <p className="card px-4 py-5 text-sm text-muted">None yet. Categories then show in one list.</p>
      ) : (
        <ul className="card divide-y divide-line">
          {supers.map((s, i) => (
            <li key={s.id}>
              <div className="flex items-center gap-2 py-2 pr-2 pl-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{s.name}</p>
                  <p className="text-xs text-muted">
                    {s.category_count} {s.category_count === 1 ? 'category' : 'categories'}
                  </p>
                </div>
                <MoveButtons
                  name={s.name}
                  first={i === 0}
                  last={i === supers.length - 1}
                  disabled={busy}
                  onMove={(by) => void move(i, by)}
                />
                <button
                  type="button"
                  className="btn btn-outline min-w-16 px-3"
                  aria-expanded={editing === s.id}
                  onClick={() => setEditing(editing === s.id ? null : s.id)}
                >
                  {editing === s.id ? 'Close' : 'Edit'}
                </button>
              </div>
              {editing === s.id && (
                <div className="space-y-3 border-t border-line bg-stone-50 p-3 sm:p-4">
                  <SuperForm key={s.version} current={s} onDone={() => setEditing(null)} />
                  <Button variant="danger" isDisabled={busy} onPress={() => void remove(s)}>
                    Delete “{s.name}” (its categories stay)
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SuperForm({ current, onDone }: { current?: AdminSuperCategory; onDone: () => void }) {
  const refresh = useRefresh();
  const [name, setName] = useState(current?.name ?? '');
  const [slug, setSlug] = useState(current?.slug ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setFields({});
    setMessage(null);
    try {
      const res = current
        ? await call(adminTaxonomyApi.updateSuperCategory, {
            params: { id: current.id },
            body: { name, slug },
            headers: { 'if-match': String(current.version) },
          })
        : await call(adminTaxonomyApi.createSuperCategory, { body: { name, slug } });
      void success(res.message ?? 'Saved', res.data.name);
      await refresh();
      onDone();
    } catch (err) {
      const p = problemOf(err);
      setFields(p.fields);
      setMessage(p.message);
    }
  };
  return (
    <form onSubmit={save} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          label="Name"
          value={name}
          error={fields.name}
          onChange={(v) => {
            setName(v);
            if (!current) setSlug(slugOf(v));
          }}
        />
        <TextInput label="Link (slug)" value={slug} error={fields.slug} onChange={setSlug} />
      </div>
      {message && <FormMessage>{message}</FormMessage>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="primary">
          {current ? 'Save' : 'Add super category'}
        </Button>
        <Button onPress={onDone}>Cancel</Button>
      </div>
    </form>
  );
}
