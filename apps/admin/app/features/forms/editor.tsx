import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  FORM_LIMITS,
  TRADE_ENQUIRY_FORM_ID,
  adminFormsApi,
  type AdminForm,
  type AdminFormBody,
  type FormField,
} from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { EditorSaveBar } from '../../components/ui/save-bar';
import { SortableList } from '../../components/ui/sortable-list';
import { UsedBy } from '../../components/ui/used-by';
import { counted } from '../../lib/format';
import { call, errorText, fieldErrors, ifMatch, same } from '../../lib/api';
import { moveTo, stepBy } from '../../lib/reorder';
import { failure, success } from '../../lib/toast';
import { useLeaveGuard } from '../../lib/use-leave-guard';
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
const settingsOf = (f: AdminForm): Settings => ({
  name: f.name,
  description: f.description,
  submit_label: f.submit_label,
  success_message: f.success_message,
  is_active: f.is_active,
  notify_emails: f.notify_emails,
});

/**
 * One form's editor (issue 28): its texts, whether shoppers can send it, where its messages go
 * (the inbox always, and up to five e-mail addresses), and its fields as an ordered list. Fields
 * are added, edited, moved (drag, keyboard, or Move up / Move down) and removed (with Undo); Save
 * sends the whole form with If-Match, and shoppers see it at once. A save refused because another
 * editor saved first (409) says so and offers theirs. A form no template shows can be deleted,
 * its messages with it (the confirm says how many).
 */
export function FormEditor({ form, queryKey }: { form: AdminForm; queryKey: readonly unknown[] }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [server, setServer] = useState(form);
  const [start, setStart] = useState(() => withKeys(form.fields));
  const [fields, setFields] = useState<EditField[]>(start);
  const [settings, setSettings] = useState(() => settingsOf(form));
  const [open, setOpen] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);

  const body = (): AdminFormBody => ({ ...settings, fields: toFields(fields) });
  const dirty = !same(body(), { ...settingsOf(server), fields: toFields(start) });
  useLeaveGuard(dirty, 'Leave without saving your changes to this form?');

  const took = (f: AdminForm) => {
    const list = withKeys(f.fields);
    setServer(f);
    setStart(list);
    setFields(list);
    setSettings(settingsOf(f));
    setOpen(null);
    setErrors({});
    setConflict(null);
    qc.setQueryData(queryKey, f);
    void qc.invalidateQueries({ queryKey: ['forms'], exact: true });
  };
  const save = useMutation({
    mutationFn: async () =>
      (await call(adminFormsApi.save, { params: { id: server.id }, body: body(), headers: ifMatch(server.version) }))
        .data,
    onSuccess: (f) => {
      took(f);
      void success('Form saved', 'Shoppers see it now.');
    },
    onError: (err: unknown) => {
      if (err instanceof ApiError && err.status === 409) return setConflict(err.message);
      const byField = fieldErrors(err);
      setErrors(byField);
      if (!Object.keys(byField).length) void failure(errorText(err));
      const first = Object.keys(byField).find((k) => k.startsWith('fields.'));
      const row = first ? fields[Number(first.split('.')[1])] : undefined;
      if (row) setOpen(row.key);
    },
  });
  const remove = useMutation({
    mutationFn: async () => call(adminFormsApi.remove, { params: { id: server.id } }),
    onSuccess: (res) => {
      void qc.invalidateQueries({ queryKey: ['forms'], exact: true });
      void success(`“${server.name}” deleted`, `${counted(res.data.submissions_deleted, 'message')} went with it.`);
      void navigate('/forms');
    },
    onError: (err: unknown) => void failure(errorText(err)),
  });

  const edit = (change: (list: EditField[]) => EditField[]) => {
    setErrors({});
    setFields(change);
  };
  const set = (change: Partial<Settings>) => {
    setErrors({});
    setSettings((s) => ({ ...s, ...change }));
  };
  const index = open ? fields.findIndex((f) => f.key === open) : -1;
  const current = index >= 0 ? fields[index] : undefined;
  const add = () => {
    const taken = new Set(fields.map((f) => f.name));
    let n = fields.length + 1;
    while (taken.has(`field_${n}`)) n++;
    const field: EditField = {
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
    };
    edit((list) => [...list, field]);
    setOpen(field.key);
  };
  const removeField = () => {
    if (!current) return;
    const at = index;
    edit((list) => list.filter((f) => f.key !== current.key));
    setOpen(null);
    void success(`“${current.label || 'New field'}” removed`, undefined, {
      run: () => edit((list) => (list.some((f) => f.key === current.key) ? list : list.toSpliced(at, 0, current))),
    });
  };
  const errorsOf = (i: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(`fields.${i}.`))
        .map(([k, v]) => [k.split('.').slice(2).join('.'), v]),
    );
  const flagged = new Set(fields.filter((_, i) => Object.keys(errorsOf(i)).length).map((f) => f.key));
  const name = (f: EditField) => f.label || 'New field';
  const emails = settings.notify_emails;
  // Trade enquiries have their own inbox; every other form's messages are filtered in Form messages.
  const inbox =
    server.id === TRADE_ENQUIRY_FORM_ID
      ? { to: '/trade-enquiries', name: 'Trade enquiries' }
      : { to: `/form-submissions?form=${server.id}`, name: 'Form messages' };

  return (
    <>
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex flex-col gap-4">
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
          <EditorCard title="Fields">
            <SortableList
              label="Fields, in the order shoppers see them"
              rows={fields}
              open={open}
              onOpen={(key) => setOpen(key === open ? null : key)}
              onMove={(key, target, position) => edit((list) => moveTo(list, key, target, position))}
              rowName={name}
              empty="No fields yet: add one below."
              testId="form-fields"
            >
              {(f) => (
                <>
                  <span className={`block truncate text-sm font-semibold ${f.label ? '' : 'text-muted italic'}`}>
                    {name(f)}
                  </span>
                  <span className="flex items-center gap-2 text-xs text-muted">
                    {f.required && (
                      <span className="rounded-full bg-stone-100 px-2 py-0.5 font-medium text-ink">Required</span>
                    )}
                    {flagged.has(f.key) && (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">Check</span>
                    )}
                    <span className="truncate">{TYPE_LABELS[f.type]}</span>
                  </span>
                </>
              )}
            </SortableList>
            {errors.fields && (
              <p className="text-sm font-medium text-red-700" data-testid="fields-error">
                {errors.fields}
              </p>
            )}
            <div>
              <Button
                variant="primary"
                onPress={add}
                isDisabled={fields.length >= FORM_LIMITS.fieldsMax}
                data-testid="add-field"
              >
                Add field
              </Button>
            </div>
          </EditorCard>
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
        </div>
        {current ? (
          <FieldForm
            key={current.key}
            field={current}
            errors={errorsOf(index)}
            moves={{
              up: index > 0 ? () => edit((l) => stepBy(l, current.key, -1)) : null,
              down: index < fields.length - 1 ? () => edit((l) => stepBy(l, current.key, 1)) : null,
            }}
            onChange={(change) => edit((list) => list.map((f) => (f.key === current.key ? { ...f, ...change } : f)))}
            onRemove={removeField}
          />
        ) : (
          <p className="card hidden p-5 text-sm text-muted lg:block">
            Choose a field to edit it, or add one. Drag a field by its handle to move it.
          </p>
        )}
      </div>
      <EditorSaveBar
        testId="form-save-bar"
        conflict={conflict ? [conflict] : null}
        onTakeTheirs={() => void call(adminFormsApi.get, { params: { id: server.id } }).then((res) => took(res.data))}
        status={
          <p
            className={Object.keys(errors).length ? 'font-medium text-red-700' : 'text-muted'}
            data-testid="form-status"
          >
            {Object.keys(errors).length
              ? 'Check the messages above and the fields marked “Check”.'
              : dirty
                ? 'Unsaved changes: shoppers do not see them yet.'
                : 'Saved: shoppers see this form.'}
          </p>
        }
      >
        <Button
          variant="quiet"
          isDisabled={save.isPending || !dirty}
          onPress={() => {
            setFields(start);
            setSettings(settingsOf(server));
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
