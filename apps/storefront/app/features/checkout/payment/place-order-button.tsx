import { Spinner } from '../../../components/ui/spinner';

/**
 * Place order, with the total it confirms. While a delivery or payment choice is being saved the
 * total is about to change: the button waits and says so (the server would refuse a stale total).
 */
export function PlaceOrderButton({
  total,
  busy,
  updating,
  className,
}: {
  total: string;
  busy: boolean;
  updating: boolean;
  className: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy || updating}
      className={`btn btn-primary ${className}`}
      data-testid="place-order"
    >
      {(busy || updating) && <Spinner />}
      {busy ? 'Placing order…' : updating ? 'Updating total…' : 'Place order'}
      <span aria-hidden="true" className="opacity-60">
        ·
      </span>
      <span className="tabular-nums">{total}</span>
    </button>
  );
}
