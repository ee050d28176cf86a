/** A form's own message (not a field's): announced when it appears. */
export function FormMessage({
  children,
  testId,
  tone = 'error',
}: {
  children: React.ReactNode;
  testId?: string;
  tone?: 'error' | 'ok';
}) {
  const colours = tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-900';
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={`rounded-xl px-4 py-3 text-sm font-medium ${colours}`}
    >
      {children}
    </p>
  );
}

/**
 * A save's failure under an editor; when another member saved the record first (409), a Reload
 * that replaces the form with theirs.
 */
export function SaveFailure({
  message,
  stale,
  onReload,
  what,
}: {
  message: string;
  stale: boolean;
  onReload: () => void;
  /** "the product", "the coupon". */
  what: string;
}) {
  return (
    <FormMessage testId="form-error">
      {message}
      {stale && (
        <>
          {' '}
          <button type="button" className="underline" onClick={onReload} data-testid="reload">
            Reload {what}
          </button>{' '}
          (your changes here are replaced by theirs).
        </>
      )}
    </FormMessage>
  );
}
