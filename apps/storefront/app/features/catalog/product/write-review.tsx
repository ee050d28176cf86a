import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { afterAccountCheck, isLoggedIn } from '../../auth/auth-store';

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
  const { loggedIn, checking, store } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const waiting = useRef<(() => void) | null>(null);
  useEffect(() => () => waiting.current?.(), []);
  const write = () => {
    waiting.current?.();
    // A shared page still loading the account (ADR 31): decided once it is known, so a signed-in
    // shopper is not taken for a guest and sent to the login.
    waiting.current = afterAccountCheck(store, (state) => {
      if (isLoggedIn(state)) setOpen(true);
      else store.openLogin({ redirectTo: `${location.pathname}${location.search}#reviews` });
    });
  };
  const button = (
    <button
      type="button"
      className={look === 'action' ? 'btn btn-primary w-full shrink-0 sm:w-auto' : 'btn btn-outline mt-4 w-full'}
      onClick={write}
    >
      {/* While a shared page loads the account, the click waits for it (above): no login promised yet. */}
      {loggedIn || checking ? 'Write a review' : 'Log in to write a review'}
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
