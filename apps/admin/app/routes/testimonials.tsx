import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  adminTestimonialsApi,
  type AdminTestimonial,
  type AdminTestimonialBody,
  type AdminTestimonialList,
} from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { SortableList } from '../components/ui/sortable-list';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { EditorWithPreview } from '../features/preview/editor-with-preview';
import { TestimonialForm, fieldsOf } from '../features/testimonials/testimonial-form';
import { call, errorText } from '../lib/api';
import { moveTo, stepBy } from '../lib/reorder';
import { failure, success } from '../lib/toast';

export const meta = () => [{ title: 'Testimonials · Shop admin' }];

const queryKey = ['testimonials'] as const;
type Row = AdminTestimonial & { key: string };
const rowsOf = (list: AdminTestimonial[]): Row[] => list.map((t) => ({ ...t, key: String(t.id) }));
const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

/**
 * The testimonials (issue 28) in the order the storefront's testimonials sections show them: a
 * move (drag, keyboard, Move up / Move down) is saved at once; a testimonial opens its form beside
 * the list (below it on a phone). Edits and deletes carry the testimonial's version (If-Match); a
 * 409 says another editor changed it and shows theirs. Beside them the home page previews its
 * testimonials sections with the open form's unsaved fields (`shopfront:preview:testimonials`).
 */
export default function Testimonials() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey, queryFn: async () => (await call(adminTestimonialsApi.list)).data.testimonials });
  const [open, setOpen] = useState<string | 'new' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The open form's fields as typed, with the form they belong to. */
  const [typed, setTyped] = useState<{ open: string; fields: AdminTestimonialBody } | null>(null);
  const onTyped = useCallback((fields: AdminTestimonialBody) => open && setTyped({ open, fields }), [open]);
  const rows = rowsOf(q.data ?? []);
  const took = (list: AdminTestimonialList) => qc.setQueryData(queryKey, list.testimonials);
  const refused = (err: unknown) => {
    if (err instanceof ApiError && err.status === 409) {
      void failure(err.message);
      setOpen(null);
      void q.refetch();
      return;
    }
    const byField =
      err instanceof ApiError
        ? Object.fromEntries(Object.entries(err.errors).flatMap(([k, l]) => (l[0] ? [[k, l[0]]] : [])))
        : {};
    setErrors(byField);
    if (!Object.keys(byField).length) void failure(errorText(err));
  };

  const reorder = useMutation({
    mutationFn: async (next: Row[]) =>
      (await call(adminTestimonialsApi.reorder, { body: { ids: next.map((r) => r.id) } })).data,
    onMutate: (next) => qc.setQueryData(queryKey, next),
    onSuccess: took,
    onError: refused,
  });
  const save = useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: AdminTestimonialBody }) => {
      if (id === null) return (await call(adminTestimonialsApi.create, { body })).data;
      const version = rows.find((r) => r.id === id)!.version;
      return (await call(adminTestimonialsApi.update, { params: { id }, body, headers: ifMatch(version) })).data;
    },
    onSuccess: (list, { id }) => {
      took(list);
      setErrors({});
      setOpen(id === null ? null : String(id));
      void success(id === null ? 'Testimonial added' : 'Testimonial saved', 'Shoppers see it now.');
    },
    onError: refused,
  });
  const remove = useMutation({
    mutationFn: async (row: Row) =>
      (await call(adminTestimonialsApi.remove, { params: { id: row.id }, headers: ifMatch(row.version) })).data,
    onSuccess: (list, row) => {
      took(list);
      setOpen(null);
      const at = rows.findIndex((r) => r.id === row.id);
      void success(`“${row.author}” deleted`, undefined, {
        run: () =>
          void call(adminTestimonialsApi.create, { body: fieldsOf(row) })
            .then(({ data }) => {
              const back = data.testimonials.at(-1)!;
              const ids = data.testimonials.slice(0, -1).map((t) => t.id);
              ids.splice(at, 0, back.id);
              return call(adminTestimonialsApi.reorder, { body: { ids } });
            })
            .then(({ data }) => took(data), refused),
      });
    },
    onError: refused,
  });

  const current = open && open !== 'new' ? rows.find((r) => r.key === open) : undefined;
  const index = current ? rows.indexOf(current) : -1;
  const move = (next: Row[]) => reorder.mutate(next);
  const message = useMemo(() => {
    const saved = q.data ?? [];
    const fields = typed && typed.open === open ? typed.fields : null;
    // A new testimonial is added at the end of the list.
    const items = saved.map((t) => (fields && String(t.id) === open ? fields : fieldsOf(t)));
    return { type: 'shopfront:preview:testimonials', items: fields && open === 'new' ? [...items, fields] : items };
  }, [q.data, open, typed]);

  return (
    <>
      <PageHeader
        title="Testimonials"
        description="What customers say, in the order the shop’s testimonials sections show them. Changes show to shoppers at once."
        action={
          <Button
            variant="primary"
            onPress={() => {
              setErrors({});
              setOpen('new');
            }}
            data-testid="add-testimonial"
          >
            Add testimonial
          </Button>
        }
      />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : (
        <EditorWithPreview
          id="testimonials"
          label="Testimonials editor"
          message={message}
          editor={
            <div className="flex flex-col gap-4">
              <div className="card p-3 sm:p-4">
                <SortableList
                  label="Testimonials, in the order shoppers see them"
                  rows={rows}
                  open={current ? current.key : null}
                  onOpen={(key) => {
                    setErrors({});
                    setOpen(key === open ? null : key);
                  }}
                  onMove={(key, target, position) => move(moveTo(rows, key, target, position))}
                  rowName={(r) => r.author}
                  empty="No testimonials yet: add one."
                  testId="testimonial-list"
                >
                  {(r) => (
                    <>
                      <span className="flex items-center gap-2">
                        <span className="truncate text-sm font-semibold">{r.author}</span>
                        {r.rating !== null && (
                          <span className="shrink-0 text-xs text-amber-700">
                            <span aria-hidden="true">{'★'.repeat(r.rating)}</span>
                            <span className="sr-only">{`${r.rating} stars`}</span>
                          </span>
                        )}
                        {!r.is_published && (
                          <span className="shrink-0 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium">
                            Hidden
                          </span>
                        )}
                      </span>
                      <span className="block truncate text-xs text-muted">{r.quote}</span>
                    </>
                  )}
                </SortableList>
              </div>
              {open === 'new' || current ? (
                <TestimonialForm
                  key={open}
                  testimonial={current ?? null}
                  errors={errors}
                  saving={save.isPending || remove.isPending || reorder.isPending}
                  moves={{
                    up: current && index > 0 ? () => move(stepBy(rows, current.key, -1)) : null,
                    down: current && index < rows.length - 1 ? () => move(stepBy(rows, current.key, 1)) : null,
                  }}
                  onSave={(body) => save.mutate({ id: current?.id ?? null, body })}
                  onDelete={() => current && remove.mutate(current)}
                  onCancel={() => setOpen(null)}
                  onChange={onTyped}
                />
              ) : (
                <p className="card p-5 text-sm text-muted">
                  Choose a testimonial to edit it: the preview shows your changes as you type. Drag one by its handle to
                  move it: the new order is saved at once.
                </p>
              )}
            </div>
          }
        />
      )}
    </>
  );
}
