import { useState } from 'react';
import { ApiError, adminApplicationsApi, type AdminApplication } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call } from '../../lib/api';
import { Area, fieldError, fieldsOf } from '../orders/fields';
import { Sheet, SheetButtons } from '../orders/sheet';
import { useApplicationAction } from './queries';

type App = AdminApplication;

/** Decline the request: a note to the applicant, sent on the thread with the answer. */
export default function DeclineSheet({ app, onClose }: { app: App; onClose: () => void }) {
  const [note, setNote] = useState('');
  const decline = useApplicationAction(
    app.id,
    () => call(adminApplicationsApi.declineCancel, { params: { id: app.id }, body: { note: note || null } }),
    'Request declined',
  );
  const errors = fieldsOf(decline.error);
  const refused = decline.error instanceof ApiError && decline.error.status === 409 ? decline.error.message : null;
  return (
    <Sheet title="Decline the request to cancel?" isOpen onClose={onClose} testId="decline-cancel-dialog">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          decline.mutate(undefined, { onSuccess: onClose });
        }}
      >
        <p className="text-sm">
          The application stays at {app.stage_label}. {app.name} reads your answer in Messages, and may ask again.
        </p>
        <Area
          label="Why (optional, shown to the applicant)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={fieldError(errors, 'note')}
        />
        {refused && <FormMessage>{refused}</FormMessage>}
        <SheetButtons>
          <Button variant="outline" isDisabled={decline.isPending} onPress={onClose}>
            Back
          </Button>
          <Button type="submit" variant="primary" isDisabled={decline.isPending}>
            Decline request
          </Button>
        </SheetButtons>
      </form>
    </Sheet>
  );
}
