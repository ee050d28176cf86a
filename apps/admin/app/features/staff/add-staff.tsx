import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { STAFF_ROLES, adminApi, type StaffCreateBody } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { TextField } from '../../components/ui/text-field';
import { call } from '../../lib/api';
import { applyApiError, sharedSchema } from '../../lib/form';
import { RolePicker } from './role-picker';

type Values = Required<StaffCreateBody>;
const FIELDS = ['name', 'email', 'password', 'role'] as const;

/** "Add staff": a dialog (a sheet on a phone) with the new member's name, e-mail, first password and role. */
export function AddStaff() {
  const [open, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button variant="primary" className="w-full sm:w-auto">
        Add staff
      </Button>
      <ModalOverlay
        isDismissable
        className="fixed inset-0 z-40 flex items-end bg-black/40 sm:items-center sm:justify-center sm:p-4"
      >
        <Modal className="max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl outline-none sm:max-w-md sm:rounded-2xl">
          <Dialog className="p-5 outline-none">
            <AddStaffForm onDone={() => setOpen(false)} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

function AddStaffForm({ onDone }: { onDone: () => void }) {
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: sharedSchema((s) => s.StaffCreateBodySchema),
    defaultValues: { name: '', email: '', password: '', role: STAFF_ROLES[STAFF_ROLES.length - 1] },
  });
  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const { message, data } = await call(adminApi.createStaff, { body });
      void qc.invalidateQueries({ queryKey: ['staff'] });
      toast.success(message ?? 'Staff member added', { description: data.name });
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
          <RolePicker label="Role" visibleLabel value={field.value} roles={STAFF_ROLES} onChange={field.onChange} />
        )}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button slot="close" variant="outline" onPress={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" isDisabled={formState.isSubmitting}>
          Add staff member
        </Button>
      </div>
    </form>
  );
}
