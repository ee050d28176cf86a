import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useQueryClient } from '@tanstack/react-query';
import { adminApi, type StaffAccount } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { TextField } from '../../components/ui/text-field';
import { call } from '../../lib/api';
import { applyApiError, sharedSchema } from '../../lib/form';
import { savedToast } from '../../lib/undo';

type Values = { name: string };

/** "Rename": a staff member's name as the panel, the activity log and order notes show it (a sheet on a phone). */
export default function RenameStaffDialog({ who, onClose }: { who: StaffAccount; onClose: () => void }) {
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-40 flex items-end bg-black/40 sm:items-center sm:justify-center sm:p-4"
    >
      <Modal className="max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl outline-none sm:max-w-md sm:rounded-2xl">
        <Dialog className="p-5 outline-none">
          <RenameForm who={who} onDone={onClose} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function RenameForm({ who, onDone }: { who: StaffAccount; onDone: () => void }) {
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: sharedSchema((s) => s.StaffUpdateBodySchema),
    defaultValues: { name: who.name },
  });
  const submit = handleSubmit(async ({ name }) => {
    setFormError(null);
    if (name === who.name) return onDone();
    try {
      const { message, undo } = await call(adminApi.updateStaff, { params: { id: who.id }, body: { name } });
      void qc.invalidateQueries({ queryKey: ['staff'] });
      savedToast(qc, message ?? 'Staff member updated', { description: name, offer: undo, refresh: [['staff']] });
      onDone();
    } catch (err) {
      setFormError(applyApiError(err, ['name'], setError));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="rename-staff-form">
      <Heading slot="title" className="text-lg font-semibold">
        Rename {who.name}
      </Heading>
      {formError && <FormMessage>{formError}</FormMessage>}
      <TextField
        control={control}
        name="name"
        label="Name"
        autoComplete="off"
        autoFocus
        description="Shown in the panel, the activity log and the notes they write."
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onPress={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" isDisabled={formState.isSubmitting}>
          Save name
        </Button>
      </div>
    </form>
  );
}
