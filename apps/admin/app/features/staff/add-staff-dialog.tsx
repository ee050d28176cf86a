import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { success } from '../../lib/toast';
import { adminApi, type StaffCreateBody } from '@shopfront/shared';
import { STAFF_ROLE_CHOICES } from '../../lib/nav';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { TextField } from '../../components/ui/text-field';
import { call } from '../../lib/api';
import { applyApiError, sharedSchema } from '../../lib/form';
import { RolePicker } from './role-picker';

type Values = Required<StaffCreateBody>;
const FIELDS = ['name', 'email', 'password', 'role'] as const;

/** The "Add staff" dialog (a sheet on a phone), loaded when first opened. */
export default function AddStaffDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-40 flex items-end bg-black/40 sm:items-center sm:justify-center sm:p-4"
    >
      <Modal className="max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl outline-none sm:max-w-md sm:rounded-2xl">
        <Dialog className="p-5 outline-none">
          <AddStaffForm onDone={onClose} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function AddStaffForm({ onDone }: { onDone: () => void }) {
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: sharedSchema((s) => s.StaffCreateBodySchema),
    defaultValues: { name: '', email: '', password: '', role: 'manager' },
  });
  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const { message, data } = await call(adminApi.createStaff, { body });
      void qc.invalidateQueries({ queryKey: ['staff'] });
      void success(message ?? 'Staff member added', data.name);
      onDone();
    } catch (err) {
      setFormError(applyApiError(err, FIELDS, setError));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="add-staff-form">
      <Heading slot="title" className="text-lg font-semibold">
        Add a staff member
      </Heading>
      {formError && <FormMessage>{formError}</FormMessage>}
      <TextField control={control} name="name" label="Name" autoComplete="off" autoFocus />
      <TextField control={control} name="email" label="E-mail address" type="email" autoComplete="off" />
      <TextField
        control={control}
        name="password"
        label="First password"
        type="password"
        autoComplete="new-password"
        description="At least 10 characters. Tell them to change it after signing in."
      />
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <RolePicker
            label="Role"
            visibleLabel
            value={field.value}
            roles={STAFF_ROLE_CHOICES}
            onChange={field.onChange}
          />
        )}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onPress={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" isDisabled={formState.isSubmitting}>
          Add staff member
        </Button>
      </div>
    </form>
  );
}
