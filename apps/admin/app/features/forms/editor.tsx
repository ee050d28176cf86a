import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FORM_LIMITS,
  PREVIEW_FORM_MESSAGE,
  TRADE_ENQUIRY_FORM_ID,
  adminFormsApi,
  type AdminForm,
  type AdminFormBody,
  type AdminVersion,
  type FormField,
} from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { OrderedEditorLayout, OrderedListCard } from '../../components/ui/ordered-editor';
import { DraftSaveBar } from '../../components/ui/draft-save-bar';
import { UsedBy } from '../../components/ui/used-by';
import { counted } from '../../lib/format';
import { call, errorText, ifMatch, same } from '../../lib/api';
import { failure, success } from '../../lib/toast';
import { fieldDiff } from '../../lib/field-diff';
import { useConflict } from '../../lib/use-conflict';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { useOrderedDraft } from '../../lib/use-ordered-draft';
import { ContentHistory } from '../history/content-history';
import { useVersionPreview } from '../history/use-version-preview';
import { EditorWithPreview } from '../preview/editor-with-preview';
import { EditorCard, TextInput, Toggle } from '../theme/fields';
import { FieldForm, TYPE_LABELS } from './field-form';

/** A field as the editor holds it: its choices as lines, and whether its key still follows its label. */
export type EditField = Omit<FormField, 'options'> & { key: string; optionsText: string; auto: boolean };
type Settings = Omit<AdminFormBody, 'fields' | 'notify_emails'> & { notify_emails: string[] };

let counter = 0;
const newKey = () => `f${++counter}`;
const withKeys = (fields: FormField[]): EditField[] =>
  fields.map(({ options, ...f }) => ({ ...f, key: newKey(), optionsText: options.join('\n'), auto: false }));
const toFields = (fields: EditField[]): FormField[] =>
  fields.map(({ key: _key, optionsText, auto: _auto, ...f }) => ({
    ...f,
    options:
      f.type === 'select'
        ? optionsText
            .split('\n')
            .map((o) => o.trim())
            .filter(Boolean)
        : [],
    placeholder: f.placeholder || null,
  }));
const settingsOf = (f: Settings): Settings => ({
  name: f.name,
  description: f.description,
  submit_label: f.submit_label,
  success_message: f.success_message,
  is_active: f.is_active,
  notify_emails: f.notify_emails,
});

/** A kept form version's body (the form as its editor saves it). */
const versionOf = (v: AdminVersion) => {
  // Kept as saved: every field's parts are there.
  const b = v.body as unknown as Settings & { fields: FormField[] };
  return { ...settingsOf(b), fields: b.fields };
};

/** A form's fields by the names the editor gives them, for a refused save's differences. */
const FORM_DIFF = {
  name: 'Name',
  description: 'Description',
  submit_label: 'Button text',
  success_message: 'Message after sending',
  is_active: 'Shoppers can send it',
  notify_emails: { label: 'E-mail the messages to', text: (v: unknown) => (v as string[]).join(', ') },
  fields: 'Field',
  label: 'Label',
  type: 'Kind',
  required: 'Required',
  options: { label: 'Choices', text: (v: unknown) => (v as string[]).join(', ') },
  min_length: 'Shortest',
  max_length: 'Longest',
  placeholder: 'Placeholder',
} as const;

/**
 * One form's editor (issue 28): its texts, whether shoppers can send it, where its messages go
 * (the inbox always, and up to five e-mail addresses), and its fields as an ordered list. Fields
 * are added, edited, moved (drag, keyboard, or Move up / Move down) and removed (with Undo); Save
 * sends the whole form with If-Match, and shoppers see it at once. A save refused because another
 * editor saved first (409) shows what differs, field by field, and offers theirs or keeping this one (saved over theirs). A form no template shows can be deleted,
 * its messages with it (the confirm says how many). Beside it the page of the first template that
 * shows the form previews it unsaved (`shopfront:preview:form`, docs/preview-protocol.md); with
 * none, the preview pane says so. History lists the saved versions: Preview shows one in the
 * frame, Restore puts it in the form.
 */
export function FormEditor({ form, queryKey }: { form: AdminForm; queryKey: readonly unknown[] }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [server, setServer] = useState(form);
  const draft = useOrderedDraft({
    saved: () => withKeys(form.fields),
    path: 'fields',
    name: (f: EditField) => f.label || 'New field',
  });
  const [settings, setSettings] = useState(() => settingsOf(form));
  const { rows: fields, errors } = draft;

  const body = (): AdminFormBody => ({ ...settings, fields: toFields(fields) });
  const dirty = !same(body(), { ...settingsOf(server), fields: toFields(draft.start) });
  useLeaveGuard(dirty, 'Leave without saving your changes to this form?');
  /** A kept version becomes the editor's form: Save then publishes it as a new version. */
  const history = useVersionPreview({
    dirty,
    editing: [settings, fields],
    apply: (v) => {
      const { fields: kept, ...rest } = versionOf(v);
      setSettings(rest);
      draft.replace(withKeys(kept));
    },
  });
  const { previewing } = history;
  const message = useMemo(() => {
    const shown = previewing ? versionOf(previewing) : { ...settings, fields: toFields(fields) };
    return {
      type: PREVIEW_FORM_MESSAGE,
      id: form.id,
      name: shown.name,
      description: shown.description ?? '',
      // A field not labelled yet shows as the list names it.
      fields: shown.fields.map((f) => ({ ...f, label: f.label.trim() || 'New field' })),
      submit_label: shown.submit_label,
      success_message: shown.success_message,
      is_active: shown.is_active ?? true,
    };
  }, [form.id, settings, fields, previewing]);

  const took = (f: AdminForm) => {
    setServer(f);
    draft.reset(withKeys(f.fields));
    setSettings(settingsOf(f));
    qc.setQueryData(queryKey, f);
    void qc.invalidateQueries({ queryKey: ['forms'], exact: true });
  };
  const save = useMutation({
    // Over `base` when the owner keeps their version after a refusal: theirs, whose version it sends.
    mutationFn: async (base: AdminForm | void) =>
      (
        await call(adminFormsApi.save, {
          params: { id: server.id },
          body: body(),
          headers: ifMatch((base || server).version),
        })
      ).data,
    onSuccess: (f) => {
      took(f);
      void success('Form saved', 'Shoppers see it now.');
    },
    onError: draft.failed,
  });
  const refused = useConflict({
    refusal: draft.conflict,
    attempt: save.submittedAt,
    load: async () => (await call(adminFormsApi.get, { params: { id: server.id } })).data,
    compare: (theirs) => fieldDiff({ ...settingsOf(theirs), fields: theirs.fields }, body(), FORM_DIFF),
  });
  const theirs = refused.theirs;
  const remove = useMutation({
    mutationFn: async () => call(adminFormsApi.remove, { params: { id: server.id } }),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: ['forms'], exact: true });
      void success(`“${server.name}” deleted`, `${counted(res.data.submissions_deleted, 'message')} went with it.`);
      void navigate('/forms');
    },
    onError: (err: unknown) => void failure(errorText(err)),
  });

  const set = (change: Partial<Settings>) => {
    draft.clearErrors();
    setSettings((s) => ({ ...s, ...change }));
  };
  const add = () => {
    const taken = new Set(fields.map((f) => f.name));
    let n = fields.length + 1;
    while (taken.has(`field_${n}`)) n++;
    draft.add({
      key: newKey(),
      name: `field_${n}`,
      label: '',
      type: 'text',
      required: false,
      optionsText: '',
      min_length: null,
      max_length: null,
      placeholder: null,
      auto: true,
    });
  };
  const emails = settings.notify_emails;
  // Trade enquiries have their own inbox; every other form's messages are filtered in Form messages.
  const inbox =
    server.id === TRADE_ENQUIRY_FORM_ID
      ? { to: '/trade-enquiries', name: 'Trade enquiries' }
      : { to: `/form-submissions?form=${server.id}`, name: 'Form messages' };

  return (
    <>
      <EditorWithPreview
        id="form"
        label="Form editor"
        message={message}
        usedBy={server.used_by}
        unused={<NotShown />}
        history={history}
        editor={
          <OrderedEditorLayout noun="field" draft={draft} stacked form={(open) => <FieldForm {...open} />}>
            <ContentHistory kind="form" subject={server.id} revision={server.version} history={history} />
            <EditorCard title="Form">
              <TextInput
                label="Name"
                value={settings.name}
                onChange={(v) => set({ name: v })}
                error={errors.name}
                hint="Shown above the fields when a section has no title of its own"
                testId="form-name"
              />
              <TextInput
                label="Description"
                value={settings.description ?? ''}
                rows={2}
                onChange={(v) => set({ description: v })}
                error={errors.description}
                hint={`Optional, up to ${FORM_LIMITS.descriptionMax} characters`}
                testId="form-description"
              />
              <TextInput
                label="Button label"
                value={settings.submit_label}
                onChange={(v) => set({ submit_label: v })}
                error={errors.submit_label}
                testId="form-submit-label"
              />
              <TextInput
                label="Thank-you message"
                value={settings.success_message}
                rows={2}
                onChange={(v) => set({ success_message: v })}
                error={errors.success_message}
                hint="Shown once a message is sent"
                testId="form-success"
              />
              <Toggle
                label="Shoppers can send it"
                checked={settings.is_active ?? true}
                onChange={(v) => set({ is_active: v })}
                testId="form-active"
              />
              <UsedBy
                usedBy={server.used_by}
                noun="form"
                section="a form section"
                testId="form-used-by"
                deleteTestId="delete-form"
                deleting={remove.isPending}
                onDelete={() => {
                  const lost = server.submission_count
                    ? `Its ${counted(server.submission_count, 'message')} in the inbox are deleted with it.`
                    : 'It has no messages in the inbox.';
                  if (window.confirm(`Delete “${server.name}”? ${lost} This cannot be undone.`)) remove.mutate();
                }}
              />
            </EditorCard>
            <OrderedListCard
              title="Fields"
              draft={draft}
              testId="form-fields"
              add={
                <Button
                  variant="primary"
                  onPress={add}
                  isDisabled={fields.length >= FORM_LIMITS.fieldsMax}
                  data-testid="add-field"
                >
                  Add field
                </Button>
              }
            >
              {(f) => (
                <>
                  <span className={`block truncate text-sm font-semibold ${f.label ? '' : 'text-muted italic'}`}>
                    {draft.name(f)}
                  </span>
                  <span className="flex items-center gap-2 text-xs text-muted">
                    {f.required && (
                      <span className="rounded-full bg-stone-100 px-2 py-0.5 font-medium text-ink">Required</span>
                    )}
                    {draft.flagged.has(f.key) && (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">Check</span>
                    )}
                    <span className="truncate">{TYPE_LABELS[f.type]}</span>
                  </span>
                </>
              )}
            </OrderedListCard>
            <EditorCard title="Where messages go">
              <p className="text-sm text-muted">
                Every message lands in{' '}
                <Link to={inbox.to} className="font-medium text-ink underline" data-testid="form-inbox">
                  {inbox.name} ({server.submission_count})
                </Link>
                . Add addresses to get each one by e-mail too.
              </p>
              {emails.map((e, i) => (
                <div key={i} className="flex items-end gap-2">
                  <div className="min-w-0 flex-1">
                    <TextInput
                      label={`E-mail ${i + 1}`}
                      value={e}
                      onChange={(v) => set({ notify_emails: emails.map((x, j) => (j === i ? v : x)) })}
                      error={errors[`notify_emails.${i}`]}
                      testId={`notify-${i}`}
                    />
                  </div>
                  <Button
                    variant="quiet"
                    className={errors[`notify_emails.${i}`] ? 'mb-7' : ''}
                    onPress={() => set({ notify_emails: emails.filter((_, j) => j !== i) })}
                    aria-label={`Remove e-mail ${i + 1}`}
                  >
                    Remove
                  </Button>
                </div>
              ))}
              {errors.notify_emails && <p className="text-sm font-medium text-red-700">{errors.notify_emails}</p>}
              <div>
                <Button
                  isDisabled={emails.length >= FORM_LIMITS.notifyMax}
                  onPress={() => set({ notify_emails: [...emails, ''] })}
                  data-testid="add-notify"
                >
                  Add address
                </Button>
              </div>
            </EditorCard>
          </OrderedEditorLayout>
        }
      />
      <DraftSaveBar
        testId="form-save-bar"
        statusTestId="form-status"
        texts={{
          check: 'Check the messages above and the fields marked “Check”.',
          unsaved: 'Unsaved changes: the preview shows them, shoppers do not.',
          saved: 'Saved: shoppers see this form.',
        }}
        failed={Object.keys(errors).length > 0}
        dirty={dirty}
        saving={save.isPending}
        conflict={refused.conflict}
        onKeepMine={theirs ? () => save.mutate(theirs) : undefined}
        onTakeTheirs={() => void call(adminFormsApi.get, { params: { id: server.id } }).then((res) => took(res.data))}
        onDiscard={() => {
          draft.discard();
          setSettings(settingsOf(server));
        }}
        onSave={() => save.mutate()}
      />
    </>
  );
}

/** The preview pane of a form no template shows: nothing to frame, and how to show it. */
function NotShown() {
  return (
    <div
      className="card flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-muted"
      data-testid="form-not-shown"
    >
      <p className="text-base font-semibold text-ink">No page shows this form yet</p>
      <p className="max-w-sm">
        Add a form section naming it to a page’s template: the preview then shows that page, with your unsaved changes.
      </p>
      <Link to="/templates" className="btn btn-quiet">
        Open templates
      </Link>
    </div>
  );
}
