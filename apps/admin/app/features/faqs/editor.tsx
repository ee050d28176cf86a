import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, FAQ_LIMITS, adminFaqsApi, type AdminFaq, type AdminFaqItem } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { EditorSaveBar } from '../../components/ui/save-bar';
import { SortableList } from '../../components/ui/sortable-list';
import { UsedBy } from '../../components/ui/used-by';
import { call, errorText, fieldErrors, ifMatch, same } from '../../lib/api';
import { moveTo, stepBy } from '../../lib/reorder';
import { failure, success } from '../../lib/toast';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { EditorCard, TextInput } from '../theme/fields';
import { QuestionForm } from './question-form';

export type EditQuestion = AdminFaqItem & { key: string };

let counter = 0;
const newKey = () => `q${++counter}`;
const withKeys = (items: AdminFaqItem[]): EditQuestion[] => items.map((i) => ({ ...i, key: newKey() }));
const toBody = (items: EditQuestion[]): AdminFaqItem[] =>
  items.map(({ question, answer, is_published }) => ({ question, answer, is_published }));

/**
 * One FAQ group's editor (issue 28): its title and description, and its questions as an ordered
 * list. Questions are added, edited, moved (drag, keyboard, or Move up / Move down) and removed
 * (with Undo); Save sends the title (when changed) and the whole list with If-Match, and shoppers
 * see it at once. A save refused because another editor saved first (409) says so and offers
 * theirs. A group no template shows can be deleted.
 */
export function FaqEditor({ faq, queryKey }: { faq: AdminFaq; queryKey: readonly unknown[] }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [server, setServer] = useState(faq);
  const [start, setStart] = useState(() => withKeys(faq.items));
  const [items, setItems] = useState<EditQuestion[]>(start);
  const [title, setTitle] = useState(faq.title);
  const [description, setDescription] = useState(faq.description);
  const [open, setOpen] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);

  const renamed = title !== server.title || description !== server.description;
  const dirty = renamed || !same(toBody(items), toBody(start));
  useLeaveGuard(dirty, 'Leave without saving your changes to these questions?');

  const took = (f: AdminFaq) => {
    const list = withKeys(f.items);
    setServer(f);
    setStart(list);
    setItems(list);
    setTitle(f.title);
    setDescription(f.description);
    setOpen(null);
    setErrors({});
    setConflict(null);
    qc.setQueryData(queryKey, f);
    void qc.invalidateQueries({ queryKey: ['faqs'], exact: true });
  };
  const save = useMutation({
    mutationFn: async () => {
      let version = server.version;
      let saved = server;
      if (renamed) {
        saved = (
          await call(adminFaqsApi.rename, {
            params: { id: server.id },
            body: { title, description },
            headers: ifMatch(version),
          })
        ).data;
        version = saved.version;
        // Taken at once: a refused question list after it must not send the rename again.
        const renamedTo = saved;
        setServer((old) => ({ ...old, title: renamedTo.title, description: renamedTo.description, version }));
      }
      if (!same(toBody(items), toBody(start)))
        saved = (
          await call(adminFaqsApi.saveItems, {
            params: { id: server.id },
            body: { items: toBody(items) },
            headers: ifMatch(version),
          })
        ).data;
      return saved;
    },
    onSuccess: (f) => {
      took(f);
      void success('FAQ saved', 'Shoppers see it now.');
    },
    onError: (err: unknown) => {
      if (err instanceof ApiError && err.status === 409) return setConflict(err.message);
      const byField = fieldErrors(err);
      setErrors(byField);
      if (!Object.keys(byField).length) void failure(errorText(err));
      const first = Object.keys(byField).find((k) => k.startsWith('items.'));
      const row = first ? items[Number(first.split('.')[1])] : undefined;
      if (row) setOpen(row.key);
    },
  });
  const remove = useMutation({
    mutationFn: async () => call(adminFaqsApi.remove, { params: { id: server.id } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['faqs'], exact: true });
      void success(`“${server.title}” deleted`);
      void navigate('/faqs');
    },
    onError: (err: unknown) => void failure(errorText(err)),
  });

  const edit = (change: (list: EditQuestion[]) => EditQuestion[]) => {
    setErrors({});
    setItems(change);
  };
  const index = open ? items.findIndex((i) => i.key === open) : -1;
  const current = index >= 0 ? items[index] : undefined;
  const add = () => {
    const item: EditQuestion = { key: newKey(), question: '', answer: '', is_published: true };
    edit((list) => [...list, item]);
    setOpen(item.key);
  };
  const removeQuestion = () => {
    if (!current) return;
    const at = index;
    edit((list) => list.filter((i) => i.key !== current.key));
    setOpen(null);
    void success(`“${current.question || 'New question'}” removed`, undefined, {
      run: () => edit((list) => (list.some((i) => i.key === current.key) ? list : list.toSpliced(at, 0, current))),
    });
  };
  const errorsOf = (i: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(`items.${i}.`))
        .map(([k, v]) => [k.split('.')[2]!, v]),
    );
  const flagged = new Set(items.filter((_, i) => Object.keys(errorsOf(i)).length).map((i) => i.key));
  const name = (q: EditQuestion) => q.question || 'New question';

  return (
    <>
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex flex-col gap-4">
          <EditorCard title="Group">
            <TextInput
              label="Title"
              value={title}
              onChange={(v) => {
                setErrors({});
                setTitle(v);
              }}
              error={errors.title}
              hint="Shown above the questions when a section has no title of its own"
              testId="faq-title"
            />
            <TextInput
              label="Description"
              value={description}
              rows={2}
              onChange={(v) => {
                setErrors({});
                setDescription(v);
              }}
              error={errors.description}
              hint={`Optional, up to ${FAQ_LIMITS.descriptionMax} characters`}
              testId="faq-description"
            />
            <UsedBy
              usedBy={server.used_by}
              noun="group"
              section="a FAQ section"
              onDelete={() => remove.mutate()}
              deleting={remove.isPending}
              testId="faq-used-by"
              deleteTestId="delete-group"
            />
          </EditorCard>
          <EditorCard title="Questions">
            <SortableList
              label="Questions, in the order shoppers see them"
              rows={items}
              open={open}
              onOpen={(key) => setOpen(key === open ? null : key)}
              onMove={(key, target, position) => edit((list) => moveTo(list, key, target, position))}
              rowName={name}
              empty="No questions yet: add one below."
              testId="faq-items"
            >
              {(q) => (
                <>
                  <span className={`block truncate text-sm font-semibold ${q.question ? '' : 'text-muted italic'}`}>
                    {name(q)}
                  </span>
                  <span className="flex items-center gap-2 text-xs text-muted">
                    {!q.is_published && (
                      <span className="rounded-full bg-stone-100 px-2 py-0.5 font-medium text-ink">Hidden</span>
                    )}
                    {flagged.has(q.key) && (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">Check</span>
                    )}
                    <span className="truncate">{q.answer || 'No answer yet'}</span>
                  </span>
                </>
              )}
            </SortableList>
            {errors.items && (
              <p className="text-sm font-medium text-red-700" data-testid="items-error">
                {errors.items}
              </p>
            )}
            <div>
              <Button variant="primary" onPress={add} data-testid="add-question">
                Add question
              </Button>
            </div>
          </EditorCard>
        </div>
        {current ? (
          <QuestionForm
            key={current.key}
            item={current}
            errors={errorsOf(index)}
            moves={{
              up: index > 0 ? () => edit((l) => stepBy(l, current.key, -1)) : null,
              down: index < items.length - 1 ? () => edit((l) => stepBy(l, current.key, 1)) : null,
            }}
            onChange={(change) => edit((list) => list.map((i) => (i.key === current.key ? { ...i, ...change } : i)))}
            onRemove={removeQuestion}
          />
        ) : (
          <p className="card hidden p-5 text-sm text-muted lg:block">
            Choose a question to edit it, or add one. Drag a question by its handle to move it.
          </p>
        )}
      </div>
      <EditorSaveBar
        testId="faq-save-bar"
        conflict={conflict ? [conflict] : null}
        onTakeTheirs={() => void call(adminFaqsApi.get, { params: { id: server.id } }).then((res) => took(res.data))}
        status={
          <p
            className={Object.keys(errors).length ? 'font-medium text-red-700' : 'text-muted'}
            data-testid="faq-status"
          >
            {Object.keys(errors).length
              ? 'Check the questions marked “Check”.'
              : dirty
                ? 'Unsaved changes: shoppers do not see them yet.'
                : 'Saved: shoppers see these questions.'}
          </p>
        }
      >
        <Button
          variant="quiet"
          isDisabled={save.isPending || !dirty}
          onPress={() => {
            setItems(start);
            setTitle(server.title);
            setDescription(server.description);
            setErrors({});
          }}
          data-testid="discard"
        >
          Discard changes
        </Button>
        <Button
          variant="primary"
          isDisabled={save.isPending || !dirty}
          onPress={() => save.mutate()}
          data-testid="save"
        >
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </EditorSaveBar>
    </>
  );
}
