import type { ReactNode } from 'react';

/** One account section below the dashboard menu: its heading, then its cards. */
export function AccountSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="account-section-title" className="space-y-5 md:space-y-6">
      <header>
        <h1 id="account-section-title" className="text-2xl font-semibold md:text-[1.75rem]">
          {title}
        </h1>
        {description && <p className="mt-1 text-sm text-muted md:text-base">{description}</p>}
      </header>
      {children}
    </section>
  );
}

/** White card on the account area's tinted background. */
export function SectionCard({
  title,
  description,
  children,
  className = '',
}: {
  title?: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`rounded-2xl border border-ink/10 bg-background p-5 md:p-7 ${className}`}>
      {title && (
        <div className="mb-5">
          <h2 className="text-lg font-semibold">{title}</h2>
          {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
        </div>
      )}
      {children}
    </div>
  );
}
