import { isGoogleMapsEmbedUrl } from '@shopfront/shared';
import { Container } from '../../components/container';
import { SectionHeading } from './sections/section-heading';

/** The page the store's map (setting google_embed_url) is shown on. */
export const CONTACT_PAGE_SLUG = 'contact-us';

/**
 * The store's map on the contact page: the owner's Google Maps embed address (Share → Embed a map)
 * in a sandboxed, lazily loaded frame. Only a https://www.google.com/maps/embed address is ever
 * framed (the settings validation allows nothing else, and the CSP's frame-src names Google only
 * while the setting is set); anything else shows no map.
 */
export function ContactMap({ url, storeName }: { url: string | null | undefined; storeName: string }) {
  if (!isGoogleMapsEmbedUrl(url)) return null;
  return (
    <section aria-labelledby="contact-map-title" className="py-10 md:py-14" data-testid="contact-map">
      <Container>
        <div className="mx-auto max-w-3xl">
          <SectionHeading id="contact-map-title" title="Find us" />
          <div className="overflow-hidden rounded-2xl border border-ink/10 bg-surface">
            <iframe
              src={url}
              title={`Map: where to find ${storeName} (Google Maps)`}
              loading="lazy"
              // Google's map needs its own scripts and origin; "View larger map" opens a new tab.
              sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
              className="block aspect-[4/3] w-full border-0 md:aspect-[16/9]"
            />
          </div>
        </div>
      </Container>
    </section>
  );
}
