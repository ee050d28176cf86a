import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminProduct } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { StatusPill } from './pills';
import { useProductAction } from './queries';
import { useStoreMode } from '../../lib/store-mode';

/** The open product's status, its shop link, its service editor (services mode), Duplicate, and Archive (asked once more first). */
export function ProductActions({ product }: { product: AdminProduct }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const mode = useStoreMode();
  const action = useProductAction(product, (p) => {
    setConfirming(false);
    if (p.id !== product.id) navigate(`/products/${encodeURIComponent(p.id)}`);
  });
  return (
    <div className="card space-y-3 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <StatusPill status={product.status} />
        {product.status === 'published' && (
          <a href={product.url} target="_blank" rel="noreferrer" className="text-sm text-brand underline">
            View in the shop
          </a>
        )}
        {mode === 'services' && (
          <Link
            to={`/products/${encodeURIComponent(product.id)}/service`}
            className="text-sm text-brand underline"
            data-testid="service-link"
          >
            Application form and stages
          </Link>
        )}
        <span className="ml-auto flex gap-2">
          <Button onPress={() => action.mutate('duplicate')} isDisabled={action.isPending} data-testid="duplicate">
            Duplicate
          </Button>
          {product.status !== 'archived' && (
            <Button
              variant="danger"
              onPress={() => setConfirming(true)}
              isDisabled={action.isPending}
              data-testid="archive"
            >
              Archive
            </Button>
          )}
        </span>
      </div>
      {product.status === 'archived' && (
        <p className="text-sm text-muted">Archived: not in the shop. Save it with a status to bring it back.</p>
      )}
      {confirming && (
        <div role="alertdialog" aria-label="Archive this product?" className="rounded-xl bg-red-50 p-3 text-sm">
          <p className="font-medium text-red-900">Archive “{product.title}”?</p>
          <p className="mt-1 text-red-900">
            It leaves the shop at once. You can bring it back later by saving it with a status.
          </p>
          <div className="mt-3 flex gap-2">
            <Button
              variant="danger"
              onPress={() => action.mutate('archive')}
              isDisabled={action.isPending}
              data-testid="confirm-archive"
            >
              Archive it
            </Button>
            <Button onPress={() => setConfirming(false)}>Keep it</Button>
          </div>
        </div>
      )}
    </div>
  );
}
