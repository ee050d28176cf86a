import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../auth/auth-context';

const ReviewDialog = lazy(() => import('./review-dialog').then((m) => ({ default: m.ReviewDialog })));

/**
 * "Share your thoughts": a guest gets the login dialog and comes back to the reviews; a
 * customer writes a review in a dialog (one per product: the server answers 409 for a second).
 * `look="box"` (beside the rating summary) frames the button with a line of text;
 * `look="action"` (a product without reviews, whose message says the rest) is the button alone,
 * the primary one.
 */
export function WriteReview({
  productSlug,
  productName,
  look = 'box',
}: {
  productSlug: string;
  productName: string;
  look?: 'box' | 'action';
}) {
  const { loggedIn, store } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const button = (
    <button
      type="button"
      className={look === 'action' ? 'btn btn-primary w-full shrink-0 sm:w-auto' : 'btn btn-outline mt-4 w-full'}
      onClick={() =>
        loggedIn ? setOpen(true) : store.openLogin({ redirectTo: `${location.pathname}${location.search}#reviews` })
      }
    >
      {loggedIn ? 'Write a review' : 'Log in to write a review'}
    </button>
  );
  const dialog = loggedIn && open && (
    <Suspense fallback={null}>
      <ReviewDialog open onClose={() => setOpen(false)} productSlug={productSlug} productName={productName} />
    </Suspense>
  );
  if (look === 'action') {
    return (
      <>
        {button}
        {dialog}
      </>
    );
  }
  return (
    <div className="mt-8 rounded-2xl border border-ink/10 p-5">
      <p className="font-semibold">Share your thoughts</p>
      <p className="mt-1 text-sm text-muted">
        {loggedIn ? 'Tell other shoppers what you think of it.' : 'Log in to review a product you know.'}
      </p>
      {button}
      {dialog}
    </div>
  );
}
