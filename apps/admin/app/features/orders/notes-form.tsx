import { useState } from 'react';
import { adminOrdersApi, type AdminOrderDetail } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { call } from '../../lib/api';
import { Area, fieldError, fieldsOf } from './fields';
import { useOrderAction } from './queries';

type Order = AdminOrderDetail;

/** Staff-only notes on the order (newest first) and a box to add one. */
export function NotesForm({ order }: { order: Order }) {
  const [body, setBody] = useState('');
  const action = useOrderAction(
    order,
    (_: void, headers) => call(adminOrdersApi.addNote, { params: { id: order.id }, body: { body }, headers }),
    'Note added',
  );
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        action.mutate(undefined, { onSuccess: () => setBody('') });
      }}
    >
      <Area
        label="Add an internal note"
        description="Only staff see notes."
        value={body}
        onChange={(e) => setBody(e.target.value)}
        error={fieldError(fieldsOf(action.error), 'body')}
      />
      <Button type="submit" isDisabled={action.isPending || !body.trim()}>
        Add note
      </Button>
    </form>
  );
}
