import { useState } from 'react';
import { ApiError, adminApplicationsApi, type AdminApplication } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { call } from '../../lib/api';
import { Area, Field, fieldError, fieldsOf } from '../orders/fields';
import { Sheet, SheetButtons } from '../orders/sheet';
import { useApplicationAction, useReloadApplications } from './queries';

const ENDINGS = new Set(['rejected', 'cancelled']);

/**
 * Move the application: to its next stage (chosen first), any later one, rejected (with the
 * reason the applicant reads) or cancelled, with a note; from quote_requested to awaiting
 * payment with the quoted fee. The move names the stage it was seen at: when someone else moved
 * it since, the API answers 409 and the sheet says so, with a way to reload.
 */
export default function MoveSheet({
  app,
  onClose,
  initialTo = app.next_stages[0]?.key ?? '',
}: {
  app: AdminApplication;
  onClose: () => void;
  /** The stage chosen when it opens (the next one; cancelled when accepting the applicant's request). */
  initialTo?: string;
}) {
  const [to, setTo] = useState(initialTo);
  const [note, setNote] = useState('');
  const [fee, setFee] = useState('');
  const reload = useReloadApplications();
  const quoting = app.stage === 'quote_requested' && to === 'awaiting_payment';
  const move = useApplicationAction(
    app.id,
    () =>
      call(adminApplicationsApi.move, {
        params: { id: app.id },
        body: {
          from: app.stage,
          to,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(quoting && fee.trim() ? { fee_minor: Math.round(Number(fee) * 100) } : {}),
        },
      }),
    'Stage moved',
  );
  const stale = move.error instanceof ApiError && move.error.status === 409 ? move.error.message : null;
  const errors = fieldsOf(move.error);
  const label = app.next_stages.find((s) => s.key === to)?.label ?? '';

  return (
    <Sheet title={`Move ${app.application_no}`} isOpen onClose={onClose} testId="move-sheet">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          move.mutate(undefined, { onSuccess: onClose });
        }}
      >
        <p className="text-sm text-muted">
          Now at <span className="font-medium text-ink">{app.stage_label}</span>. The applicant is told of the move
          once, by e-mail or SMS, with your note.
        </p>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">Move to</legend>
          <div className="divide-y divide-line rounded-xl border border-line">
            {app.next_stages.map((s, i) => (
              <label
                key={s.key}
                className={`flex min-h-12 items-center gap-3 px-3 text-sm ${ENDINGS.has(s.key) ? 'text-red-800' : ''}`}
              >
                <input
                  type="radio"
                  name="to"
                  value={s.key}
                  className="size-5 accent-stone-800"
                  checked={to === s.key}
                  onChange={() => setTo(s.key)}
                />
                <span className="font-medium">{s.label}</span>
                {i === 0 && <span className="text-muted">· next</span>}
              </label>
            ))}
          </div>
          {fieldError(errors, 'to') && (
            <p className="mt-1 text-sm font-medium text-red-700">{fieldError(errors, 'to')}</p>
          )}
        </fieldset>
        {quoting && (
          <Field
            label="Fee you quote (₹)"
            inputMode="decimal"
            required
            value={fee}
            onChange={(e) => setFee(e.target.value)}
            error={fieldError(errors, 'fee_minor')}
            description="The applicant pays it to go ahead."
          />
        )}
        <Area
          label={to === 'rejected' ? 'Reason for the rejection (the applicant reads it)' : 'Note (optional)'}
          required={to === 'rejected'}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={fieldError(errors, 'note')}
          description={to === 'rejected' ? undefined : 'Sent to the applicant with the move.'}
        />
        {stale && (
          <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-semibold">It moved on: reload</p>
            <p className="mt-1">{stale}</p>
            <Button
              className="mt-2"
              onPress={() => {
                void reload();
                onClose();
              }}
            >
              Reload the application
            </Button>
          </div>
        )}
        <SheetButtons>
          <Button onPress={onClose}>Close</Button>
          <Button
            type="submit"
            variant={ENDINGS.has(to) ? 'danger' : 'primary'}
            isDisabled={move.isPending || !to || stale !== null}
          >
            {to ? `Move to ${label}` : 'Move'}
          </Button>
        </SheetButtons>
      </form>
    </Sheet>
  );
}
