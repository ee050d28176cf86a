import { ScriptFlag } from '../cart/cart-line';

/** A dialog's text area (the reason of a cancellation or a refund); the border says whether it is refused. */
export const textareaClass =
  'block w-full rounded-xl border bg-background px-4 py-3 text-[15px] focus:border-primary focus:ring-2 focus:ring-primary/20 focus:outline-none';

/** The hidden fields every order form posts: the order, and whether a script sent it. */
export function OrderFields({ orderId }: { orderId: string }) {
  return (
    <>
      <input type="hidden" name="order_id" value={orderId} />
      <ScriptFlag />
    </>
  );
}

/** What refused a change when no field explains it. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
