import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SLIDER_LIMITS,
  adminSlidersApi,
  imageUrl,
  type AdminSlide,
  type AdminSlider,
  type AdminVersion,
} from '@shopfront/shared';
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
import { SlideForm } from './slide-form';

/** A slide as the form holds it: every field a string ('' for none), and a key for the list. */
export interface EditSlide {
  key: string;
  title: string;
  subtitle: string;
  image_url: string;
  image_alt: string;
  link_url: string;
  link_text: string;
}

let counter = 0;
const newKey = () => `s${++counter}`;
const withKeys = (slides: AdminSlide[]): EditSlide[] =>
  slides.map((s) => ({
    ...s,
    image_url: s.image_url ?? '',
    link_url: s.link_url ?? '',
    link_text: s.link_text ?? '',
    key: newKey(),
  }));
/** What the API takes: an empty picture, address or button text is none. */
const toBody = (slides: EditSlide[]): AdminSlide[] =>
  slides.map((s) => ({
    title: s.title,
    subtitle: s.subtitle,
    image_url: s.image_url.trim() || null,
    image_alt: s.image_alt,
    link_url: s.link_url.trim() || null,
    link_text: s.link_text.trim() || null,
  }));

/** A kept slider version's body (its name and slides, as its editor saves them). */
const versionOf = (v: AdminVersion) => ({
  name: String(v.body.name ?? ''),
  slides: (v.body.slides ?? []) as AdminSlide[],
});

/** A slider's fields by the names the editor gives them, for a refused save's differences. */
const SLIDER_DIFF = {
  name: 'Name',
  slides: 'Slide',
  title: 'Title',
  subtitle: 'Subtitle',
  image_url: 'Picture',
  image_alt: 'Picture description',
  link_url: 'Link',
  link_text: 'Button text',
} as const;

/**
 * One slider's editor (issue 28): its name and its slides as an ordered list. Slides are added
 * (at most 10), edited, moved (drag, keyboard, or Move up / Move down) and removed (with Undo);
 * Save sends, with If-Match, the whole list with the name when it changed too (only the name when
 * the list did not), one request and one version, and shoppers see it at once. A save refused because another editor saved first (409) shows what differs, field by field, and offers theirs or keeping this one (saved over theirs). A
 * slider no template shows can be deleted. Beside it the home page previews the unsaved slides in
 * its hero sliders that show this slider (`shopfront:preview:slider`, docs/preview-protocol.md).
 * History lists the saved versions: Preview shows one in the frame, Restore puts it in the form.
 */
export function SliderEditor({ slider, queryKey }: { slider: AdminSlider; queryKey: readonly unknown[] }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [server, setServer] = useState(slider);
  const draft = useOrderedDraft({
    saved: () => withKeys(slider.slides),
    path: 'slides',
    name: (s: EditSlide) => s.title || 'New slide',
  });
  const [name, setName] = useState(slider.name);
  const { rows: slides, errors } = draft;

  const renamed = name !== server.name;
  const changedSlides = !same(toBody(slides), toBody(draft.start));
  const dirty = renamed || changedSlides;
  useLeaveGuard(dirty, 'Leave without saving your changes to these slides?');
  /** A kept version becomes the editor's slider: Save then publishes it as a new version. */
  const history = useVersionPreview({
    dirty,
    editing: [name, slides],
    apply: (v) => {
      const kept = versionOf(v);
      setName(kept.name);
      draft.replace(withKeys(kept.slides));
    },
  });
  const { previewing } = history;
  const message = useMemo(
    () => ({
      type: 'shopfront:preview:slider',
      id: slider.id,
      slides: previewing ? versionOf(previewing).slides : toBody(slides),
    }),
    [slider.id, slides, previewing],
  );

  const took = (s: AdminSlider) => {
    setServer(s);
    draft.reset(withKeys(s.slides));
    setName(s.name);
    qc.setQueryData(queryKey, s);
    void qc.invalidateQueries({ queryKey: ['sliders'], exact: true });
  };
  const save = useMutation({
    // Over `base` when the owner keeps their version after a refusal: theirs, whose version it sends.
    mutationFn: async (base: AdminSlider | void) => {
      const from = base || server;
      const request = { params: { id: server.id }, headers: ifMatch(from.version) };
      const renaming = name !== from.name ? { name } : null;
      // One Save is one request and one History version: the slides carry the name when both changed.
      if (base ? !same(toBody(slides), toBody(withKeys(base.slides))) : changedSlides)
        return (await call(adminSlidersApi.saveSlides, { ...request, body: { ...renaming, slides: toBody(slides) } }))
          .data;
      if (renaming) return (await call(adminSlidersApi.rename, { ...request, body: renaming })).data;
      return from;
    },
    onSuccess: (s) => {
      took(s);
      void success('Slider saved', 'Shoppers see it now.');
    },
    onError: draft.failed,
  });
  const refused = useConflict({
    refusal: draft.conflict,
    attempt: save.submittedAt,
    load: async () => (await call(adminSlidersApi.get, { params: { id: server.id } })).data,
    compare: (theirs) =>
      fieldDiff(
        { name: theirs.name, slides: toBody(withKeys(theirs.slides)) },
        { name, slides: toBody(slides) },
        SLIDER_DIFF,
      ),
  });
  const theirs = refused.theirs;
  const remove = useMutation({
    mutationFn: async () => call(adminSlidersApi.remove, { params: { id: server.id } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['sliders'], exact: true });
      void success(`“${server.name}” deleted`);
      void navigate('/sliders');
    },
    onError: (err: unknown) => void failure(errorText(err)),
  });

  const full = slides.length >= SLIDER_LIMITS.slidesMax;
  const add = () =>
    draft.add({ key: newKey(), title: '', subtitle: '', image_url: '', image_alt: '', link_url: '', link_text: '' });

  return (
    <>
      <EditorWithPreview
        id="slider"
        label="Slider editor"
        message={message}
        usedBy={server.used_by}
        history={history}
        editor={
          <OrderedEditorLayout noun="slide" draft={draft} stacked form={(open) => <SlideForm {...open} />}>
            <ContentHistory kind="slider" subject={server.id} revision={server.version} history={history} />
            <EditorCard title="Slider">
              <TextInput
                label="Name"
                value={name}
                onChange={(v) => {
                  draft.clearErrors();
                  setName(v);
                }}
                error={errors.name}
                hint="Screen readers announce the slider by this name"
                testId="slider-name"
              />
              <UsedBy
                usedBy={server.used_by}
                noun="slider"
                section="a hero slider section"
                onDelete={() => remove.mutate()}
                deleting={remove.isPending}
                testId="slider-used-by"
                deleteTestId="delete-slider"
              />
            </EditorCard>
            <OrderedListCard
              title="Slides"
              draft={draft}
              testId="slider-slides"
              add={
                <>
                  <Button variant="primary" isDisabled={full} onPress={add} data-testid="add-slide">
                    Add slide
                  </Button>
                  {full && (
                    <span className="text-sm text-muted">A slider holds at most {SLIDER_LIMITS.slidesMax} slides.</span>
                  )}
                </>
              }
            >
              {(s) => (
                <span className="flex items-center gap-3">
                  {/* The panel's pages load pictures from the shop only (its CSP): other addresses get a plain tile. */}
                  {s.image_url.startsWith('/media/') ? (
                    <img
                      src={imageUrl(s.image_url, 160)}
                      alt=""
                      className="size-10 shrink-0 rounded-lg bg-stone-100 object-cover"
                    />
                  ) : (
                    <span aria-hidden="true" className="size-10 shrink-0 rounded-lg bg-stone-200" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className={`block truncate text-sm font-semibold ${s.title ? '' : 'text-muted italic'}`}>
                      {draft.name(s)}
                    </span>
                    <span className="flex items-center gap-2 text-xs text-muted">
                      {draft.flagged.has(s.key) && (
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">Check</span>
                      )}
                      <span className="truncate">{s.subtitle || (s.image_url ? 'No subtitle' : 'No picture')}</span>
                    </span>
                  </span>
                </span>
              )}
            </OrderedListCard>
          </OrderedEditorLayout>
        }
      />
      <DraftSaveBar
        testId="slider-save-bar"
        statusTestId="slider-status"
        texts={{
          check: 'Check the slides marked “Check”.',
          unsaved: 'Unsaved changes: the preview shows them, shoppers do not.',
          saved: 'Saved: shoppers see these slides.',
        }}
        failed={Object.keys(errors).length > 0}
        dirty={dirty}
        saving={save.isPending}
        conflict={refused.conflict}
        onKeepMine={theirs ? () => save.mutate(theirs) : undefined}
        onTakeTheirs={() => void call(adminSlidersApi.get, { params: { id: server.id } }).then((res) => took(res.data))}
        onDiscard={() => {
          draft.discard();
          setName(server.name);
        }}
        onSave={() => save.mutate()}
      />
    </>
  );
}
