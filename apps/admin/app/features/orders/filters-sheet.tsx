import { useState } from 'react';
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
} from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { Check, Field, Select } from './fields';
import type { InboxFilters } from './filters';
import { Sheet, SheetButtons } from './sheet';

/** Payment methods a shop has out of the box (the filter also takes any code typed in the address). */
const METHODS = [
  { code: 'cod', name: 'Cash on Delivery' },
  { code: 'razorpay', name: 'Razorpay' },
  { code: 'sandbox', name: 'Test payments (sandbox)' },
];

const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

/** The inbox's filters (status, payment method and state, dates, channel) in a sheet. */
export function FiltersSheet({
  filters,
  isOpen,
  onClose,
  onApply,
}: {
  filters: InboxFilters;
  isOpen: boolean;
  onClose: () => void;
  onApply: (f: InboxFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const [seen, setSeen] = useState(filters);
  if (seen !== filters) {
    setSeen(filters);
    setDraft(filters);
  }
  const set = (patch: Partial<InboxFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const methods =
    METHODS.some((m) => m.code === draft.payment_method) || !draft.payment_method
      ? METHODS
      : [...METHODS, { code: draft.payment_method, name: draft.payment_method }];
  return (
    <Sheet title="Filter orders" isOpen={isOpen} onClose={onClose} testId="orders-filters">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onApply(draft);
        }}
        className="space-y-4"
      >
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Status (instead of the tab)</legend>
          <div className="grid grid-cols-2 gap-x-3">
            {ORDER_STATUSES.map((s: OrderStatus) => (
              <Check
                key={s}
                label={ORDER_STATUS_LABELS[s]}
                checked={draft.status.includes(s)}
                onChange={(e) => set({ status: toggle(draft.status, s, e.target.checked) })}
              />
            ))}
          </div>
        </fieldset>
        <Select
          label="Payment method"
          value={draft.payment_method}
          onChange={(e) => set({ payment_method: e.target.value })}
        >
          <option value="">Any</option>
          {methods.map((m) => (
            <option key={m.code} value={m.code}>
              {m.name}
            </option>
          ))}
        </Select>
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Payment</legend>
          <div className="grid grid-cols-2 gap-x-3">
            {PAYMENT_STATUSES.map((s: PaymentStatus) => (
              <Check
                key={s}
                label={PAYMENT_STATUS_LABELS[s]}
                checked={draft.payment_status.includes(s)}
                onChange={(e) => set({ payment_status: toggle(draft.payment_status, s, e.target.checked) })}
              />
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Placed from" type="date" value={draft.from} onChange={(e) => set({ from: e.target.value })} />
          <Field label="Placed to" type="date" value={draft.to} onChange={(e) => set({ to: e.target.value })} />
        </div>
        <Field
          label="Channel"
          value={draft.channel}
          onChange={(e) => set({ channel: e.target.value })}
          placeholder="Any"
          autoComplete="off"
        />
        <SheetButtons>
          <Button
            variant="quiet"
            onPress={() =>
              onApply({ ...draft, status: [], payment_method: '', payment_status: [], from: '', to: '', channel: '' })
            }
          >
            Clear filters
          </Button>
          <Button variant="outline" onPress={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit">
            Show orders
          </Button>
        </SheetButtons>
      </form>
    </Sheet>
  );
}
