import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  adminPagesApi,
  type AdminPage,
  type AdminPageInput,
  type ContentBlock,
  type PageStatus,
} from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { SaveBar } from '../../components/ui/save-bar';
import { call, errorText } from '../../lib/api';
import { failure, success } from '../../lib/toast';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { EditorCard, Segmented, TextInput } from '../theme/fields';
import { PreviewFrame } from '../theme/preview-frame';
import { fromLocalInput, slugFromTitle, toLocalInput } from './page-form';
import { RichTextEditor } from './rich-text-editor';
import { PageStatusPill } from './status';

interface Form {
  title: string;
  slug: string;
  blocks: ContentBlock[];
  seo_title: string;
  seo_description: string;
  status: PageStatus;
  /** datetime-local, the browser's time zone. */
  publish_at: string;
}

const formOf = (p: AdminPage | null): Form => ({
  title: p?.title ?? '',
  slug: p?.slug ?? '',
  blocks: p?.blocks ?? [],
  seo_title: p?.seo_title ?? '',
  seo_description: p?.seo_description ?? '',
  status: p?.status ?? 'draft',
  publish_at: toLocalInput(p?.status === 'scheduled' ? p.publish_at : null),
});

const bodyOf = (f: Form): AdminPageInput => ({
  title: f.title,
  slug: f.slug,
  blocks: f.blocks,
  seo_title: f.seo_title || null,
  seo_description: f.seo_description || null,
  status: f.status,
  publish_at: f.status === 'scheduled' ? fromLocalInput(f.publish_at) : null,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

/** A refused write's field messages, the first of each; block errors under one `blocks`. */
function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const [k, list] of Object.entries(err.errors)) {
    const key = k.startsWith('blocks') ? 'blocks' : k;
    if (list[0] && !out[key]) out[key] = list[0];
  }
  return out;
}

const VISIBILITY = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
  { value: 'scheduled', label: 'Scheduled' },
] as const;

/**
 * A page's editor (issue 28): title, address, text (Tiptap, restricted to the contract's blocks),
 * SEO fields and when shoppers see it, beside the storefront in preview mode: the text is posted
 * to the preview as a rich-text section as it is typed (a page not yet published previews inside
 * the home page's frame). A save against a version someone else saved since is refused (409).
 */
export function PageEditor({ page }: { page: AdminPage | null }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [server, setServer] = useState(page);
  const [form, setForm] = useState(() => formOf(page));
  const [slugTouched, setSlugTouched] = useState(page !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [frameVersion, setFrameVersion] = useState(0);
  // Bumped when the text is replaced from outside the editor (another editor's version loaded).
  const [textKey, setTextKey] = useState(0);

  const dirty = !same(bodyOf(form), bodyOf(formOf(server)));
  useLeaveGuard(dirty, 'Leave without saving your changes to this page?');
  // A new page, once created, moves to its own address (nothing is unsaved by then).
  useEffect(() => {
    if (!page && server) void navigate(`/pages/${server.id}`, { replace: true });
  }, [page, server, navigate]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const message = useMemo(
    () => ({
      type: 'shopfront:preview:sections',
      sections: [{ key: 'page-preview', type: 'rich_text', settings: { title: form.title, blocks: form.blocks } }],
    }),
    [form.title, form.blocks],
  );

  const took = (p: AdminPage) => {
    setServer(p);
    setForm(formOf(p));
    setErrors({});
    setConflict(null);
    setFrameVersion((v) => v + 1);
    qc.setQueryData(['pages', String(p.id)], p);
    void qc.invalidateQueries({ queryKey: ['pages', 'list'] });
  };
  const save = useMutation({
    mutationFn: async () => {
      const body = bodyOf(form);
      const res = server
        ? await call(adminPagesApi.update, { params: { id: server.id }, body, headers: ifMatch(server.version) })
        : await call(adminPagesApi.create, { body });
      return res;
    },
    onSuccess: (res) => {
      took(res.data);
      void success(res.message ?? 'Saved');
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) return setConflict(err.message);
      const byField = fieldErrors(err);
      setErrors(byField);
      if (!Object.keys(byField).length) void failure(errorText(err));
    },
  });
  const remove = useMutation({
    mutationFn: async () => {
      await call(adminPagesApi.remove, { params: { id: server!.id }, headers: ifMatch(server!.version) });
    },
    onSuccess: () => {
      setServer(null);
      qc.removeQueries({ queryKey: ['pages', String(server!.id)] });
      void qc.invalidateQueries({ queryKey: ['pages', 'list'] });
      void success('Page deleted');
      void navigate('/pages');
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) return setConflict(err.message);
      void failure(errorText(err));
    },
  });
  const busy = save.isPending || remove.isPending;

  const primary =
    form.status === 'draft'
      ? 'Save draft'
      : form.status === 'scheduled'
        ? 'Schedule'
        : server?.status === 'published'
          ? 'Update'
          : 'Publish';

  const editor = (
    <div className="flex flex-col gap-4" data-testid="page-editor">
      <EditorCard title="Page">
        <TextInput
          label="Title"
          value={form.title}
          onChange={(title) => {
            set('title', title);
            if (!slugTouched) set('slug', slugFromTitle(title));
          }}
          error={errors.title}
          testId="page-title"
        />
        <TextInput
          label="Address"
          value={form.slug}
          onChange={(slug) => {
            setSlugTouched(true);
            set('slug', slug);
          }}
          error={errors.slug}
          hint={form.slug ? `Shoppers find it at /${form.slug}` : 'Suggested from the title'}
          testId="page-slug"
        />
        <RichTextEditor
          key={textKey}
          initial={form.blocks}
          onChange={(blocks) => set('blocks', blocks)}
          error={errors.blocks}
        />
      </EditorCard>
      <EditorCard title="Visibility">
        <Segmented
          label="Shoppers see it"
          value={form.status}
          options={VISIBILITY}
          onChange={(status) => set('status', status)}
        />
        {form.status === 'scheduled' && (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="page-publish-at" className="text-sm font-medium">
              Publish at (your time zone)
            </label>
            <input
              id="page-publish-at"
              type="datetime-local"
              className="input"
              value={form.publish_at}
              aria-invalid={errors.publish_at ? true : undefined}
              onChange={(e) => set('publish_at', e.target.value)}
              data-testid="page-publish-at"
            />
            {errors.publish_at && (
              <p className="text-sm font-medium text-red-700" data-testid="field-error">
                {errors.publish_at}
              </p>
            )}
          </div>
        )}
      </EditorCard>
      <EditorCard title="Search engines">
        <TextInput
          label="SEO title"
          value={form.seo_title}
          onChange={(v) => set('seo_title', v)}
          error={errors.seo_title}
          hint="Leave empty to use the page title"
          testId="page-seo-title"
        />
        <TextInput
          label="SEO description"
          value={form.seo_description}
          onChange={(v) => set('seo_description', v)}
          error={errors.seo_description}
          rows={3}
          testId="page-seo-description"
        />
      </EditorCard>
      {server && (
        <Button
          variant="danger"
          className="self-start"
          isDisabled={busy}
          onPress={() => {
            if (window.confirm(`Delete “${server.title}”? Links to /${server.slug} will find nothing.`))
              remove.mutate();
          }}
          data-testid="delete-page"
        >
          Delete page
        </Button>
      )}
    </div>
  );

  return (
    <>
      <div
        role="tablist"
        aria-label="Page editor"
        className="sticky top-[calc(3.5rem+1px)] z-10 -mx-4 mb-4 grid grid-cols-2 gap-2 border-b border-line bg-surface px-4 py-2 sm:-mx-6 sm:px-6 lg:hidden"
      >
        {(['edit', 'preview'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={`page-${t}`}
            data-testid={`tab-${t}`}
            onClick={() => setTab(t)}
            className={`min-h-11 rounded-xl text-sm font-semibold ${tab === t ? 'bg-stone-800 text-white' : 'border border-line bg-white text-ink'}`}
          >
            {t === 'edit' ? 'Edit' : 'Preview'}
          </button>
        ))}
      </div>
      <div className="lg:grid lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:gap-6">
        <div id="page-edit" role="tabpanel" className={tab === 'edit' ? '' : 'hidden lg:block'}>
          {editor}
        </div>
        <div
          id="page-preview"
          role="tabpanel"
          className={`${tab === 'preview' ? 'flex' : 'hidden lg:flex'} h-[calc(100dvh-17rem)] flex-col lg:sticky lg:top-[calc(3.5rem+1rem)]`}
        >
          <PreviewFrame
            path={server?.status === 'published' ? server.url : '/'}
            message={message}
            samePageOnly
            version={frameVersion}
            onEdit={() => {}}
          />
        </div>
      </div>
      <SaveBar className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2" testId="page-save-bar">
        <div className="min-w-0 basis-full text-sm sm:flex-1 sm:basis-auto" aria-live="polite">
          {conflict ? (
            <div className="font-medium text-red-700" data-testid="conflict">
              <p>{conflict}</p>
              <button
                type="button"
                className="mt-1 underline"
                onClick={() =>
                  void call(adminPagesApi.get, { params: { id: server!.id } }).then((res) => {
                    took(res.data);
                    setTextKey((k) => k + 1);
                  })
                }
                data-testid="take-theirs"
              >
                Load their version (your changes are dropped)
              </button>
            </div>
          ) : (
            <p className="flex flex-wrap items-center gap-2 text-muted" data-testid="page-status">
              {server && <PageStatusPill status={server.status} publishAt={server.publish_at} />}
              {dirty ? 'Unsaved changes: the preview shows them, shoppers do not.' : server ? 'Saved' : 'Not saved yet'}
            </p>
          )}
        </div>
        <Button
          variant="primary"
          isDisabled={busy || (!dirty && !!server)}
          onPress={() => save.mutate()}
          data-testid="save-page"
        >
          {save.isPending ? 'Saving…' : primary}
        </Button>
      </SaveBar>
    </>
  );
}
