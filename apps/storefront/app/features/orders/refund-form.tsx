import { useId, useState } from 'react';
import type { OrderDetail } from '@shopfront/shared';
import { Spinner } from '../../components/ui/spinner';
import type { OrderActionResult } from './order-actions';
import { useOrderChange } from './order-change';
import { textareaClass } from '../../components/ui/field';
import { FormError, OrderFields } from './order-form-parts';
import { LineThumb } from './order-parts';
import { estimatedRefundMinor, formatMinor, refundQuantityField, wholeNumber } from './order-view';

/**
 * Request a refund: how many of each returnable line to send back, the reason, and what the
 * chosen quantities come to (the API decides the amount).
 */
export function RefundForm({ order, noScript }: { order: OrderDetail; noScript?: OrderActionResult }) {
  const { fetcher, failed, busy } = useOrderChange('refund', order.id, noScript);
  const id = useId();
  const lines = order.productchannel.filter((i) => i.refundable_quantity > 0);
  // What the chosen quantities come to, as the shopper picks them (the selects stay plain form fields).
  const [chosen, setChosen] = useState<ReadonlyMap<number, number>>(() => new Map());
  const estimate = estimatedRefundMinor(lines, chosen);
  const itemsError = failed?.errors.items?.[0];
  const reasonError = failed?.errors.reason?.[0];
  return (
    <fetcher.Form method="post" className="mt-3 space-y-4" data-testid="refund-form">
      <input type="hidden" name="intent" value="refund" />
      <OrderFields orderId={order.id} />
      {/* min-w-0: a fieldset is never narrower than its content otherwise (the selects stuck out at 390 px). */}
      <fieldset className="min-w-0" aria-describedby={itemsError ? `${id}-items-error` : undefined}>
        <legend className="text-sm font-medium">What would you like to send back?</legend>
        <ul className="mt-2 divide-y divide-ink/10">
          {lines.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-3">
              <LineThumb item={item} size="size-12" />
              <span className="min-w-0 flex-1 text-sm">
                <span className="block truncate font-medium">{item.product.name}</span>
                <span className="block text-muted">
                  {item.refundable_quantity} of {item.quantity} can be returned
                </span>
              </span>
              <label className="sr-only" htmlFor={`${id}-${item.id}`}>
                Quantity of {item.product.name} to return
              </label>
              <select
                id={`${id}-${item.id}`}
                name={refundQuantityField(item.id)}
                defaultValue="0"
                onChange={(e) => {
                  const q = wholeNumber(e.target.value) ?? 0;
                  setChosen((prev) => new Map(prev).set(item.id, q));
                }}
                className="h-11 w-16 shrink-0 rounded-xl border border-ink/15 bg-background px-3 text-[15px] tabular-nums"
              >
                {Array.from({ length: item.refundable_quantity + 1 }, (_, q) => (
                  <option key={q} value={q}>
                    {q}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
        {itemsError && (
          <p id={`${id}-items-error`} className="mt-1.5 text-sm font-medium text-red-700" data-field-error>
            {itemsError}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor={`${id}-reason`} className="mb-1.5 block text-sm font-medium">
          Reason
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={3}
          maxLength={1000}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
          className={`${textareaClass} ${reasonError ? 'border-red-600' : 'border-ink/15'}`}
        />
        {reasonError && (
          <p id={`${id}-reason-error`} className="mt-1.5 text-sm font-medium text-red-700" data-field-error>
            {reasonError}
          </p>
        )}
      </div>
      <p
        className="flex items-baseline justify-between gap-4 border-t border-ink/10 pt-3 text-sm"
        aria-live="polite"
        data-testid="refund-estimate"
      >
        <span className="font-medium">Estimated refund</span>
        <span className="text-base font-semibold tabular-nums">{formatMinor(estimate, order.currency)}</span>
      </p>
      <FormError message={failed && !itemsError && !reasonError ? failed.message : null} />
      <button type="submit" disabled={busy} className="btn btn-primary h-11 w-full px-5 sm:w-auto">
        {busy && <Spinner />}
        Request refund
      </button>
    </fetcher.Form>
  );
}
