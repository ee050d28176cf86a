import type { AdminSubmission } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { formatWhen } from '../../lib/format';
import { Sheet, SheetButtons } from '../orders/sheet';

/** One message whole: each field by its label, the text's own lines kept. */
export default function MessageSheet({
  message,
  fields,
  onClose,
}: {
  message: AdminSubmission;
  fields: { label: string; value: string }[];
  onClose: () => void;
}) {
  return (
    <Sheet title={message.form_name} isOpen onClose={onClose} testId="message">
      <p className="-mt-2 mb-4 text-sm text-muted">{formatWhen(message.created_at)}</p>
      <dl className="space-y-3">
        {fields.map((f) => (
          <div key={f.label}>
            <dt className="text-xs font-semibold text-muted">{f.label}</dt>
            <dd className="break-words whitespace-pre-wrap">{f.value || '—'}</dd>
          </div>
        ))}
      </dl>
      <SheetButtons>
        <Button variant="primary" onPress={onClose}>
          Close
        </Button>
      </SheetButtons>
    </Sheet>
  );
}
