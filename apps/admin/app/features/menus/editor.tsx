import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, adminMenusApi, type AdminMenu, type AdminMenuItem, type AdminVersion } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { DraftSaveBar } from '../../components/ui/draft-save-bar';
import { call, errorText, fieldErrors, ifMatch, same } from '../../lib/api';
import { failure, success } from '../../lib/toast';
import { fieldDiff } from '../../lib/field-diff';
import { useConflict } from '../../lib/use-conflict';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { ContentHistory, PreviewingBar } from '../history/content-history';
import { useVersionPreview } from '../history/use-version-preview';
import { EditPreviewLayout, type EditPreviewTab } from '../preview/edit-preview-layout';
import { EditorCard, TextInput } from '../theme/fields';
import { PreviewFrame } from '../theme/preview-frame';
import { useEditFromPreview } from '../templates/edit-from-preview';
import { ItemForm } from './item-form';
import { ItemList } from './item-list';
import {
  canIndent,
  errorsByItem,
  find,
  fromMenu,
  indent,
  insertAt,
  move,
  newKey,
  outdent,
  step,
  toBody,
  toPreview,
  update,
  without,
  type EditItem,
} from './tree';

/** A menu's fields by the names the editor gives them, for a refused save's differences. */
const MENU_DIFF = {
  name: 'Name',
  items: 'Item',
  label: 'Label',
  link_type: 'Links to',
  link: 'Link',
  children: 'Sub-item',
} as const;

/** A kept menu version's body (its name and item tree, as the menu API answers them) as the editor's. */
const versionOf = (v: AdminVersion) => ({
  name: String(v.body.name ?? ''),
  items: fromMenu((v.body.items ?? []) as AdminMenuItem[]),
});

/**
 * The menu editor (issue 28): the menu's items as a nested list beside the shop in preview mode.
 * Items are added, labelled, linked, moved (drag, keyboard, or the Move buttons), nested and
 * removed (with Undo), each change posted to the preview at once (`shopfront:preview:menus`);
 * Save sends the whole menu with If-Match and shoppers see it at once. A save refused because
 * another editor saved first (409) shows what differs, field by field, and offers theirs or keeping this one (saved over theirs).
 */
export function MenuEditor({ menu, queryKey }: { menu: AdminMenu; queryKey: readonly unknown[] }) {
  const qc = useQueryClient();
  const choices = useQuery({
    queryKey: ['menus', 'choices'],
    queryFn: async () => (await call(adminMenusApi.choices)).data,
  });
  const [server, setServer] = useState(menu);
  const [start, setStart] = useState(() => fromMenu(menu.items));
  const [items, setItems] = useState<EditItem[]>(start);
  const [name, setName] = useState(menu.name);
  const [open, setOpen] = useState<string | null>(null);
  const [tab, setTab] = useState<EditPreviewTab>('edit');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const onEdit = useEditFromPreview();

  const dirty = name !== server.name || !same(toBody(items), toBody(start));
  useLeaveGuard(dirty, 'Leave without saving your changes to this menu?');
  const byItem = useMemo(() => errorsByItem(items, errors), [items, errors]);
  const nesting = server.max_depth > 1;
  /** A kept version becomes the editor's menu: Save then makes it a new version. */
  const history = useVersionPreview({
    dirty,
    onPreview: () => setTab('preview'),
    apply: (v) => {
      const kept = versionOf(v);
      setItems(kept.items);
      setName(kept.name);
      setOpen(null);
      setErrors({});
    },
  });
  const { previewing } = history;
  const message = useMemo(() => {
    const shown = previewing ? versionOf(previewing) : { name, items };
    return {
      type: 'shopfront:preview:menus',
      menus: { [server.id]: { name: shown.name, items: toPreview(shown.items) } },
    };
  }, [server.id, name, items, previewing]);
  const took = (m: AdminMenu) => {
    const tree = fromMenu(m.items);
    setServer(m);
    setStart(tree);
    setItems(tree);
    setName(m.name);
    setOpen(null);
    setErrors({});
    setConflict(null);
    qc.setQueryData(queryKey, m);
    void qc.invalidateQueries({ queryKey: ['menus'], exact: true });
  };
  const save = useMutation({
    // Over `base` when the owner keeps their version after a refusal: theirs, whose version it sends.
    mutationFn: async (base: AdminMenu | void) =>
      (
        await call(adminMenusApi.save, {
          params: { id: server.id },
          body: { name, items: toBody(items) },
          headers: ifMatch((base || server).version),
        })
      ).data,
    onSuccess: (m) => {
      took(m);
      void success('Menu saved', 'Shoppers see it now.');
    },
    onError: (err: unknown) => {
      if (err instanceof ApiError && err.status === 409) return setConflict(err.message);
      const byField = fieldErrors(err);
      setErrors(byField);
      if (!Object.keys(byField).length) void failure(errorText(err));
      else if (!byField.name) setTab('edit');
    },
  });

  const refused = useConflict({
    refusal: conflict,
    attempt: save.submittedAt,
    load: async () => (await call(adminMenusApi.get, { params: { id: server.id } })).data,
    compare: (theirs) =>
      fieldDiff(
        { name: theirs.name, items: toBody(fromMenu(theirs.items)) },
        { name, items: toBody(items) },
        MENU_DIFF,
      ),
  });
  const theirs = refused.theirs;

  const edit = (change: (list: EditItem[]) => EditItem[]) => {
    history.stop();
    setErrors({});
    setItems(change);
  };
  const current = open ? find(items, open) : undefined;

  const add = () => {
    const item: EditItem = { key: newKey(), label: '', link_type: 'url', link: '/', children: [] };
    edit((list) => [...list, item]);
    setOpen(item.key);
  };
  const onMove = (key: string, target: string, position: 'before' | 'after') => {
    const next = move(items, key, target, position, server.max_depth);
    if (same(toBody(next), toBody(items)) && key !== target) {
      void failure(nesting ? 'Sub-items nest one level deep only' : 'This menu takes no sub-items');
      return;
    }
    edit(() => next);
  };
  const remove = () => {
    if (!current) return;
    const { item, place } = current;
    edit((list) => without(list, item.key));
    setOpen(null);
    void success(`“${item.label || 'New item'}” removed`, undefined, {
      run: () => edit((list) => (find(list, item.key) ? list : insertAt(list, item, place))),
    });
  };

  const siblings = !current
    ? []
    : current.place.parent === null
      ? items
      : (find(items, current.place.parent)?.item.children ?? []);
  const moves: Record<'up' | 'down' | 'in' | 'out', (() => void) | null> | undefined = current && {
    up: current.place.index > 0 ? () => edit((l) => step(l, current.item.key, -1)) : null,
    down: current.place.index < siblings.length - 1 ? () => edit((l) => step(l, current.item.key, 1)) : null,
    in: canIndent(items, current.item.key, server.max_depth)
      ? () => edit((l) => indent(l, current.item.key, server.max_depth))
      : null,
    out: current.depth === 1 ? () => edit((l) => outdent(l, current.item.key)) : null,
  };

  const editor = (
    <div className="flex flex-col gap-4" data-testid="menu-editor">
      {server.version > 0 && (
        <ContentHistory kind="menu" subject={server.id} revision={server.version} history={history} />
      )}
      {!nesting && (
        <EditorCard title="Column">
          <TextInput
            label="Heading"
            value={name}
            onChange={(v) => {
              setErrors({});
              setName(v);
            }}
            error={errors.name}
            hint="Shown above the links in the footer"
            testId="menu-name"
          />
        </EditorCard>
      )}
      <EditorCard title="Items">
        {nesting && (
          <p className="text-sm text-muted">
            Sub-items show under their item: in a drop-down on a computer, behind its arrow on a phone.
          </p>
        )}
        <ItemList
          items={items}
          open={open}
          onOpen={(key) => setOpen(key === open ? null : key)}
          onMove={onMove}
          flagged={new Set(byItem.keys())}
        />
        {errors.items && (
          <p className="text-sm font-medium text-red-700" data-testid="items-error">
            {errors.items}
          </p>
        )}
        <div>
          <Button variant="primary" onPress={add} data-testid="add-item">
            Add item
          </Button>
        </div>
      </EditorCard>
      {current && moves && (
        <ItemForm
          key={current.item.key}
          item={current.item}
          depth={current.depth}
          nesting={nesting}
          choices={choices.data}
          errors={byItem.get(current.item.key) ?? {}}
          moves={moves}
          onChange={(change) => edit((list) => update(list, current.item.key, change))}
          onRemove={remove}
        />
      )}
    </div>
  );

  return (
    <>
      <EditPreviewLayout
        id="menu"
        label="Menu editor"
        tab={tab}
        onTab={setTab}
        editor={editor}
        preview={
          <>
            <PreviewingBar history={history} />
            <PreviewFrame message={message} version={0} onEdit={onEdit} />
          </>
        }
      />
      <DraftSaveBar
        testId="menu-save-bar"
        statusTestId="menu-status"
        texts={{
          check: 'Check the items marked “Check”.',
          unsaved: 'Unsaved changes: the preview shows them, shoppers do not.',
          saved: 'Saved: shoppers see this menu.',
        }}
        failed={Object.keys(errors).length > 0}
        dirty={dirty}
        saving={save.isPending}
        conflict={refused.conflict}
        onKeepMine={theirs ? () => save.mutate(theirs) : undefined}
        onTakeTheirs={() => void call(adminMenusApi.get, { params: { id: server.id } }).then((res) => took(res.data))}
        onDiscard={() => {
          setItems(start);
          setName(server.name);
          setErrors({});
        }}
        onSave={() => save.mutate()}
      />
    </>
  );
}
