import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FAQ_LIMITS, adminFaqsApi, type AdminFaq, type AdminFaqItem, type AdminVersion } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { OrderedEditorLayout, OrderedListCard } from '../../components/ui/ordered-editor';
import { DraftSaveBar } from '../../components/ui/draft-save-bar';
import { UsedBy } from '../../components/ui/used-by';
import { call, errorText, ifMatch, same } from '../../lib/api';
import { failure, success } from '../../lib/toast';
import { fieldDiff } from '../../lib/field-diff';
import { useConflict } from '../../lib/use-conflict';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { useOrderedDraft } from '../../lib/use-ordered-draft';
import { ContentHistory } from '../history/content-history';
import { useVersionPreview } from '../history/use-version-preview';
import { EditorWithPreview } from '../preview/editor-with-preview';
import { EditorCard, TextInput } from '../theme/fields';
import { QuestionForm } from './question-form';

export type EditQuestion = AdminFaqItem & { key: string };

let counter = 0;
const newKey = () => `q${++counter}`;
const withKeys = (items: AdminFaqItem[]): EditQuestion[] => items.map((i) => ({ ...i, key: newKey() }));
const toBody = (items: EditQuestion[]): AdminFaqItem[] =>
  items.map(({ question, answer, is_published }) => ({ question, answer, is_published }));

/** A kept FAQ version's body (the group's title, description and questions, as its editor saves them). */
const versionOf = (v: AdminVersion) => ({
  title: String(v.body.title ?? ''),
  description: String(v.body.description ?? ''),
  items: (v.body.items ?? []) as AdminFaqItem[],
});

/** A group's fields by the names the editor gives them, for a refused save's differences. */
const FAQ_DIFF = {
  title: 'Title',
  description: 'Description',
  items: 'Question',
  question: 'Question',
  answer: 'Answer',
  is_published: 'Shown',
} as const;

/**
 * One FAQ group's editor (issue 28): its title and description, and its questions as an ordered
 * list. Questions are added, edited, moved (drag, keyboard, or Move up / Move down) and removed
 * (with Undo); Save sends, with If-Match, the whole list with the title and description when they
 * changed too (only the texts when the list did not), one request and one version, and shoppers
 * see it at once. A save refused because another editor saved first (409) shows what differs, field by field, and offers
 * theirs or keeping this one (saved over theirs). A group no template shows can be deleted. Beside it the home page previews the unsaved
 * group in its FAQ sections that show it (`shopfront:preview:faq`, docs/preview-protocol.md).
 * History lists the saved versions: Preview shows one in the frame, Restore puts it in the form.
 */
export function FaqEditor({ faq, queryKey }: { faq: AdminFaq; queryKey: readonly unknown[] }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [server, setServer] = useState(faq);
  const draft = useOrderedDraft({
    saved: () => withKeys(faq.items),
    path: 'items',
    name: (q: EditQuestion) => q.question || 'New question',
  });
  const [title, setTitle] = useState(faq.title);
  const [description, setDescription] = useState(faq.description);
  const { rows: items, errors } = draft;

  const renamed = title !== server.title || description !== server.description;
  const dirty = renamed || !same(toBody(items), toBody(draft.start));
  useLeaveGuard(dirty, 'Leave without saving your changes to these questions?');
  /** A kept version becomes the editor's group: Save then publishes it as a new version. */
  const history = useVersionPreview({
    dirty,
    editing: [title, description, items],
    apply: (v) => {
      const kept = versionOf(v);
      setTitle(kept.title);
      setDescription(kept.description);
      draft.replace(withKeys(kept.items));
    },
  });
  const { previewing } = history;
  const message = useMemo(() => {
    const shown = previewing ? versionOf(previewing) : { title, description, items: toBody(items) };
    return { type: 'shopfront:preview:faq', id: faq.id, ...shown };
  }, [faq.id, title, description, items, previewing]);

  const took = (f: AdminFaq) => {
    setServer(f);
    draft.reset(withKeys(f.items));
    setTitle(f.title);
    setDescription(f.description);
    qc.setQueryData(queryKey, f);
    void qc.invalidateQueries({ queryKey: ['faqs'], exact: true });
  };
  const save = useMutation({
    // Over `base` when the owner keeps their version after a refusal: theirs, whose version it sends.
    mutationFn: async (base: AdminFaq | void) => {
      const from = base || server;
      const texts = title !== from.title || description !== from.description ? { title, description } : null;
      const request = { params: { id: server.id }, headers: ifMatch(from.version) };
      // One Save is one request and one History version: the questions carry the texts when both changed.
      if (!same(toBody(items), toBody(base ? withKeys(base.items) : draft.start)))
        return (await call(adminFaqsApi.saveItems, { ...request, body: { ...texts, items: toBody(items) } })).data;
      if (texts) return (await call(adminFaqsApi.rename, { ...request, body: texts })).data;
      return from;
    },
    onSuccess: (f) => {
      took(f);
      void success('FAQ saved', 'Shoppers see it now.');
    },
    onError: draft.failed,
  });
  const refused = useConflict({
    refusal: draft.conflict,
    attempt: save.submittedAt,
    load: async () => (await call(adminFaqsApi.get, { params: { id: server.id } })).data,
    compare: (theirs) =>
      fieldDiff(
        { title: theirs.title, description: theirs.description, items: toBody(withKeys(theirs.items)) },
        { title, description, items: toBody(items) },
        FAQ_DIFF,
      ),
  });
  const theirs = refused.theirs;
  const remove = useMutation({
    mutationFn: async () => call(adminFaqsApi.remove, { params: { id: server.id } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['faqs'], exact: true });
      void success(`“${server.title}” deleted`);
      void navigate('/faqs');
    },
    onError: (err: unknown) => void failure(errorText(err)),
  });

  const add = () => draft.add({ key: newKey(), question: '', answer: '', is_published: true });

  return (
    <>
      <EditorWithPreview
        id="faq"
        label="FAQ editor"
        message={message}
        usedBy={server.used_by}
        history={history}
        editor={
          <OrderedEditorLayout noun="question" draft={draft} stacked form={(open) => <QuestionForm {...open} />}>
            <ContentHistory kind="faq" subject={server.id} revision={server.version} history={history} />
            <EditorCard title="Group">
              <TextInput
                label="Title"
                value={title}
                onChange={(v) => {
                  draft.clearErrors();
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
                  draft.clearErrors();
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
            <OrderedListCard
              title="Questions"
              draft={draft}
              testId="faq-items"
              add={
                <Button variant="primary" onPress={add} data-testid="add-question">
                  Add question
                </Button>
              }
            >
              {(q) => (
                <>
                  <span className={`block truncate text-sm font-semibold ${q.question ? '' : 'text-muted italic'}`}>
                    {draft.name(q)}
                  </span>
                  <span className="flex items-center gap-2 text-xs text-muted">
                    {!q.is_published && (
                      <span className="rounded-full bg-stone-100 px-2 py-0.5 font-medium text-ink">Hidden</span>
                    )}
                    {draft.flagged.has(q.key) && (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">Check</span>
                    )}
                    <span className="truncate">{q.answer || 'No answer yet'}</span>
                  </span>
                </>
              )}
            </OrderedListCard>
          </OrderedEditorLayout>
        }
      />
      <DraftSaveBar
        testId="faq-save-bar"
        statusTestId="faq-status"
        texts={{
          check: 'Check the questions marked “Check”.',
          unsaved: 'Unsaved changes: the preview shows them, shoppers do not.',
          saved: 'Saved: shoppers see these questions.',
        }}
        failed={Object.keys(errors).length > 0}
        dirty={dirty}
        saving={save.isPending}
        conflict={refused.conflict}
        onKeepMine={theirs ? () => save.mutate(theirs) : undefined}
        onTakeTheirs={() => void call(adminFaqsApi.get, { params: { id: server.id } }).then((res) => took(res.data))}
        onDiscard={() => {
          draft.discard();
          setTitle(server.title);
          setDescription(server.description);
        }}
        onSave={() => save.mutate()}
      />
    </>
  );
}
