import { CONTACT_PAGE_SLUG, isGoogleMapsEmbedUrl } from '@shopfront/shared';
import { Container } from '../../components/container';
import { SectionHeading } from './sections/section-heading';

/**
 * Whether this document may frame the map: the CSP names Google only in the contact page's own
 * answer, so a page reached by a client-side move keeps the policy of the page it was loaded as.
 * True on the server (it renders the contact page's own document).
 */
function documentFramesMap(): boolean {
  if (typeof window === 'undefined') return true;
  const load = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const path = new URL(load?.name ?? window.location.href).pathname.replace(/\/$/, '');
  return path === `/${CONTACT_PAGE_SLUG}`;
}

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
          {documentFramesMap() ? (
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
          ) : (
            // Reached from another page: the map loads with the page itself (its own policy).
            <a href={`/${CONTACT_PAGE_SLUG}`} className="btn btn-outline h-11 px-5" data-testid="contact-map-load">
              Show the map
            </a>
          )}
        </div>
      </Container>
    </section>
  );
}
