import { Suspense, lazy, useState } from 'react';
import { Button } from '../../components/ui/button';

const AddStaffDialog = lazy(() => import('./add-staff-dialog'));

/** "Add staff": the button, and the dialog with its form (loaded when first opened). */
export function AddStaff() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="primary" className="w-full sm:w-auto" onPress={() => setOpen(true)} aria-haspopup="dialog">
        Add staff
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AddStaffDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
