import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  adminTestimonialsApi,
  type AdminTestimonial,
  type AdminTestimonialBody,
  type AdminTestimonialList,
  type AdminVersion,
} from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { SortableList } from '../../components/ui/sortable-list';
import { RefusedSave } from '../../components/ui/save-bar';
import { Failed, Loading, PageHeader } from '../../components/ui/states';
import { ContentHistory } from '../history/content-history';
import { useVersionPreview } from '../history/use-version-preview';
import { EditorWithPreview } from '../preview/editor-with-preview';
import { TestimonialForm, fieldsOf } from './testimonial-form';
import { call, errorText, ifMatch, same } from '../../lib/api';
import { fieldDiff } from '../../lib/field-diff';
import { moveTo, stepBy } from '../../lib/reorder';
import { failure, success } from '../../lib/toast';
import { useConflict } from '../../lib/use-conflict';

const queryKey = ['testimonials'] as const;
type Row = AdminTestimonial & { key: string };
const rowsOf = (list: AdminTestimonial[]): Row[] => list.map((t) => ({ ...t, key: String(t.id) }));

/** A kept testimonial version's body (its fields, as its form saves them). */
const versionOf = (v: AdminVersion) => v.body as unknown as AdminTestimonialBody;

/** A testimonial's fields by the names its form gives them, for a refused save's differences. */
const TESTIMONIAL_DIFF = {
  author: 'Customer’s name',
  author_title: 'Under the name',
  quote: 'What they said',
  rating: { label: 'Rating', text: (v: unknown) => (v == null ? 'No stars' : `${v as number} stars`) },
  picture: 'Picture',
  is_published: 'Shown to shoppers',
} as const;

/**
 * The testimonials (issue 28) in the order the storefront's testimonials sections show them: a
 * move (drag, keyboard, Move up / Move down) is saved at once; a testimonial opens its form beside
 * the list (below it on a phone). Edits and deletes carry the version the form was opened at
 * (If-Match), whatever the list has learnt since: a save or delete refused because another editor
 * changed it (409) keeps the form as typed and shows what differs, field by field, in the form,
 * with Take theirs (their version in the form) and Keep mine (saved over theirs, at their
 * version). Beside them the home page previews its testimonials sections with the open form's
 * unsaved fields (`shopfront:preview:testimonials`). The open testimonial's History lists its
 * saved versions: Preview shows one in the frame, Restore puts it in the form.
 */
export function TestimonialsEditor() {
  const qc = useQueryClient();
  const q = useQuery({ queryKey, queryFn: async () => (await call(adminTestimonialsApi.list)).data.testimonials });
  const [open, setOpen] = useState<string | 'new' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The open testimonial as its form was filled (opened, saved or taken from theirs): its version is the If-Match. */
  const [base, setBase] = useState<AdminTestimonial | null>(null);
  /** A save or delete refused because someone else changed it (the 409's message). */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Goes up when their version (or a kept one) is taken: the form is filled anew with it. */
  const [taken, setTaken] = useState(0);
  /** A kept version History restored: the form is filled with it instead of `base`. */
  const [restored, setRestored] = useState<AdminTestimonialBody | null>(null);
  /** The open form's fields as typed, with the form they belong to. */
  const [typed, setTyped] = useState<{ open: string; fields: AdminTestimonialBody } | null>(null);
  const onTyped = useCallback((fields: AdminTestimonialBody) => open && setTyped({ open, fields }), [open]);
  const rows = rowsOf(q.data ?? []);
  const took = (list: AdminTestimonialList) => qc.setQueryData(queryKey, list.testimonials);
  const openRow = (key: string | 'new' | null) => {
    setErrors({});
    setRefusal(null);
    setRestored(null);
    setOpen(key);
    setBase(key && key !== 'new' ? (rows.find((r) => r.key === key) ?? null) : null);
  };
  /** A reorder refused (the list changed): said, and the list read again; an open form keeps its typing. */
  const refused = (err: unknown) => {
    if (err instanceof ApiError && err.status === 409) {
      void failure(err.message);
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
  /** A save or delete refused: a 409 keeps the form and shows the conflict; else the messages by field. */
  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === 409) return setRefusal(err.message);
    refused(err);
  };
  const save = useMutation({
    // `version`: theirs when the owner keeps their own after a refusal, else the form's base.
    mutationFn: async ({ id, body, version }: { id: number | null; body: AdminTestimonialBody; version?: number }) => {
      if (id === null) return (await call(adminTestimonialsApi.create, { body })).data;
      const at = version ?? base!.version;
      return (await call(adminTestimonialsApi.update, { params: { id }, body, headers: ifMatch(at) })).data;
    },
    onSuccess: (list, { id }) => {
      took(list);
      setErrors({});
      setRefusal(null);
      setRestored(null);
      setOpen(id === null ? null : String(id));
      setBase(id === null ? null : (list.testimonials.find((t) => t.id === id) ?? null));
      void success(id === null ? 'Testimonial added' : 'Testimonial saved', 'Shoppers see it now.');
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: async (row: AdminTestimonial) =>
      (await call(adminTestimonialsApi.remove, { params: { id: row.id }, headers: ifMatch(row.version) })).data,
    onSuccess: (list, row) => {
      took(list);
      openRow(null);
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
    onError: failed,
  });

  /** Their version of the open testimonial, read again (the list with it): null when it is gone. */
  const loadTheirs = async () => {
    const list = (await call(adminTestimonialsApi.list)).data;
    took(list);
    return list.testimonials.find((t) => t.id === base?.id) ?? null;
  };
  const typedFields = typed && typed.open === open ? typed.fields : null;
  const conflict = useConflict({
    refusal,
    attempt: Math.max(save.submittedAt, remove.submittedAt),
    load: async () => {
      const theirs = await loadTheirs();
      if (!theirs) throw new Error('deleted');
      return theirs;
    },
    compare: (theirs) => fieldDiff(fieldsOf(theirs), typedFields, TESTIMONIAL_DIFF),
  });
  const theirs = conflict.theirs;
  /** Whether the refusal answered a Delete (the later of the two attempts). */
  const deleteRefused = remove.submittedAt > save.submittedAt;
  const takeTheirs = () =>
    void loadTheirs().then((row) => {
      setRefusal(null);
      setErrors({});
      if (!row) {
        openRow(null);
        void failure('Someone else deleted this testimonial');
        return;
      }
      setBase(row);
      setRestored(null);
      setTaken((n) => n + 1);
    }, refused);

  const current = open && open !== 'new' ? rows.find((r) => r.key === open) : undefined;
  const index = current ? rows.indexOf(current) : -1;
  const move = (next: Row[]) => reorder.mutate(next);
  /** A kept version becomes the open form's fields: Save then publishes it as a new version. */
  const history = useVersionPreview({
    dirty: !!typedFields && !!base && !same(typedFields, fieldsOf(base)),
    editing: [open, typedFields],
    apply: (v) => {
      setRestored(versionOf(v));
      setTaken((n) => n + 1);
    },
  });
  const { previewing } = history;
  const message = useMemo(() => {
    const saved = q.data ?? [];
    const fields = previewing ? versionOf(previewing) : typed && typed.open === open ? typed.fields : null;
    // A new testimonial is added at the end of the list.
    const items = saved.map((t) => (fields && String(t.id) === open ? fields : fieldsOf(t)));
    return { type: 'shopfront:preview:testimonials', items: fields && open === 'new' ? [...items, fields] : items };
  }, [q.data, open, typed, previewing]);

  return (
    <>
      <PageHeader
        title="Testimonials"
        description="What customers say, in the order the shop’s testimonials sections show them. Changes show to shoppers at once."
        action={
          <Button variant="primary" onPress={() => openRow('new')} data-testid="add-testimonial">
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
          history={history}
          editor={
            <div className="flex flex-col gap-4">
              <div className="card p-3 sm:p-4">
                <SortableList
                  label="Testimonials, in the order shoppers see them"
                  rows={rows}
                  open={current ? current.key : null}
                  onOpen={(key) => openRow(key === open ? null : key)}
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
                  key={`${open}:${taken}`}
                  testimonial={current ? base : null}
                  filled={current ? restored : null}
                  history={
                    current &&
                    base && (
                      <ContentHistory
                        kind="testimonial"
                        subject={String(current.id)}
                        revision={base.version}
                        history={history}
                      />
                    )
                  }
                  errors={errors}
                  saving={save.isPending || remove.isPending || reorder.isPending}
                  moves={{
                    up: current && index > 0 ? () => move(stepBy(rows, current.key, -1)) : null,
                    down: current && index < rows.length - 1 ? () => move(stepBy(rows, current.key, 1)) : null,
                  }}
                  onSave={(body) => save.mutate({ id: current?.id ?? null, body })}
                  onDelete={() => base && remove.mutate(base)}
                  onCancel={() => openRow(null)}
                  onChange={onTyped}
                  notice={
                    conflict.conflict && (
                      <RefusedSave
                        conflict={conflict.conflict}
                        onTakeTheirs={takeTheirs}
                        // A refused delete's way on is deleting their version; a refused save's, saving over it.
                        keepMineLabel={deleteRefused ? 'Delete anyway' : undefined}
                        onKeepMine={
                          theirs && deleteRefused
                            ? () => remove.mutate(theirs)
                            : theirs && typedFields && current
                              ? () => save.mutate({ id: current.id, body: typedFields, version: theirs.version })
                              : undefined
                        }
                      />
                    )
                  }
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
