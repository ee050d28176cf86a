import { useLocation } from 'react-router';
import { Container } from '../../components/container';
import { configText, usePlugin } from './installed';
import { NewsletterForm } from './newsletter-form';

/** The newsletter's own pages: /newsletter has its own form; its confirm and unsubscribe links are about one already. */
const NEWSLETTER_PAGES = /^\/newsletter(?:\/|$)/;

/**
 * The footer's newsletter band (emailSubscription plugin): title and description from its config.
 * Not on the newsletter's own pages, which would otherwise show two signup forms.
 */
export function NewsletterSignup() {
  const config = usePlugin('emailSubscription');
  const { pathname } = useLocation();
  if (!config || NEWSLETTER_PAGES.test(pathname)) return null;
  const title = configText(config, 'title', 'Join our newsletter');
  const description = configText(config, 'description');
  return (
    <section aria-labelledby="newsletter-signup-title" className="newsletter-signup border-b border-current/15">
      <Container className="grid gap-5 py-10 md:grid-cols-2 md:items-center md:gap-10">
        <div>
          <h2 id="newsletter-signup-title" className="font-heading text-2xl font-semibold">
            {title}
          </h2>
          {description && <p className="mt-2 max-w-md text-sm leading-relaxed opacity-80">{description}</p>}
        </div>
        <NewsletterForm source="footer" />
      </Container>
    </section>
  );
}
