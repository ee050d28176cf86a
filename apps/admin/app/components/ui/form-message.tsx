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
