import { useShopData } from '../lib/shop';
import { useRequestNonce } from '../lib/nonce';

/** `<` cannot appear raw inside a script element: a `</script>` in a product name would end it. */
function serialise(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Structured data for search engines, with the request's CSP script nonce. */
export function JsonLd({ data }: { data: Record<string, unknown> | Record<string, unknown>[] }) {
  const shop = useShopData();
  const requestNonce = useRequestNonce();
  const nonce = shop?.nonce?.script ?? requestNonce?.script;
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // React strips the nonce attribute value in the browser; keep SSR and hydration in agreement.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serialise(data) }}
    />
  );
}
