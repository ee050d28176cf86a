import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  adminTemplatesApi,
  type AdminTemplate,
  type SectionInput,
  type SectionType,
} from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { EditorSaveBar, type Conflict } from '../../components/ui/save-bar';
import { call, errorText, fieldErrors, ifMatch, same } from '../../lib/api';
import { failure, success } from '../../lib/toast';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { EditPreviewLayout, type EditPreviewTab } from '../preview/edit-preview-layout';
import { EditorCard, Toggle } from '../theme/fields';
import { PreviewFrame } from '../theme/preview-frame';
import { useEditFromPreview } from './edit-from-preview';
import { VersionList } from '../history/version-list';
import { sectionDiff } from './section-diff';
import { SectionList } from './section-list';
import { SectionSettings } from './section-settings';
import { SECTION_TYPE_INFO, freshKey, newSection, sectionName } from './section-types';
import { TypePicker } from './type-picker';
import { errorsOfSection, keysWithErrors, useSectionErrors } from './use-section-errors';

const startOf = (t: AdminTemplate): SectionInput[] => t.draft?.sections ?? t.sections;

/**
 * The template editor (issue 28): the section list and the open section's settings beside the
 * page in preview mode. Every change is posted to the preview at once; Save draft keeps it for
 * later (nobody else sees it), Publish makes it what shoppers see. A save against a version
 * someone else has changed since is refused (409) and the screen says what differs.
 */
export function TemplateEditor({ template, queryKey }: { template: AdminTemplate; queryKey: readonly unknown[] }) {
  const qc = useQueryClient();
  // Read again each time the editor opens: a slider, FAQ group or form made (or renamed, or
  // deleted) a moment ago through a section's "New …" link is offered on the way back.
  const choices = useQuery({
    queryKey: ['templates', 'choices'],
    queryFn: async () => (await call(adminTemplatesApi.choices)).data,
    staleTime: 0,
  });
  const [server, setServer] = useState(template);
  const [sections, setSections] = useState<SectionInput[]>(() => startOf(template));
  const [open, setOpen] = useState<string | null>(null);
  const [panel, setPanel] = useState<'none' | 'add' | 'history'>('none');
  const [tab, setTab] = useState<EditPreviewTab>('edit');
  const [frameVersion, setFrameVersion] = useState(0);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // Their template, read when a save was refused: Keep mine saves these sections over it.
  const [theirs, setTheirs] = useState<AdminTemplate | null>(null);
  const [previewing, setPreviewing] = useState<{ version: number; sections: SectionInput[] } | null>(null);
  // The section the preview brings into view: a new object each time, so the same one comes back.
  const [focus, setFocus] = useState<{ section: string } | null>(null);
  const reveal = (key: string) => setFocus({ section: key });

  // A newer template from the server (a refetch) replaces an untouched editor.
  const [seen, setSeen] = useState(template);
  if (template !== seen) {
    setSeen(template);
    if (same(sections, startOf(server))) {
      setServer(template);
      setSections(startOf(template));
    }
  }

  const base = startOf(server);
  const dirty = !same(sections, base);
  const clientErrors = useSectionErrors(sections);
  const errors = { ...clientErrors, ...serverErrors };
  const hasErrors = Object.keys(clientErrors).length > 0;
  useLeaveGuard(dirty, 'Leave without saving your changes to this page?');
  const onEdit = useEditFromPreview();

  const warnings = useMemo(() => {
    const by = new Map<string, Record<string, string>>();
    for (const w of server.warnings) by.set(w.key, { ...by.get(w.key), [w.field]: w.message });
    return by;
  }, [server.warnings]);
  // A newsletter section shows nothing to shoppers while its plugin is off: flagged, like a warning.
  const newsletterOff = choices.data?.newsletter_plugin === false;
  const flagged = new Set([
    ...keysWithErrors(errors, sections),
    ...warnings.keys(),
    ...(newsletterOff ? sections.filter((s) => s.type === 'newsletter').map((s) => s.key) : []),
  ]);
  const message = useMemo(
    () => ({ type: 'shopfront:preview:sections', sections: previewing?.sections ?? sections }),
    [previewing, sections],
  );

  const took = (t: AdminTemplate) => {
    setServer(t);
    setSections(startOf(t));
    setServerErrors({});
    setConflict(null);
    setTheirs(null);
    qc.setQueryData(queryKey, t);
    void qc.invalidateQueries({ queryKey: ['templates'], exact: true });
  };
  const refused = (err: unknown) => {
    if (err instanceof ApiError && err.status === 409) {
      // Another editor saved first: say what differs, and let the owner take theirs.
      void call(adminTemplatesApi.get, { params: { id: server.id } }).then(
        (res) => {
          setTheirs(res.data);
          setConflict({ message: err.message, lines: sectionDiff(startOf(res.data), sections) });
        },
        () => setConflict({ message: err.message }),
      );
      return;
    }
    const byField = fieldErrors(err);
    setServerErrors(byField);
    if (!Object.keys(byField).length) void failure(errorText(err));
  };

  // Over `over` when the owner keeps their sections after a refusal: theirs, whose version it sends.
  const saveDraft = async (over: AdminTemplate = server): Promise<AdminTemplate> => {
    const res = await call(adminTemplatesApi.saveDraft, {
      params: { id: server.id },
      body: { sections },
      headers: ifMatch(over.version),
    });
    return res.data;
  };
  const save = useMutation({
    mutationFn: (over?: AdminTemplate) => saveDraft(over),
    onSuccess: (t) => {
      took(t);
      void success('Draft saved', 'Shoppers see it when you publish.');
    },
    onError: refused,
  });
  const publish = useMutation({
    mutationFn: async () => {
      const current = dirty ? await saveDraft() : server;
      if (dirty) took(current);
      return (await call(adminTemplatesApi.publish, { params: { id: current.id }, headers: ifMatch(current.version) }))
        .data;
    },
    onSuccess: (t) => {
      took(t);
      setPreviewing(null);
      setFrameVersion((v) => v + 1);
      void qc.invalidateQueries({ queryKey: ['templates', server.id, 'versions'] });
      void success('Published', 'Shoppers see it now.');
    },
    onError: refused,
  });
  const discard = useMutation({
    mutationFn: async () =>
      (await call(adminTemplatesApi.discardDraft, { params: { id: server.id }, headers: ifMatch(server.version) }))
        .data,
    onSuccess: (t) => {
      took(t);
      void success('Draft discarded', 'The page is as shoppers see it.');
    },
    onError: refused,
  });
  const restore = useMutation({
    mutationFn: async (version: number) =>
      (
        await call(adminTemplatesApi.restore, {
          params: { id: server.id, version },
          headers: ifMatch(server.version),
        })
      ).data,
    onSuccess: (t) => {
      took(t);
      setPreviewing(null);
      setPanel('none');
      void success('Version restored into the draft', 'Check the preview, then publish.');
    },
    onError: refused,
  });
  const busy = save.isPending || publish.isPending || discard.isPending || restore.isPending;

  const edit = (change: (list: SectionInput[]) => SectionInput[]) => {
    setPreviewing(null);
    setServerErrors({});
    setSections(change);
  };
  const index = open ? sections.findIndex((s) => s.key === open) : -1;
  const current = index >= 0 ? sections[index] : undefined;
  const keys = new Set(sections.map((s) => s.key));

  const add = (type: SectionType) => {
    const s = newSection(type, keys, choices.data);
    edit((list) => [...list, s]);
    setOpen(s.key);
    reveal(s.key);
    setPanel('none');
  };
  const move = (key: string, target: string, position: 'before' | 'after') => {
    edit((list) => {
      const moving = list.find((s) => s.key === key);
      if (!moving || key === target) return list;
      const rest = list.filter((s) => s.key !== key);
      const at = rest.findIndex((s) => s.key === target);
      if (at < 0) return list;
      rest.splice(position === 'before' ? at : at + 1, 0, moving);
      return rest;
    });
    reveal(key);
  };
  const step = (by: -1 | 1) => {
    const target = sections[index + by];
    if (current && target) move(current.key, target.key, by < 0 ? 'before' : 'after');
  };
  const duplicate = () => {
    if (!current) return;
    const copy = { ...structuredClone(current), key: freshKey(current.key, keys) };
    edit((list) => list.toSpliced(index + 1, 0, copy));
    setOpen(copy.key);
    reveal(copy.key);
  };
  const remove = () => {
    if (!current) return;
    const [gone, at] = [current, index];
    edit((list) => list.filter((s) => s.key !== gone.key));
    setOpen(null);
    void success(`“${sectionName(gone)}” removed`, undefined, {
      run: () => edit((list) => (list.some((s) => s.key === gone.key) ? list : list.toSpliced(at, 0, gone))),
    });
  };

  const status = conflict
    ? null
    : hasErrors
      ? 'Check the sections marked “Check”.'
      : dirty
        ? 'Unsaved changes: the preview shows them, shoppers do not.'
        : server.draft
          ? 'Draft saved: shoppers see it when you publish.'
          : 'All published';

  const editor = (
    <div className="flex flex-col gap-4" data-testid="template-editor">
      {previewing && (
        <p
          className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
          role="status"
          data-testid="previewing-version"
        >
          The preview shows an earlier version.{' '}
          <button type="button" className="underline" onClick={() => setPreviewing(null)}>
            Back to your changes
          </button>
        </p>
      )}
      <EditorCard title="Sections">
        <SectionList
          sections={sections}
          choices={choices.data}
          open={open}
          onOpen={(key) => {
            setOpen(key === open ? null : key);
            if (key !== open) reveal(key);
          }}
          onMove={move}
          flagged={flagged}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="primary"
            onPress={() => setPanel(panel === 'add' ? 'none' : 'add')}
            data-testid="add-section"
          >
            Add section
          </Button>
          <Button onPress={() => setPanel(panel === 'history' ? 'none' : 'history')} data-testid="show-history">
            History
          </Button>
        </div>
      </EditorCard>
      {panel === 'add' && <TypePicker onPick={add} onClose={() => setPanel('none')} />}
      {panel === 'history' && (
        <VersionList
          queryKey={['templates', server.id, 'versions']}
          fetch={async () =>
            (await call(adminTemplatesApi.versions, { params: { id: server.id } })).data.versions.map((v) => ({
              id: v.version,
              published_at: v.published_at,
              published_by: v.published_by,
              detail: `${v.section_count} section${v.section_count === 1 ? '' : 's'}`,
            }))
          }
          previewing={previewing?.version ?? null}
          busy={busy}
          onClose={() => {
            setPanel('none');
            setPreviewing(null);
          }}
          onPreview={(v) =>
            void call(adminTemplatesApi.version, { params: { id: server.id, version: v.id } }).then(
              (res) => {
                setPreviewing({ version: v.id, sections: res.data.sections });
                setTab('preview');
              },
              (err: unknown) => void failure(errorText(err)),
            )
          }
          onRestore={(v) => {
            if (!dirty || window.confirm('Restoring replaces your unsaved changes. Restore this version?')) {
              restore.mutate(v.id);
            }
          }}
        />
      )}
      {current && (
        <EditorCard title={`${sectionName(current)} · ${SECTION_TYPE_INFO[current.type].label}`}>
          <div className="flex flex-wrap gap-2" data-testid="section-actions">
            <Button isDisabled={index === 0} onPress={() => step(-1)} data-testid="move-up">
              Move up
            </Button>
            <Button isDisabled={index === sections.length - 1} onPress={() => step(1)} data-testid="move-down">
              Move down
            </Button>
            <Button onPress={duplicate} data-testid="duplicate">
              Duplicate
            </Button>
            <Button variant="danger" onPress={remove} data-testid="remove">
              Remove
            </Button>
          </div>
          <Toggle
            label="Hidden from shoppers"
            checked={current.hidden === true}
            onChange={(hidden) => {
              edit((list) => list.map((s) => (s.key === current.key ? { ...s, hidden: hidden || undefined } : s)));
              reveal(current.key);
            }}
            testId="section-hidden"
          />
          <SectionSettings
            key={current.key}
            section={current}
            onChange={(next) => edit((list) => list.map((s) => (s.key === current.key ? next : s)))}
            errors={errorsOfSection(errors, index)}
            warnings={warnings.get(current.key) ?? {}}
            choices={choices.data}
          />
        </EditorCard>
      )}
    </div>
  );

  return (
    <>
      <EditPreviewLayout
        id="template"
        label="Page editor"
        tab={tab}
        onTab={setTab}
        editor={editor}
        preview={
          server.path ? (
            <PreviewFrame
              path={server.path}
              message={message}
              samePageOnly
              version={frameVersion}
              focus={focus}
              onEdit={onEdit}
            />
          ) : (
            <p className="text-sm text-muted">
              No page of the shop shows this template yet, so there is nothing to preview.
            </p>
          )
        }
      />
      <EditorSaveBar
        testId="template-save-bar"
        conflict={conflict}
        onKeepMine={theirs ? () => save.mutate(theirs) : undefined}
        onTakeTheirs={() =>
          void call(adminTemplatesApi.get, { params: { id: server.id } }).then((res) => took(res.data))
        }
        status={
          <p className={hasErrors ? 'font-medium text-red-700' : 'text-muted'} data-testid="template-status">
            {status}
          </p>
        }
      >
        <Button
          variant="quiet"
          isDisabled={busy || (!dirty && !server.draft)}
          onPress={() => (dirty ? edit(() => base) : discard.mutate())}
          data-testid="discard"
        >
          {dirty ? 'Discard changes' : 'Discard draft'}
        </Button>
        <Button isDisabled={busy || !dirty || hasErrors} onPress={() => save.mutate()} data-testid="save-draft">
          {save.isPending ? 'Saving…' : 'Save draft'}
        </Button>
        <Button
          variant="primary"
          isDisabled={busy || hasErrors || (!dirty && !server.draft)}
          onPress={() => publish.mutate()}
          data-testid="publish"
        >
          {publish.isPending ? 'Publishing…' : 'Publish'}
        </Button>
      </EditorSaveBar>
    </>
  );
}
