import { useId, type ReactNode } from 'react';
import { CheckIcon } from '../../../components/ui/icons';

/** A part of the payment step: its title (ticked once `done`), something beside it, its content. */
export function StepCard({
  title,
  done,
  aside,
  children,
  testId,
}: {
  title: string;
  done: boolean;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-ink/10 bg-background p-5 md:p-7"
      data-testid={testId}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} className="flex items-center gap-2.5 text-lg font-semibold">
          {done && (
            <span
              aria-hidden="true"
              className="inline-flex size-6 items-center justify-center rounded-full bg-emerald-600 text-white"
            >
              <CheckIcon className="size-3.5" />
            </span>
          )}
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
