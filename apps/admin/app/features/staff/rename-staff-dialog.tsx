import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { adminApi, type StaffAccount } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { TextField } from '../../components/ui/text-field';
import { call } from '../../lib/api';
import { applyApiError, sharedSchema } from '../../lib/form';
import { savedToast } from '../../lib/undo';
import { Sheet, SheetButtons } from '../orders/sheet';

/** "Rename": a staff member's name as the panel, the activity log and order notes show it (a sheet on a phone). */
export default function RenameStaffDialog({ who, onClose }: { who: StaffAccount; onClose: () => void }) {
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<{ name: string }>({
    resolver: sharedSchema((s) => s.StaffUpdateBodySchema),
    defaultValues: { name: who.name },
  });
  const submit = handleSubmit(async ({ name }) => {
    setFormError(null);
    if (name === who.name) return onClose();
    try {
      const { message, undo } = await call(adminApi.updateStaff, { params: { id: who.id }, body: { name } });
      void qc.invalidateQueries({ queryKey: ['staff'] });
      savedToast(qc, message ?? 'Staff member updated', { description: name, offer: undo, refresh: [['staff']] });
      onClose();
    } catch (err) {
      setFormError(applyApiError(err, ['name'], setError));
    }
  });
  return (
    <Sheet title={`Rename ${who.name}`} isOpen onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="rename-staff-form">
        {formError && <FormMessage>{formError}</FormMessage>}
        <TextField
          control={control}
          name="name"
          label="Name"
          autoComplete="off"
          autoFocus
          description="Shown in the panel, the activity log and the notes they write."
        />
        <SheetButtons>
          <Button variant="outline" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isDisabled={formState.isSubmitting}>
            Save name
          </Button>
        </SheetButtons>
      </form>
    </Sheet>
  );
}
