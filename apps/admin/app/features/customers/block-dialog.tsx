import { adminCustomersApi, type AdminCustomer } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { call } from '../../lib/api';
import { Sheet, SheetButtons } from '../orders/sheet';
import { fullName } from './customer-card';
import { useCustomerAction } from './queries';

/** Block or unblock sign-in, after saying what it does. */
export function BlockDialog({
  customer,
  isOpen,
  onClose,
}: {
  customer: AdminCustomer;
  isOpen: boolean;
  onClose: () => void;
}) {
  const blocked = customer.blocked_at !== null;
  const action = useCustomerAction(customer, (_: void, headers) =>
    call(blocked ? adminCustomersApi.unblock : adminCustomersApi.block, {
      params: { id: customer.id },
      body: {},
      headers,
    }),
  );
  const name = fullName(customer);
  return (
    <Sheet
      title={blocked ? `Unblock ${name}?` : `Block ${name}?`}
      isOpen={isOpen}
      onClose={onClose}
      testId="block-dialog"
    >
      {blocked ? (
        <p className="text-sm">They will be able to sign in to the shop again with their phone or e-mail.</p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>They can no longer sign in, and every session they have open ends now.</li>
          <li>Their orders, addresses and your notes stay as they are; orders already placed are not cancelled.</li>
          <li>You can unblock them at any time.</li>
        </ul>
      )}
      <SheetButtons>
        <Button onPress={onClose}>Keep as it is</Button>
        <Button
          variant={blocked ? 'primary' : 'danger'}
          isDisabled={action.isPending}
          onPress={() => action.mutate(undefined, { onSettled: onClose })}
        >
          {blocked ? 'Unblock' : 'Block sign-in'}
        </Button>
      </SheetButtons>
    </Sheet>
  );
}
