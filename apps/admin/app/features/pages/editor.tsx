import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, type AdminVersion } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { EditorSaveBar } from '../../components/ui/save-bar';
import { errorText, same } from '../../lib/api';
import { failure, success } from '../../lib/toast';
import { fieldDiff } from '../../lib/field-diff';
import { useConflict } from '../../lib/use-conflict';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { ContentHistory, PreviewingBar } from '../history/content-history';
import { useVersionPreview } from '../history/use-version-preview';
import { MediaPickerButton } from '../media/picker';
import { EditPreviewLayout, type EditPreviewTab } from '../preview/edit-preview-layout';
import { EditorCard, Segmented, TextInput } from '../theme/fields';
import { PreviewFrame, type EditRequest } from '../theme/preview-frame';
import { useEditFromPreview } from '../templates/edit-from-preview';
import { CONTENT_DIFF_FIELDS } from './content-diff';
import type { ContentForm, ContentKind, ContentRecord } from './kinds';
import { slugFromTitle } from './page-form';
import { RichTextEditor } from './rich-text-editor';
import { SchedulePicker } from './schedule-picker';
import { PageStatusPill } from './status';

/** A refused write's field messages, the first of each; block errors under one `blocks`, tag errors under `tags`. */
function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [k, list] of Object.entries(err.errors)) {
    const key = k.startsWith('blocks') ? 'blocks' : k.startsWith('tags') ? 'tags' : k;
    if (list[0] && !out[key]) out[key] = list[0];
  }
  return out;
}

const VISIBILITY = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
  { value: 'scheduled', label: 'Scheduled' },
] as const;

/** The navigation state a new page or post is opened with after its first save: the save's message. */
interface SavedState {
  saved?: string;
}

/**
 * The editor of a page or a blog post (issue 28): title, address, text (Tiptap, restricted to the
 * contract's blocks), a post's excerpt, cover, author and tags, SEO fields and when shoppers see
 * it (a schedule on the shop's clock), beside the storefront in preview mode: a page's text is
 * posted to the preview as a rich-text section as it is typed (a draft previews inside the home
 * page's frame), a post whole in the blog post layout (a draft on the preview-only /preview/post). A save against a version someone else saved since is refused (409): the bar shows what differs, field by field, and takes theirs or saves this one over it.
 */
export function ContentEditor<T extends ContentRecord>({
  kind,
  record,
  timeZone,
}: {
  kind: ContentKind<T>;
  record: T | null;
  timeZone: string;
}) {
  const { noun } = kind;
  const Noun = noun === 'page' ? 'Page' : 'Post';
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [server, setServer] = useState(record);
  const [form, setForm] = useState(() => kind.formOf(record, timeZone));
  const [slugTouched, setSlugTouched] = useState(record !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [tab, setTab] = useState<EditPreviewTab>('edit');
  const [frameVersion, setFrameVersion] = useState(0);
  // Bumped when the text is replaced from outside the editor (another editor's version loaded).
  const [textKey, setTextKey] = useState(0);
  // Bumped by the preview's Edit Page: the text editor takes the caret.
  const [textFocus, setTextFocus] = useState(0);
  const editFromPreview = useEditFromPreview();
  // Edit Header / Footer open the menu editor (as in every preview); Edit Page is this editor's own text.
  const onEdit = (request: EditRequest) => {
    if (request.target !== 'page') return editFromPreview(request);
    setTab('edit');
    setTextFocus((n) => n + 1);
  };

  const dirty = !same(kind.bodyOf(form, timeZone), kind.bodyOf(kind.formOf(server, timeZone), timeZone));
  useLeaveGuard(dirty, `Leave without saving your changes to this ${noun}?`);
  // A new page or post, once created, moves to its own address, carrying the save's message: the
  // editor there (a new one) shows it.
  const [savedMessage, setSavedMessage] = useState<string | undefined>();
  const created = !record && server ? server : null;
  useEffect(() => {
    if (created) void navigate(`${kind.listPath}/${created.id}`, { replace: true, state: { saved: savedMessage } });
  }, [created, savedMessage, navigate, kind.listPath]);
  useEffect(() => {
    const said = (location.state as SavedState | null)?.saved;
    if (!said) return;
    void success(said);
    void navigate('.', { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the message of the first save, once
  }, []);

  const versionForm = (v: AdminVersion) => kind.formOf({ ...server!, ...v.body } as T, timeZone);
  /** A kept version becomes the form: saving it makes a new version. */
  const history = useVersionPreview({
    dirty,
    onPreview: () => setTab('preview'),
    apply: (v) => {
      setForm(versionForm(v));
      setErrors({});
      setTextKey((k) => k + 1);
    },
  });
  const { previewing } = history;
  const set = <K extends keyof ContentForm>(key: K, value: ContentForm[K]) => {
    history.stop();
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const message = useMemo(
    () =>
      kind.previewMessage(
        previewing ? kind.formOf({ ...server!, ...previewing.body } as T, timeZone) : form,
        server,
        timeZone,
      ),
    [kind, form, server, timeZone, previewing],
  );

  const took = (p: T) => {
    setServer(p);
    setForm(kind.formOf(p, timeZone));
    setErrors({});
    setConflict(null);
    setFrameVersion((v) => v + 1);
    qc.setQueryData([kind.queryKey, String(p.id)], p);
    void qc.invalidateQueries({ queryKey: [kind.queryKey, 'list'] });
  };
  const save = useMutation({
    // Over `base` when the owner keeps their version after a refusal: theirs, whose version it sends.
    mutationFn: (base: T | void) => kind.save(kind.bodyOf(form, timeZone), base || server),
    onSuccess: (res) => {
      const said = res.message ?? 'Saved';
      // A first save's message waits for the new address (the effect above).
      if (server) void success(said);
      else setSavedMessage(said);
      took(res.data);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) return setConflict(err.message);
      const byField = fieldErrors(err);
      setErrors(byField);
      if (!Object.keys(byField).length) void failure(errorText(err));
    },
  });
  const remove = useMutation({
    mutationFn: () => kind.remove(server!),
    onSuccess: () => {
      setServer(null);
      qc.removeQueries({ queryKey: [kind.queryKey, String(server!.id)] });
      void qc.invalidateQueries({ queryKey: [kind.queryKey, 'list'] });
      void success(`${Noun} deleted`);
      void navigate(kind.listPath);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) return setConflict(err.message);
      void failure(errorText(err));
    },
  });
  const busy = save.isPending || remove.isPending;
  const refused = useConflict({
    refusal: conflict,
    attempt: save.submittedAt,
    load: () => kind.load(server!.id),
    compare: (theirs) => fieldDiff(kind.formOf(theirs, timeZone), form, CONTENT_DIFF_FIELDS),
  });
  const theirs = refused.theirs;

  const primary =
    form.status === 'draft'
      ? 'Save draft'
      : form.status === 'scheduled'
        ? 'Schedule'
        : server?.status === 'published'
          ? 'Update'
          : 'Publish';

  const editor = (
    <div className="flex flex-col gap-4" data-testid={`${noun}-editor`}>
      {server && <ContentHistory kind={noun} subject={String(server.id)} revision={server.version} history={history} />}
      <EditorCard title={Noun}>
        <TextInput
          label="Title"
          value={form.title}
          onChange={(title) => {
            set('title', title);
            if (!slugTouched) set('slug', slugFromTitle(title));
          }}
          error={errors.title}
          testId={`${noun}-title`}
        />
        <TextInput
          label="Address"
          value={form.slug}
          onChange={(slug) => {
            setSlugTouched(true);
            set('slug', slug);
          }}
          error={errors.slug}
          hint={form.slug ? `Shoppers find it at ${kind.addressOf(form.slug)}` : 'Suggested from the title'}
          testId={`${noun}-slug`}
        />
        {kind.postFields && (
          <TextInput
            label="Excerpt"
            value={form.excerpt}
            onChange={(v) => set('excerpt', v)}
            error={errors.excerpt}
            hint="A sentence or two for the blog list and search engines"
            rows={3}
            testId="post-excerpt"
          />
        )}
        <RichTextEditor
          key={textKey}
          initial={form.blocks}
          onChange={(blocks) => set('blocks', blocks)}
          error={errors.blocks}
          focusRequest={textFocus}
        />
      </EditorCard>
      {kind.postFields && (
        <EditorCard title="Cover and author">
          <MediaPickerButton
            label="Choose the cover from the media library"
            onChoose={({ path, alt }) => {
              set('cover_image', path);
              set('cover_image_alt', alt);
            }}
          />
          <TextInput
            label="Cover picture"
            value={form.cover_image}
            onChange={(v) => set('cover_image', v)}
            error={errors.cover_image}
            hint="Chosen above, or paste a /media/… or https:// address"
            testId="post-cover"
          />
          <TextInput
            label="Cover description (alt text)"
            value={form.cover_image_alt}
            onChange={(v) => set('cover_image_alt', v)}
            error={errors.cover_image_alt}
            testId="post-cover-alt"
          />
          <TextInput
            label="Author"
            value={form.author}
            onChange={(v) => set('author', v)}
            error={errors.author}
            hint="Leave empty to sign it with your name"
            testId="post-author"
          />
          <TextInput
            label="Tags"
            value={form.tags}
            onChange={(v) => set('tags', v)}
            error={errors.tags}
            hint="Separated by commas, such as care guides, dyes"
            testId="post-tags"
          />
        </EditorCard>
      )}
      <EditorCard title="Visibility">
        <Segmented
          label="Shoppers see it"
          value={form.status}
          options={VISIBILITY}
          onChange={(status) => set('status', status)}
        />
        {form.status === 'scheduled' && (
          <SchedulePicker
            id={`${noun}-publish-at`}
            value={form.publish_at}
            timeZone={timeZone}
            error={errors.publish_at}
            onChange={(v) => set('publish_at', v)}
          />
        )}
      </EditorCard>
      <EditorCard title="Search engines">
        <TextInput
          label="SEO title"
          value={form.seo_title}
          onChange={(v) => set('seo_title', v)}
          error={errors.seo_title}
          hint={`Leave empty to use the ${noun} title`}
          testId={`${noun}-seo-title`}
        />
        <TextInput
          label="SEO description"
          value={form.seo_description}
          onChange={(v) => set('seo_description', v)}
          error={errors.seo_description}
          rows={3}
          testId={`${noun}-seo-description`}
        />
      </EditorCard>
      {server && (
        <Button
          variant="danger"
          className="self-start"
          isDisabled={busy}
          onPress={() => {
            const address = kind.addressOf(server.slug);
            if (window.confirm(`Delete “${server.title}”? Links to ${address} will find nothing.`)) remove.mutate();
          }}
          data-testid={`delete-${noun}`}
        >
          Delete {noun}
        </Button>
      )}
    </div>
  );

  return (
    <>
      <EditPreviewLayout
        id={noun}
        label={`${Noun} editor`}
        tab={tab}
        onTab={setTab}
        columns="wide"
        editor={editor}
        preview={
          <>
            <PreviewingBar history={history} />
            <PreviewFrame
              path={kind.previewPath(server)}
              message={message}
              samePageOnly
              version={frameVersion}
              onEdit={onEdit}
            />
          </>
        }
      />
      <EditorSaveBar
        testId={`${noun}-save-bar`}
        conflict={refused.conflict}
        onKeepMine={theirs ? () => save.mutate(theirs) : undefined}
        onTakeTheirs={() =>
          void kind.load(server!.id).then((p) => {
            took(p);
            setTextKey((k) => k + 1);
          })
        }
        status={
          <p className="flex flex-wrap items-center gap-2 text-muted" data-testid={`${noun}-status`}>
            {server && <PageStatusPill status={server.status} publishAt={server.publish_at} timeZone={timeZone} />}
            {dirty ? 'Unsaved changes: the preview shows them, shoppers do not.' : server ? 'Saved' : 'Not saved yet'}
          </p>
        }
      >
        <Button
          variant="primary"
          className="w-full sm:w-auto"
          isDisabled={busy || (!dirty && !!server)}
          onPress={() => save.mutate()}
          data-testid={`save-${noun}`}
        >
          {save.isPending ? 'Saving…' : primary}
        </Button>
      </EditorSaveBar>
    </>
  );
}
