import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A row of a list of places that each open their editor: its name, a line about it, any marks, ›. */
export function LinkRow({
  to,
  testId,
  title,
  detail,
  truncate = true,
  children,
}: {
  to: string;
  testId: string;
  title: ReactNode;
  detail: ReactNode;
  /** Cut the detail to one line (the default) or let it wrap. */
  truncate?: boolean;
  /** Marks beside the › (a Draft pill). */
  children?: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-stone-50" data-testid={testId}>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{title}</span>
          <span className={`block text-sm text-muted ${truncate ? 'truncate' : ''}`}>{detail}</span>
        </span>
        {children}
        <span aria-hidden="true" className="text-muted">
          ›
        </span>
      </Link>
    </li>
  );
}
