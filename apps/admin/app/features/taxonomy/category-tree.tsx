import { useState } from 'react';
import { ApiError, adminTaxonomyApi, type AdminCategory, type AdminSuperCategory } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { call, errorText } from '../../lib/api';
import { failure, success } from '../../lib/toast';
import { CategoryForm } from './category-form';
import { MoveButtons } from './fields';
import { moved, useRefresh } from './queries';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The category tree: each row indented under its parent, with its product count, move up / down
 * among its siblings, add a subcategory, edit (inline) and delete (with what happens to its
 * products and subcategories said first).
 */
export function CategoryTree({ categories, supers }: { categories: AdminCategory[]; supers: AdminSuperCategory[] }) {
  const refresh = useRefresh();
  const [open, setOpen] = useState<{ id: number; mode: 'edit' | 'add' | 'delete' } | null>(null);
  const [busy, setBusy] = useState(false);

  const move = async (c: AdminCategory, by: -1 | 1) => {
    const siblings = categories.filter((s) => s.parent_id === c.parent_id);
    const next = moved(siblings, siblings.indexOf(c), by);
    if (!next) return;
    setBusy(true);
    try {
      await call(adminTaxonomyApi.orderCategories, { body: { parent_id: c.parent_id, ids: next.map((s) => s.id) } });
      await refresh();
    } catch (err) {
      void failure(errorText(err));
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ul className="card divide-y divide-line" data-testid="category-tree">
      {categories.map((c) => {
        const siblings = categories.filter((s) => s.parent_id === c.parent_id);
        const at = siblings.indexOf(c);
        const mode = open?.id === c.id ? open.mode : null;
        return (
          <li key={c.id} data-testid="category-row" data-name={c.name}>
            <div
              className="flex items-center gap-2 py-2 pr-2"
              style={{ paddingLeft: `${0.75 + Math.min(c.depth, 4) * 1.25}rem` }}
            >
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 font-medium break-words">
                  {c.depth > 0 && (
                    <span aria-hidden className="mr-1 text-muted">
                      ↳
                    </span>
                  )}
                  {c.name}
                </p>
                {/* Each count whole: on a narrow phone the subcategories wrap to a line of their own. */}
                <p className="flex flex-wrap gap-x-1 text-xs text-muted" data-testid="category-counts">
                  <span className="whitespace-nowrap">{plural(c.product_count, 'product', 'products')}</span>
                  {c.child_count > 0 && (
                    <span className="whitespace-nowrap">· {plural(c.child_count, 'subcategory', 'subcategories')}</span>
                  )}
                </p>
              </div>
              <MoveButtons
                name={c.name}
                first={at === 0}
                last={at === siblings.length - 1}
                disabled={busy}
                onMove={(by) => void move(c, by)}
              />
              <button
                type="button"
                className="btn btn-outline min-w-16 px-3"
                aria-expanded={mode !== null}
                onClick={() => setOpen(mode ? null : { id: c.id, mode: 'edit' })}
                data-testid="category-edit"
              >
                {mode ? 'Close' : 'Edit'}
              </button>
            </div>
            {mode && (
              <div className="space-y-4 border-t border-line bg-stone-50 p-3 sm:p-4">
                {mode === 'edit' && (
                  <>
                    <CategoryForm
                      key={`${c.id}:${c.version}`}
                      category={c}
                      categories={categories}
                      supers={supers}
                      onDone={() => setOpen(null)}
                    />
                    <div className="flex flex-wrap gap-2 border-t border-line pt-3">
                      <Button onPress={() => setOpen({ id: c.id, mode: 'add' })} data-testid="add-subcategory">
                        Add a subcategory
                      </Button>
                      <Button variant="danger" onPress={() => setOpen({ id: c.id, mode: 'delete' })}>
                        Delete…
                      </Button>
                    </div>
                  </>
                )}
                {mode === 'add' && (
                  <CategoryForm categories={categories} supers={supers} parentId={c.id} onDone={() => setOpen(null)} />
                )}
                {mode === 'delete' && (
                  <DeleteCategory
                    category={c}
                    parent={categories.find((p) => p.id === c.parent_id)}
                    onDone={() => setOpen(null)}
                  />
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Says what deleting does (its products and subcategories go to its parent) before it is done. */
function DeleteCategory({
  category: c,
  parent,
  onDone,
}: {
  category: AdminCategory;
  parent?: AdminCategory;
  onDone: () => void;
}) {
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const full = c.product_count > 0 || c.child_count > 0;
  const where = parent ? `“${parent.name}”` : 'the top level';
  const del = async () => {
    setBusy(true);
    try {
      const res = await call(adminTaxonomyApi.deleteCategory, {
        params: { id: c.id },
        query: full ? { move: 'parent' } : {},
        headers: { 'if-match': String(c.version) },
      });
      void success(res.message ?? 'Category deleted', c.name);
      onDone();
    } catch (err) {
      void failure(err instanceof ApiError ? err.message : errorText(err));
    } finally {
      await refresh();
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3" role="group" aria-label={`Delete ${c.name}`}>
      <p className="text-sm">
        {full ? (
          <>
            “{c.name}” has{' '}
            {[
              c.product_count ? plural(c.product_count, 'product', 'products') : '',
              c.child_count ? plural(c.child_count, 'subcategory', 'subcategories') : '',
            ]
              .filter(Boolean)
              .join(' and ')}
            . {c.child_count ? `Its subcategories move to ${where}. ` : ''}
            {c.product_count
              ? parent
                ? `Its products move to “${parent.name}”.`
                : 'Its products will be in no category (they stay in the shop and in their other lists).'
              : ''}
          </>
        ) : (
          <>“{c.name}” is empty: nothing else changes.</>
        )}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="danger" isDisabled={busy} onPress={() => void del()} data-testid="category-delete-confirm">
          {full ? 'Move them and delete' : 'Delete category'}
        </Button>
        <Button onPress={onDone}>Keep it</Button>
      </div>
    </div>
  );
}
