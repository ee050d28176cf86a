import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  SLIDER_LIMITS,
  adminSlidersApi,
  imageUrl,
  type AdminSlide,
  type AdminSlider,
} from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { EditorSaveBar } from '../../components/ui/save-bar';
import { SortableList } from '../../components/ui/sortable-list';
import { UsedBy } from '../../components/ui/used-by';
import { call, errorText, fieldErrors, ifMatch, same } from '../../lib/api';
import { moveTo, stepBy } from '../../lib/reorder';
import { failure, success } from '../../lib/toast';
import { useLeaveGuard } from '../../lib/use-leave-guard';
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

/**
 * One slider's editor (issue 28): its name and its slides as an ordered list. Slides are added
 * (at most 10), edited, moved (drag, keyboard, or Move up / Move down) and removed (with Undo);
 * Save sends the name (when changed) and the whole list with If-Match, and shoppers see it at
 * once. A save refused because another editor saved first (409) says so and offers theirs. A
 * slider no template shows can be deleted. No live preview: the template preview reads saved
 * sliders only (docs/preview-protocol.md).
 */
export function SliderEditor({ slider, queryKey }: { slider: AdminSlider; queryKey: readonly unknown[] }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [server, setServer] = useState(slider);
  const [start, setStart] = useState(() => withKeys(slider.slides));
  const [slides, setSlides] = useState<EditSlide[]>(start);
  const [name, setName] = useState(slider.name);
  const [open, setOpen] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);

  const renamed = name !== server.name;
  const changedSlides = !same(toBody(slides), toBody(start));
  const dirty = renamed || changedSlides;
  useLeaveGuard(dirty, 'Leave without saving your changes to these slides?');

  const took = (s: AdminSlider) => {
    const list = withKeys(s.slides);
    setServer(s);
    setStart(list);
    setSlides(list);
    setName(s.name);
    setOpen(null);
    setErrors({});
    setConflict(null);
    qc.setQueryData(queryKey, s);
    void qc.invalidateQueries({ queryKey: ['sliders'], exact: true });
  };
  const save = useMutation({
    mutationFn: async () => {
      let version = server.version;
      let saved = server;
      if (renamed) {
        saved = (
          await call(adminSlidersApi.rename, { params: { id: server.id }, body: { name }, headers: ifMatch(version) })
        ).data;
        version = saved.version;
        // Taken at once: a refused slide list after it must not send the rename again.
        const renamedTo = saved.name;
        setServer((old) => ({ ...old, name: renamedTo, version }));
      }
      if (changedSlides)
        saved = (
          await call(adminSlidersApi.saveSlides, {
            params: { id: server.id },
            body: { slides: toBody(slides) },
            headers: ifMatch(version),
          })
        ).data;
      return saved;
    },
    onSuccess: (s) => {
      took(s);
      void success('Slider saved', 'Shoppers see it now.');
    },
    onError: (err: unknown) => {
      if (err instanceof ApiError && err.status === 409) return setConflict(err.message);
      const byField = fieldErrors(err);
      setErrors(byField);
      if (!Object.keys(byField).length) void failure(errorText(err));
      const first = Object.keys(byField).find((k) => k.startsWith('slides.'));
      const row = first ? slides[Number(first.split('.')[1])] : undefined;
      if (row) setOpen(row.key);
    },
  });
  const remove = useMutation({
    mutationFn: async () => call(adminSlidersApi.remove, { params: { id: server.id } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['sliders'], exact: true });
      void success(`“${server.name}” deleted`);
      void navigate('/sliders');
    },
    onError: (err: unknown) => void failure(errorText(err)),
  });

  const edit = (change: (list: EditSlide[]) => EditSlide[]) => {
    setErrors({});
    setSlides(change);
  };
  const index = open ? slides.findIndex((s) => s.key === open) : -1;
  const current = index >= 0 ? slides[index] : undefined;
  const full = slides.length >= SLIDER_LIMITS.slidesMax;
  const add = () => {
    const slide: EditSlide = {
      key: newKey(),
      title: '',
      subtitle: '',
      image_url: '',
      image_alt: '',
      link_url: '',
      link_text: '',
    };
    edit((list) => [...list, slide]);
    setOpen(slide.key);
  };
  const removeSlide = () => {
    if (!current) return;
    const at = index;
    edit((list) => list.filter((s) => s.key !== current.key));
    setOpen(null);
    void success(`“${current.title || 'New slide'}” removed`, undefined, {
      run: () => edit((list) => (list.some((s) => s.key === current.key) ? list : list.toSpliced(at, 0, current))),
    });
  };
  const errorsOf = (i: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(`slides.${i}.`))
        .map(([k, v]) => [k.split('.')[2]!, v]),
    );
  const flagged = new Set(slides.filter((_, i) => Object.keys(errorsOf(i)).length).map((s) => s.key));
  const rowName = (s: EditSlide) => s.title || 'New slide';

  return (
    <>
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <div className="flex flex-col gap-4">
          <EditorCard title="Slider">
            <TextInput
              label="Name"
              value={name}
              onChange={(v) => {
                setErrors({});
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
          <EditorCard title="Slides">
            <SortableList
              label="Slides, in the order shoppers see them"
              rows={slides}
              open={open}
              onOpen={(key) => setOpen(key === open ? null : key)}
              onMove={(key, target, position) => edit((list) => moveTo(list, key, target, position))}
              rowName={rowName}
              empty="No slides yet: add one below."
              testId="slider-slides"
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
                      {rowName(s)}
                    </span>
                    <span className="flex items-center gap-2 text-xs text-muted">
                      {flagged.has(s.key) && (
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">Check</span>
                      )}
                      <span className="truncate">{s.subtitle || (s.image_url ? 'No subtitle' : 'No picture')}</span>
                    </span>
                  </span>
                </span>
              )}
            </SortableList>
            {errors.slides && (
              <p className="text-sm font-medium text-red-700" data-testid="slides-error">
                {errors.slides}
              </p>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="primary" isDisabled={full} onPress={add} data-testid="add-slide">
                Add slide
              </Button>
              {full && (
                <span className="text-sm text-muted">A slider holds at most {SLIDER_LIMITS.slidesMax} slides.</span>
              )}
            </div>
          </EditorCard>
        </div>
        {current ? (
          <SlideForm
            key={current.key}
            slide={current}
            errors={errorsOf(index)}
            moves={{
              up: index > 0 ? () => edit((l) => stepBy(l, current.key, -1)) : null,
              down: index < slides.length - 1 ? () => edit((l) => stepBy(l, current.key, 1)) : null,
            }}
            onChange={(change) => edit((list) => list.map((s) => (s.key === current.key ? { ...s, ...change } : s)))}
            onRemove={removeSlide}
          />
        ) : (
          <p className="card hidden p-5 text-sm text-muted lg:block">
            Choose a slide to edit it, or add one. Drag a slide by its handle to move it.
          </p>
        )}
      </div>
      <EditorSaveBar
        testId="slider-save-bar"
        conflict={conflict ? [conflict] : null}
        onTakeTheirs={() => void call(adminSlidersApi.get, { params: { id: server.id } }).then((res) => took(res.data))}
        status={
          <p
            className={Object.keys(errors).length ? 'font-medium text-red-700' : 'text-muted'}
            data-testid="slider-status"
          >
            {Object.keys(errors).length
              ? 'Check the slides marked “Check”.'
              : dirty
                ? 'Unsaved changes: shoppers do not see them yet.'
                : 'Saved: shoppers see these slides.'}
          </p>
        }
      >
        <Button
          variant="quiet"
          isDisabled={save.isPending || !dirty}
          onPress={() => {
            setSlides(start);
            setName(server.name);
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
