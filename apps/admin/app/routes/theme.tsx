import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, onColourOf, type AdminStorefront, type StorefrontPatch, type ThemeColours } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { SaveBar } from '../components/ui/save-bar';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { call, errorText, fieldErrors } from '../lib/api';
import { failure } from '../lib/toast';
import { savedToast } from '../lib/undo';
import { useLeaveGuard } from '../lib/use-leave-guard';
import { changesOf, draftOf, type ThemeDraft } from '../features/theme/draft';
import { ColourField, ContrastCheck, EditorCard, Segmented, TextInput, Toggle } from '../features/theme/fields';
import { PreviewFrame } from '../features/theme/preview-frame';
import { EditPreviewLayout, type EditPreviewTab } from '../features/preview/edit-preview-layout';
import { STOREFRONT_KEY, storefrontQuery } from '../features/settings/storefront-query';
import { useEditFromPreview } from '../features/templates/edit-from-preview';

export const meta = () => [{ title: 'Theme · Shop admin' }];

const COLOURS: { key: keyof ThemeColours; label: string }[] = [
  { key: 'primary', label: 'Primary (buttons, links)' },
  { key: 'secondary', label: 'Secondary' },
  { key: 'accent', label: 'Accent (badges, highlights)' },
  { key: 'background', label: 'Page background' },
  { key: 'surface', label: 'Cards and panels' },
  { key: 'text', label: 'Text' },
  { key: 'muted', label: 'Muted text' },
  { key: 'topbar_background', label: 'Top bar background' },
  { key: 'topbar_text', label: 'Top bar text' },
  { key: 'footer_background', label: 'Footer background' },
  { key: 'footer_text', label: 'Footer text' },
];

/**
 * The shop's look (issue 28): the editor beside the home page in preview mode. Colours show in
 * the frame as they are typed; nothing reaches shoppers until Publish (one PATCH of what
 * changed). On a phone the editor and the preview are two tabs.
 */
export default function Theme() {
  const qc = useQueryClient();
  const q = useQuery(storefrontQuery);
  const [saved, setSaved] = useState<ThemeDraft | null>(null);
  const [draft, setDraft] = useState<ThemeDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [tab, setTab] = useState<EditPreviewTab>('edit');
  const changes = saved && draft ? changesOf(saved, draft) : null;
  const onEdit = useEditFromPreview();
  const previewMessage = useMemo(() => ({ type: 'shopfront:preview:theme', theme: draft?.theme }), [draft?.theme]);
  useLeaveGuard(changes !== null, 'Leave without publishing your theme changes?');

  // A newer saved look (after Publish, or Undo from its toast) replaces an untouched draft and
  // reloads the frame (set while rendering: React's pattern for state that follows a prop).
  const [seen, setSeen] = useState<AdminStorefront | undefined>(undefined);
  if (q.data && q.data !== seen) {
    setSeen(q.data);
    const next = draftOf(q.data);
    const untouched = !saved || !draft || changesOf(saved, draft) === null;
    if (untouched && JSON.stringify(next) !== JSON.stringify(saved)) {
      setSaved(next);
      setDraft(next);
      if (saved) setVersion((v) => v + 1);
    }
  }

  const publish = useMutation({
    mutationFn: (body: StorefrontPatch) => call(adminApi.updateStorefront, { body }),
    onSuccess: (res) => {
      const next = draftOf(res.data);
      setSaved(next);
      setDraft(next);
      setErrors({});
      setFormError(null);
      setVersion((v) => v + 1);
      qc.setQueryData<AdminStorefront>(STOREFRONT_KEY, res.data);
      savedToast(qc, res.message ?? 'Theme published', { offer: res.undo, refresh: [STOREFRONT_KEY] });
    },
    onError: (err) => {
      const byField = fieldErrors(err);
      setErrors(byField);
      if (Object.keys(byField).length) {
        setFormError('Check the fields marked in red.');
        setTab('edit');
      } else {
        setFormError(null);
        void failure(errorText(err));
      }
    },
  });

  if (q.isPending || !draft || !saved)
    return (
      <>
        <PageHeader title="Theme" />
        {q.isError ? <Failed error={q.error} retry={() => q.refetch()} /> : <Loading />}
      </>
    );

  const set = (change: (d: ThemeDraft) => ThemeDraft) => setDraft((d) => (d ? change(d) : d));
  const colour = (key: keyof ThemeColours) => (v: string) => set((d) => ({ ...d, theme: { ...d.theme, [key]: v } }));
  const notice = (patch: Partial<ThemeDraft['notice_bar']>) =>
    set((d) => ({ ...d, notice_bar: { ...d.notice_bar, ...patch } }));
  const { theme } = draft;
  const onPrimary = onColourOf(theme.primary);

  const checks: Partial<Record<keyof ThemeColours, React.ReactNode>> = {
    primary: onPrimary && <ContrastCheck fore={onPrimary} back={theme.primary} what="Button text on primary" />,
    text: <ContrastCheck fore={theme.text} back={theme.background} what="Text on the page background" />,
    topbar_text: <ContrastCheck fore={theme.topbar_text} back={theme.topbar_background} what="Top bar" />,
    footer_text: <ContrastCheck fore={theme.footer_text} back={theme.footer_background} what="Footer" />,
  };

  const editor = (
    <div className="flex flex-col gap-4" data-testid="theme-editor">
      <EditorCard title="Colours">
        {COLOURS.map(({ key, label }) => (
          <ColourField
            key={key}
            label={label}
            value={theme[key]}
            onChange={colour(key)}
            error={errors[`theme.${key}`]}
            testId={`colour-${key}`}
          >
            {checks[key]}
          </ColourField>
        ))}
      </EditorCard>
      <EditorCard title="Layout" afterPublish>
        <Segmented
          label="Page width"
          value={draft.page_layout}
          options={[
            { value: 'boxed', label: 'Boxed' },
            { value: 'full_width', label: 'Full width' },
          ]}
          onChange={(page_layout) => set((d) => ({ ...d, page_layout }))}
        />
        <Toggle
          label="Sticky header"
          checked={draft.is_sticky_header_enabled}
          onChange={(v) => set((d) => ({ ...d, is_sticky_header_enabled: v }))}
          testId="sticky-header"
        />
        <Toggle
          label="Scroll-to-top button"
          checked={draft.is_scroll_button_enabled}
          onChange={(v) => set((d) => ({ ...d, is_scroll_button_enabled: v }))}
          testId="scroll-button"
        />
      </EditorCard>
      <EditorCard title="Notice bar" afterPublish>
        <Toggle
          label="Show the notice bar"
          checked={draft.notice_bar.enabled}
          onChange={(enabled) => notice({ enabled })}
          testId="notice-enabled"
        />
        <TextInput
          label="Message"
          value={draft.notice_bar.message}
          onChange={(message) => notice({ message })}
          error={errors['notice_bar.message']}
          testId="notice-message"
        />
        <TextInput
          label="Link text"
          value={draft.notice_bar.link_text}
          onChange={(link_text) => notice({ link_text })}
          error={errors['notice_bar.link_text']}
          testId="notice-link-text"
        />
        <TextInput
          label="Links to page"
          value={draft.notice_bar.page_slug}
          onChange={(page_slug) => notice({ page_slug })}
          error={errors['notice_bar.page_slug']}
          hint="The page’s address, e.g. shipping-policy"
          testId="notice-page"
        />
        <Toggle
          label="Shoppers may close it"
          checked={draft.notice_bar.is_closable}
          onChange={(is_closable) => notice({ is_closable })}
          testId="notice-closable"
        />
      </EditorCard>
      <EditorCard title="Top bar" afterPublish>
        <Toggle
          label="Show the top bar"
          checked={draft.topbar.enabled}
          onChange={(enabled) => set((d) => ({ ...d, topbar: { ...d.topbar, enabled } }))}
          testId="topbar-enabled"
        />
        <TextInput
          label="Message"
          value={draft.topbar.message}
          onChange={(message) => set((d) => ({ ...d, topbar: { ...d.topbar, message } }))}
          error={errors['topbar.message']}
          testId="topbar-message"
        />
      </EditorCard>
      <EditorCard title="Cookie banner" afterPublish>
        <Toggle
          label="Show the cookie banner"
          checked={draft.is_cookie_warning_enabled}
          onChange={(v) => set((d) => ({ ...d, is_cookie_warning_enabled: v }))}
          testId="cookie-enabled"
        />
        <TextInput
          label="Title"
          value={draft.cookie_warning.title}
          onChange={(title) => set((d) => ({ ...d, cookie_warning: { ...d.cookie_warning, title } }))}
          error={errors['cookie_warning.title']}
          testId="cookie-title"
        />
        <TextInput
          label="Message"
          rows={3}
          value={draft.cookie_warning.message}
          onChange={(message) => set((d) => ({ ...d, cookie_warning: { ...d.cookie_warning, message } }))}
          error={errors['cookie_warning.message']}
          testId="cookie-message"
        />
      </EditorCard>
    </div>
  );

  // Each changed field counts (two colours are two changes).
  const count = changes
    ? Object.values(changes).reduce<number>(
        (n, v) => n + (v !== null && typeof v === 'object' ? Object.keys(v).length : 1),
        0,
      )
    : 0;
  return (
    <>
      <PageHeader
        title="Theme"
        description="Colours show in the preview as you change them. Shoppers see nothing until you publish."
      />
      <EditPreviewLayout
        id="theme"
        label="Theme editor"
        tab={tab}
        onTab={setTab}
        columns="narrow"
        editor={editor}
        preview={<PreviewFrame message={previewMessage} version={version} onEdit={onEdit} />}
      />
      <SaveBar className="mt-4 flex items-center gap-3" testId="theme-save-bar">
        <p className="min-w-0 flex-1 text-sm text-muted" aria-live="polite">
          {formError ? (
            <span className="font-medium text-red-700" data-testid="form-error">
              {formError}
            </span>
          ) : count ? (
            `${count} unpublished change${count === 1 ? '' : 's'}`
          ) : (
            'All published'
          )}
        </p>
        <Button
          variant="quiet"
          isDisabled={!changes || publish.isPending}
          onPress={() => {
            setDraft(saved);
            setErrors({});
            setFormError(null);
          }}
          data-testid="discard"
        >
          Discard
        </Button>
        <Button
          variant="primary"
          isDisabled={!changes || publish.isPending}
          onPress={() => changes && publish.mutate(changes)}
          data-testid="publish"
        >
          {publish.isPending ? 'Publishing…' : 'Publish'}
        </Button>
      </SaveBar>
    </>
  );
}
