import { Container } from '../../components/container';
import { MailIcon, PhoneIcon } from '../../components/ui/icons';
import { useShop } from '../../lib/shop';

/**
 * Thin utility strip above the header: the configured message, plus store contact from md up.
 * On phones it gives way to the notice bar when there is one: two bars of offers above the
 * header would take a fifth of a small screen. A labelled region, so it sits in a landmark.
 */
export function Topbar() {
  const { storefront, settings } = useShop();
  if (!storefront.topbar.enabled || !storefront.topbar.message) return null;
  const phone = settings.store_phone;
  const email = settings.store_email;
  const notice = storefront.notice_bar.enabled && Boolean(storefront.notice_bar.message);
  return (
    <section
      aria-label="Store information"
      className={`topbar bg-topbar text-xs text-topbar-ink ${notice ? 'hidden md:block' : ''}`}
    >
      <Container className="flex h-9 items-center justify-center gap-6 md:justify-between">
        <p className="truncate tracking-wide">{storefront.topbar.message}</p>
        <div className="hidden items-center gap-5 md:flex">
          {phone && (
            <a
              href={`tel:${phone.replace(/[^\d+]/g, '')}`}
              className="inline-flex items-center gap-1.5 opacity-90 hover:opacity-100 hover:underline"
            >
              <PhoneIcon className="size-3.5" />
              {phone}
            </a>
          )}
          {email && (
            <a
              href={`mailto:${email}`}
              className="inline-flex items-center gap-1.5 opacity-90 hover:opacity-100 hover:underline"
            >
              <MailIcon className="size-3.5" />
              {email}
            </a>
          )}
        </div>
      </Container>
    </section>
  );
}
