import { Container } from '../../components/container';
import { storeName, useShop } from '../../lib/shop';

/**
 * The home page of an open shop with nothing on sale yet (phone review 1): a calm note in the
 * shop's own name instead of a blank page between the header and the footer.
 */
export function EmptyShop() {
  const shop = useShop();
  const email = shop.settings.store_email;
  return (
    <Container className="py-20 md:py-28">
      <section className="mx-auto max-w-xl text-center" data-testid="empty-shop">
        <p className="text-sm font-medium uppercase tracking-widest text-muted">Just opened</p>
        <h2 className="mt-3 font-heading text-3xl font-semibold md:text-4xl">
          {storeName(shop)} is getting its shelves ready
        </h2>
        <p className="mt-4 text-base leading-relaxed text-muted">
          There is nothing to buy just yet. New products are on their way: please come back soon.
        </p>
        {typeof email === 'string' && email && (
          <p className="mt-6 text-sm">
            Questions?{' '}
            <a href={`mailto:${email}`} className="inline-flex min-h-11 items-center font-medium underline">
              {email}
            </a>
          </p>
        )}
      </section>
    </Container>
  );
}
