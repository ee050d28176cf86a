import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  CUSTOM_CSS_MAX_LENGTH,
  adminApi,
  onColourOf,
  type AdminStorefront,
  type StorefrontPatch,
  type ThemeColours,
} from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { EditorSaveBar } from '../components/ui/save-bar';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { call, errorText, fieldErrors, ifMatch } from '../lib/api';
import { failure } from '../lib/toast';
import { savedToast } from '../lib/undo';
import { useLeaveGuard } from '../lib/use-leave-guard';
import { useMe } from '../features/auth/me';
import { changesOf, draftOf, previewMessageOf, versionDraft, type ThemeDraft } from '../features/theme/draft';
import { themeDiff } from '../features/theme/theme-diff';
import {
  ColourField,
  ContrastCheck,
  EditorCard,
  FontField,
  Segmented,
  TextInput,
  Toggle,
} from '../features/theme/fields';
import { PictureField } from '../features/templates/section-picture';
import { PreviewFrame } from '../features/theme/preview-frame';
import { EditPreviewLayout, type EditPreviewTab } from '../features/preview/edit-preview-layout';
import { STOREFRONT_KEY, storefrontQuery } from '../features/settings/storefront-query';
import { useEditFromPreview } from '../features/templates/edit-from-preview';
import { ContentHistory, PreviewingBar } from '../features/history/content-history';
import { useVersionPreview } from '../features/history/use-version-preview';

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

/** A publish: what changed, against the storefront version the draft started from. */
interface Publish {
  body: StorefrontPatch;
  version: number;
}

/**
 * The shop's look (issue 28): the editor beside the home page in preview mode. Every field shows
 * in the frame as it is changed (docs/preview-protocol.md); nothing reaches shoppers until Publish
 * (one PATCH of what changed, with If-Match: the version it started from). Someone else's publish
 * since is a 409: the save bar lists what differs, theirs against yours, and offers theirs or
 * publishing over them on purpose. On a phone the editor and the preview are two tabs.
 */
export default function Theme() {
  const qc = useQueryClient();
  const q = useQuery(storefrontQuery);
  const isOwner = useMe().data?.role === 'owner';
  const [saved, setSaved] = useState<ThemeDraft | null>(null);
  const [draft, setDraft] = useState<ThemeDraft | null>(null);
  /** The storefront version `saved` is: sent as If-Match. */
  const [base, setBase] = useState(0);
  const [conflict, setConflict] = useState<{ lines: string[]; theirs: AdminStorefront } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [tab, setTab] = useState<EditPreviewTab>('edit');
  const changes = saved && draft ? changesOf(saved, draft) : null;
  const onEdit = useEditFromPreview();
  /**
   * A kept version becomes the draft: the save bar then offers Publish and Discard. It asks nothing
   * first: Discard there undoes it (the draft is kept apart from what is live until Publish).
   */
  const history = useVersionPreview({
    dirty: false,
    onPreview: () => setTab('preview'),
    apply: (v) => setDraft((d) => (d ? versionDraft(v, d) : d)),
  });
  const { previewing } = history;
  const previewMessage = useMemo(() => {
    const shown = previewing && draft ? versionDraft(previewing, draft) : draft;
    return shown ? previewMessageOf(shown) : undefined;
  }, [previewing, draft]);
  useLeaveGuard(changes !== null, 'Leave without publishing your theme changes?');

  /** Starts over from a saved storefront: the draft, the version and the frame follow it. */
  const load = (sf: AdminStorefront) => {
    const next = draftOf(sf);
    setSaved(next);
    setDraft(next);
    setBase(sf.version);
    setConflict(null);
    setVersion((v) => v + 1);
  };

  // A newer saved look (after Publish, or Undo from its toast) replaces an untouched draft and
  // reloads the frame (set while rendering: React's pattern for state that follows a prop).
  const [seen, setSeen] = useState<AdminStorefront | undefined>(undefined);
  if (q.data && q.data !== seen) {
    setSeen(q.data);
    const untouched = !saved || !draft || changesOf(saved, draft) === null;
    if (untouched && q.data.version !== base) load(q.data);
  }

  const publish = useMutation({
    mutationFn: ({ body, version: v }: Publish) => call(adminApi.updateStorefront, { body, headers: ifMatch(v) }),
    onSuccess: (res) => {
      load(res.data);
      setErrors({});
      setFormError(null);
      qc.setQueryData<AdminStorefront>(STOREFRONT_KEY, res.data);
      savedToast(qc, res.message ?? 'Theme published', { offer: res.undo, refresh: [STOREFRONT_KEY] });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) {
        // Someone else published first: what differs, theirs against this draft.
        void call(adminApi.getStorefront).then(
          (res) =>
            draft && setConflict({ lines: [err.message, ...themeDiff(draftOf(res.data), draft)], theirs: res.data }),
          () => void failure(err.message),
        );
        return;
      }
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

  const set = (change: (d: ThemeDraft) => ThemeDraft) => {
    history.stop();
    setDraft((d) => (d ? change(d) : d));
  };
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
      <ContentHistory kind="theme" subject={q.data?.id ?? ''} revision={base} history={history} />
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
      <EditorCard
        title="Fonts"
        note="Device fonts cost shoppers nothing to load. A web font is served by your shop itself (its size, once per visitor), never by another site."
      >
        <FontField
          label="Text"
          value={draft.typography.body_font}
          onChange={(body_font) => set((d) => ({ ...d, typography: { ...d.typography, body_font } }))}
          error={errors['typography.body_font']}
          testId="font-body"
        />
        <FontField
          label="Headings"
          value={draft.typography.heading_font}
          onChange={(heading_font) => set((d) => ({ ...d, typography: { ...d.typography, heading_font } }))}
          error={errors['typography.heading_font']}
          testId="font-heading"
        />
      </EditorCard>
      <EditorCard title="Logo" note="Shown in the header; without one the header shows the shop’s name.">
        <PictureField
          legend="Logo picture"
          value={draft.logo}
          onChange={(logo) => set((d) => ({ ...d, logo }))}
          errors={{ url: errors['logo.url'] ?? errors.logo, alt: errors['logo.alt'] }}
          testId="logo"
        />
        {draft.logo.url && (
          <Button
            variant="quiet"
            className="self-start"
            onPress={() => set((d) => ({ ...d, logo: { url: '', alt: '' } }))}
            data-testid="logo-remove"
          >
            Use the shop’s name instead
          </Button>
        )}
        <p className="text-sm text-muted">
          The browser tab’s icon is set under{' '}
          <Link to="/setup?card=search-sharing" className="underline">
            Search and sharing
          </Link>
          .
        </p>
      </EditorCard>
      <EditorCard title="Layout">
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
      <EditorCard title="Notice bar">
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
      <EditorCard title="Top bar">
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
      <EditorCard title="Cookie banner">
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
      {isOwner && (
        <EditorCard
          title="Custom CSS"
          note="Owners only. Added after the theme’s own styles, on every page; shown in the preview as you type."
        >
          <TextInput
            label="Style rules"
            rows={8}
            value={draft.custom_css}
            onChange={(custom_css) => set((d) => ({ ...d, custom_css }))}
            error={errors.custom_css}
            hint={`Up to ${CUSTOM_CSS_MAX_LENGTH.toLocaleString('en-IN')} characters; no "</style".`}
            testId="custom-css"
          />
        </EditorCard>
      )}
    </div>
  );

  // Each changed field counts (two colours are two changes).
  const count = changes
    ? Object.entries(changes).reduce<number>(
        (n, [k, v]) => n + (k !== 'logo' && v !== null && typeof v === 'object' ? Object.keys(v).length : 1),
        0,
      )
    : 0;
  const publishMine = () => {
    if (!conflict) return changes && publish.mutate({ body: changes, version: base });
    // On purpose over theirs: what this draft changes from their version, against theirs.
    const body = changesOf(draftOf(conflict.theirs), draft);
    if (!body) return load(conflict.theirs);
    publish.mutate({ body, version: conflict.theirs.version });
  };
  return (
    <>
      <PageHeader
        title="Theme"
        description="Every change shows in the preview at once. Shoppers see nothing until you publish."
      />
      <EditPreviewLayout
        id="theme"
        label="Theme editor"
        tab={tab}
        onTab={setTab}
        columns="narrow"
        editor={editor}
        preview={
          <>
            <PreviewingBar history={history} />
            <PreviewFrame message={previewMessage} version={version} onEdit={onEdit} />
          </>
        }
      />
      <EditorSaveBar
        testId="theme-save-bar"
        conflict={conflict ? { message: conflict.lines[0] ?? '', lines: conflict.lines.slice(1) } : null}
        onTakeTheirs={() => {
          if (!conflict) return;
          qc.setQueryData<AdminStorefront>(STOREFRONT_KEY, conflict.theirs);
          load(conflict.theirs);
        }}
        status={
          <p className="text-muted">
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
        }
      >
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
          isDisabled={(!changes && !conflict) || publish.isPending}
          onPress={publishMine}
          data-testid="publish"
        >
          {publish.isPending ? 'Publishing…' : conflict ? 'Publish mine anyway' : 'Publish'}
        </Button>
      </EditorSaveBar>
    </>
  );
}
