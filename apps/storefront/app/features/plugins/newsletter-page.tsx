import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '../../components/container';
import { AlertIcon, CheckIcon } from '../../components/ui/icons';

/** The frame of the newsletter link pages (confirm, unsubscribe): a card with a heading. */
export function NewsletterLinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="bg-surface/60 py-12 md:py-20">
      <Container>
        <div className="mx-auto max-w-md rounded-3xl bg-background p-6 sm:p-8">
          <h1 className="text-2xl font-semibold">{title}</h1>
          <div className="mt-4 space-y-4">{children}</div>
        </div>
      </Container>
    </div>
  );
}

/** A result line: success (check) or problem (alert), announced to screen readers. */
export function LinkResult({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <p
      role="status"
      data-newsletter-link={ok ? 'ok' : 'error'}
      className={`flex items-start gap-2 rounded-xl px-4 py-3 font-medium ${ok ? 'bg-primary/10 text-primary' : 'bg-red-50 text-red-800'}`}
    >
      {ok ? <CheckIcon className="mt-0.5 size-5 shrink-0" /> : <AlertIcon className="mt-0.5 size-5 shrink-0" />}
      <span>{children}</span>
    </p>
  );
}

export function BackToShop() {
  return (
    <Link to="/" className="btn btn-outline inline-flex h-11 px-5">
      Continue shopping
    </Link>
  );
}
