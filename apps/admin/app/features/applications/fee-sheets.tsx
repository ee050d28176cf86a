import { useState } from 'react';
import { ApiError, adminApplicationsApi, minorUnitDigits, type AdminApplication } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call } from '../../lib/api';
import { Area, Check, Field, fieldError, fieldsOf } from '../orders/fields';
import { Sheet, SheetButtons } from '../orders/sheet';
import { useApplicationAction } from './queries';

/** The Fee card's dialogs (fee-card.tsx): Refund fee and Mark fee paid, each confirming what happens. */

type App = AdminApplication;

/** A 409's message (already refunded, not paid), shown in the dialog. */
const refusal = (err: unknown) => (err instanceof ApiError && err.status === 409 ? err.message : null);

/** Refund fee: all of it or a part, with a note to the applicant; confirms what will happen. */
export function RefundFeeSheet({
  app,
  onClose,
  cancelByDefault = app.fee_status.cancel_by_default,
}: {
  app: App;
  onClose: () => void;
  /** "Also cancel the application" starts on (the applicant asked to cancel; before work, by the store's setting). */
  cancelByDefault?: boolean;
}) {
  // What was paid: the fee less its coupon's discount, when the fee order carries one.
  const fee = app.fee_coupon?.total ?? app.fee!;
  const digits = minorUnitDigits(fee.currency);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  // On by default before work starts, where the store lets orders be cancelled (fee_status.cancel_by_default).
  const [cancel, setCancel] = useState(app.fee_status.can_cancel_application && cancelByDefault);
  const refund = useApplicationAction(
    app.id,
    () => {
      const minor = amount.trim() ? Math.round(Number(amount.replace(/,/g, '')) * 10 ** digits) : undefined;
      return call(adminApplicationsApi.refundFee, {
        params: { id: app.id },
        body: {
          ...(minor !== undefined ? { amount_minor: minor } : {}),
          note: note || null,
          cancel_application: cancel,
        },
      });
    },
    'Fee refunded',
  );
  const errors = fieldsOf(refund.error);
  const refused = refusal(refund.error);
  return (
    <Sheet title={`Refund the fee of ${app.application_no}?`} isOpen onClose={onClose} testId="refund-fee-dialog">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          refund.mutate(undefined, { onSuccess: onClose });
        }}
      >
        <p className="text-sm">
          {app.name} paid {fee.formatted} ({app.fee_status.method}). The money goes back the way it was paid, and{' '}
          {app.name} is told{cancel ? ' in one message that the application is cancelled' : ''}. This cannot be undone.
        </p>
        {app.fee_status.can_cancel_application && (
          <Check label="Also cancel the application" checked={cancel} onChange={(e) => setCancel(e.target.checked)} />
        )}
        <Field
          label="Amount to refund"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          placeholder={`${(fee.amount / 10 ** digits).toFixed(digits)} (the whole fee)`}
          description="Leave empty to refund the whole fee; a smaller amount is a partial refund."
          error={fieldError(errors, 'amount_minor')}
        />
        <Area
          label="Note to the applicant (optional)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={fieldError(errors, 'note')}
        />
        {refused && <FormMessage>{refused}</FormMessage>}
        <SheetButtons>
          <Button variant="outline" isDisabled={refund.isPending} onPress={onClose}>
            Keep the fee
          </Button>
          <Button type="submit" variant="danger" isDisabled={refund.isPending}>
            Refund fee
          </Button>
        </SheetButtons>
      </form>
    </Sheet>
  );
}

/** Mark fee paid: the cash (or transfer) of an offline method received. */
export function MarkPaidSheet({ app, onClose }: { app: App; onClose: () => void }) {
  const mark = useApplicationAction(
    app.id,
    () => call(adminApplicationsApi.markFeePaid, { params: { id: app.id }, body: {} }),
    'Fee marked paid',
  );
  const refused = refusal(mark.error);
  return (
    <Sheet title="Mark the fee paid?" isOpen onClose={onClose} testId="mark-fee-paid-dialog">
      <p className="text-sm">
        You received {(app.fee_coupon?.total ?? app.fee)?.formatted} from {app.name} ({app.fee_status.method}). The fee
        shows as paid.
      </p>
      {refused && <FormMessage>{refused}</FormMessage>}
      <SheetButtons>
        <Button variant="outline" isDisabled={mark.isPending} onPress={onClose}>
          Not yet
        </Button>
        <Button
          variant="primary"
          isDisabled={mark.isPending}
          onPress={() => mark.mutate(undefined, { onSuccess: onClose })}
        >
          Mark fee paid
        </Button>
      </SheetButtons>
    </Sheet>
  );
}
