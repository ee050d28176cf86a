import { Link } from 'react-router';
import { MailIcon } from '../../components/ui/icons';

/** The account dashboard's newsletter block (emailSubscription plugin): where to manage it. */
export function NewsletterDashboardCard() {
  return (
    <Link
      to="/account/newsletter"
      prefetch="intent"
      className="flex items-center gap-4 rounded-2xl border border-ink/10 bg-background p-5 transition-colors hover:border-ink/30"
    >
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailIcon className="size-5" />
      </span>
      <span>
        <span className="block font-semibold">Newsletter</span>
        <span className="mt-0.5 block text-sm text-muted">
          New pieces and offers by e-mail: subscribe or unsubscribe.
        </span>
      </span>
    </Link>
  );
}
