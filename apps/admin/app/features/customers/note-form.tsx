import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { adminCustomersApi, type AdminCustomer, type CustomerNoteBody } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call } from '../../lib/api';
import { applyApiError, sharedSchema } from '../../lib/form';
import { useCustomerAction } from './queries';

/** Adds an internal note (staff only; the customer never sees it). */
export function NoteForm({ customer }: { customer: AdminCustomer }) {
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<CustomerNoteBody>({
    resolver: sharedSchema((s) => s.CustomerNoteBodySchema),
    defaultValues: { body: '' },
  });
  const action = useCustomerAction(customer, (body: CustomerNoteBody, headers) =>
    call(adminCustomersApi.addNote, { params: { id: customer.id }, body, headers }),
  );
  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await action.mutateAsync(body);
      reset();
    } catch (err) {
      setFormError(applyApiError(err, ['body'], setError));
    }
  });
  const error = formState.errors.body?.message;
  return (
    <form onSubmit={submit} noValidate className="space-y-2" data-testid="note-form">
      {formError && <FormMessage>{formError}</FormMessage>}
      <label htmlFor="note-body" className="text-sm font-medium">
        Add a note
      </label>
      <textarea
        id="note-body"
        rows={3}
        className="input min-h-24 py-2"
        placeholder="Only staff see notes."
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'note-error' : undefined}
        {...register('body')}
      />
      {error && (
        <p id="note-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" isDisabled={formState.isSubmitting} className="w-full sm:w-auto">
          Add note
        </Button>
      </div>
    </form>
  );
}
