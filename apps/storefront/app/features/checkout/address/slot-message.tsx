import { AlertIcon } from '../../../components/ui/icons';

/** A message about an address slot as a whole ('Shipping address is empty', the server's check). */
export function SlotMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      tabIndex={-1}
      className="mt-4 flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 outline-none"
      data-field-error
    >
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}
