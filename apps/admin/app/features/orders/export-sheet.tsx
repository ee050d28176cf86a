import { useState } from 'react';
import { adminExportApi, endpointPath } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { Check, Field } from './fields';
import { toQuery, type InboxFilters } from './filters';
import { Sheet, SheetButtons } from './sheet';
import { TAB_LABELS } from './tabs';

/** The ready-made periods (counted by the server in the shop's time zone) or two days. */
const PERIODS = ['today', 'this_month', 'last_month', 'custom'] as const;
type Period = (typeof PERIODS)[number];
const PERIOD_LABELS: Record<Period, string> = {
  today: 'Today',
  this_month: 'This month',
  last_month: 'Last month',
  custom: 'Custom',
};

/**
 * The orders export for the accountant: a period (today, this month, last month or two days) and
 * the inbox's current filters, or every status (ticked when the inbox is on the tab it opened on
 * and nothing is filtered: a day's Cash on Delivery orders are To pack, not New, and "today's
 * orders" means all of them). The download is a plain link with the session
 * cookie: the browser saves the file as the server streams it.
 */
export function ExportSheet({
  filters,
  tabChosen,
  isOpen,
  onClose,
}: {
  filters: InboxFilters;
  /** The owner picked the inbox's tab (it is in the address), not just landed on it. */
  tabChosen: boolean;
  isOpen: boolean;
  onClose: () => void;
}) {
  const [period, setPeriod] = useState<Period>(filters.from || filters.to ? 'custom' : 'today');
  const [custom, setCustom] = useState({ from: filters.from, to: filters.to });
  const [everyStatus, setEveryStatus] = useState(!tabChosen && filters.status.length === 0);
  const bad = period === 'custom' && !!custom.from && !!custom.to && custom.from > custom.to;
  const narrowed = filters.status.length ? 'the statuses you filtered by' : `the ${TAB_LABELS[filters.tab]} tab`;
  const query = {
    ...toQuery(filters),
    ...(everyStatus ? { tab: undefined, status: undefined } : {}),
    ...(period === 'custom'
      ? { from: custom.from || undefined, to: custom.to || undefined }
      : { period, from: undefined, to: undefined }),
  };
  const href = endpointPath(adminExportApi.orders.path, undefined, query);

  return (
    <Sheet title="Export orders" isOpen={isOpen} onClose={onClose} testId="orders-export">
      <div className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Orders placed</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {PERIODS.map((p) => (
              <label
                key={p}
                className="flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-line px-3 text-sm font-medium has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40"
              >
                <input
                  type="radio"
                  name="export-period"
                  value={p}
                  checked={period === p}
                  onChange={() => setPeriod(p)}
                  className="sr-only"
                />
                {PERIOD_LABELS[p]}
              </label>
            ))}
          </div>
        </fieldset>
        {period === 'custom' ? (
          <div className="grid grid-cols-2 gap-3">
            <Field
              label="From"
              type="date"
              value={custom.from}
              onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
            />
            <Field
              label="To"
              type="date"
              value={custom.to}
              error={bad ? 'The start date must be on or before the end date' : undefined}
              onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
            />
          </div>
        ) : (
          <p className="text-sm text-muted">Days are counted in the shop’s time zone.</p>
        )}
        <Check
          label={`Every status (not only ${narrowed})`}
          checked={everyStatus}
          onChange={(e) => setEveryStatus(e.target.checked)}
        />
        <p className="text-sm text-muted">
          One row per item ordered; an order’s totals are on its first row, so each column adds up. Opens in Excel,
          Numbers or Google Sheets.
        </p>
        <SheetButtons>
          <Button variant="outline" onPress={onClose}>
            Cancel
          </Button>
          {bad ? (
            <Button variant="primary" isDisabled>
              Download CSV
            </Button>
          ) : (
            <a
              href={href}
              download
              className="btn btn-primary"
              data-testid="export-download"
              // Closed after the click: the link must still be in the page when the browser follows it.
              onClick={() => setTimeout(onClose, 0)}
            >
              Download CSV
            </a>
          )}
        </SheetButtons>
      </div>
    </Sheet>
  );
}
