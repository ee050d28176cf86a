import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { adminTaxonomyApi } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { call, errorText } from '../lib/api';
import { failure } from '../lib/toast';
import { CatalogGate } from '../features/catalog/not-allowed';
import { CollectionForm } from '../features/taxonomy/collection-form';
import { MoveButtons } from '../features/taxonomy/fields';
import { moved, useCollections, useRefresh } from '../features/taxonomy/queries';

export const meta = () => [{ title: 'Collections · Shop admin' }];

export default function CollectionsRoute() {
  return (
    <CatalogGate>
      <Collections />
    </CatalogGate>
  );
}

/** Hand-picked groups of products ("Monsoon edit"), each with its own order; the list's order is the shop's. */
function Collections() {
  const list = useCollections();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const move = async (index: number, by: -1 | 1) => {
    const next = list.data && moved(list.data, index, by);
    if (!next) return;
    setBusy(true);
    try {
      await call(adminTaxonomyApi.orderCollections, { body: { ids: next.map((c) => c.id) } });
    } catch (err) {
      void failure(errorText(err));
    } finally {
      await refresh();
      setBusy(false);
    }
  };
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeader
        title="Collections"
        description="Hand-picked products in the order you choose, each on its own page in the shop."
        action={
          <Button variant="primary" onPress={() => setAdding(true)} data-testid="new-collection">
            Add collection
          </Button>
        }
      />
      {adding && (
        <div className="card p-3 sm:p-4">
          <CollectionForm onSaved={(c) => navigate(`/collections/${c.id}`)} onCancel={() => setAdding(false)} />
        </div>
      )}
      {list.isError ? (
        <Failed error={list.error} retry={() => void list.refetch()} />
      ) : !list.data ? (
        <Loading label="Loading the collections…" />
      ) : list.data.length === 0 ? (
        <Empty title="No collections yet">Add one, then pick its products.</Empty>
      ) : (
        <ul className="card divide-y divide-line" data-testid="collection-list">
          {list.data.map((c, i) => (
            <li key={c.id} className="flex items-center gap-2 py-2 pr-2 pl-3">
              <Link to={`/collections/${c.id}`} className="min-w-0 flex-1 py-1">
                <span className="block truncate font-medium underline-offset-2 hover:underline">{c.name}</span>
                <span className="block text-xs text-muted">
                  {c.product_count} {c.product_count === 1 ? 'product' : 'products'}
                </span>
              </Link>
              <MoveButtons
                name={c.name}
                first={i === 0}
                last={i === list.data.length - 1}
                disabled={busy}
                onMove={(by) => void move(i, by)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
