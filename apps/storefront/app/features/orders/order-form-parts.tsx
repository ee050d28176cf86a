import { ScriptFlag } from '../cart/script-flag';

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
