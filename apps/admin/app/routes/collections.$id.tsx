import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { adminTaxonomyApi } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { call, errorText } from '../lib/api';
import { failure, success } from '../lib/toast';
import { CatalogGate } from '../features/catalog/not-allowed';
import { CollectionForm } from '../features/taxonomy/collection-form';
import { AddToCollection, CollectionProducts } from '../features/taxonomy/collection-products';
import { TAXONOMY_KEY, useCollection } from '../features/taxonomy/queries';

export const meta = () => [{ title: 'Collection · Shop admin' }];

export default function CollectionRoute() {
  return (
    <CatalogGate>
      <Collection />
    </CatalogGate>
  );
}

/** One collection: its fields (folded), products to add, its products in shop order (move, remove), delete. */
function Collection() {
  const id = Number(useParams().id);
  const col = useCollection(id);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const remove = async () => {
    try {
      const res = await call(adminTaxonomyApi.deleteCollection, {
        params: { id },
        headers: { 'if-match': String(col.data!.version) },
      });
      void success(res.message ?? 'Collection deleted', 'Its products stay in the shop.');
      // Every taxonomy list again, but not the deleted collection itself: asked again, it answers 404.
      await client.invalidateQueries({
        queryKey: TAXONOMY_KEY,
        predicate: (q) => q.queryKey[1] !== 'collection' || q.queryKey[2] !== id,
      });
      navigate('/collections', { replace: true });
    } catch (err) {
      void failure(errorText(err));
    }
  };
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/collections" className="text-sm text-muted underline-offset-2 hover:underline">
        ← Collections
      </Link>
      <PageHeader
        title={col.data?.name ?? 'Collection'}
        action={
          col.data && (
            <a href={col.data.url} target="_blank" rel="noreferrer" className="btn btn-outline">
              View in shop
            </a>
          )
        }
      />
      {col.isError ? (
        <Failed error={col.error} retry={() => void col.refetch()} />
      ) : !col.data ? (
        <Loading label="Loading the collection…" />
      ) : (
        <>
          {/* Above the (maybe long) list: the details, folded, and the search to add products. */}
          <details className="card group" data-testid="collection-details">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-3 py-2 sm:px-4">
              <span>
                <span className="block font-semibold">Details</span>
                <span className="block text-sm text-muted">Name, link, description and search engines</span>
              </span>
              <span aria-hidden className="text-muted transition-transform group-open:rotate-180">
                ▾
              </span>
            </summary>
            <div className="border-t border-line p-3 sm:p-4">
              <CollectionForm key={col.data.version} current={col.data} onSaved={() => undefined} />
            </div>
          </details>
          <AddToCollection collection={col.data} />
          <CollectionProducts collection={col.data} />
          <section className="card space-y-3 p-3 sm:p-4">
            {confirm ? (
              <>
                <p className="text-sm">Delete “{col.data.name}”? Its products stay in the shop; its page goes.</p>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Button variant="danger" onPress={() => void remove()}>
                    Delete collection
                  </Button>
                  <Button onPress={() => setConfirm(false)}>Keep it</Button>
                </div>
              </>
            ) : (
              <Button variant="danger" onPress={() => setConfirm(true)}>
                Delete collection…
              </Button>
            )}
          </section>
        </>
      )}
    </div>
  );
}
