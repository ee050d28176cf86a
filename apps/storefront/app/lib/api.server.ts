import type {
  ApiTransport,
  Envelope,
  InitialValues,
  Menu,
  Page,
  ProductGrid,
  ProductGridBody,
  Slider,
  StorefrontLoadContext,
} from '@shopfront/shared';

/** A failed API answer, carrying its HTTP status so loaders can turn it into a 404 or 500. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function call<T>(transport: ApiTransport, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await transport({ method, path, body });
  const env = res.body as Envelope<T> | null;
  if (!env || env.status !== 'success') {
    throw new ApiError(res.status, env?.message ?? `API ${method} ${path} failed with ${res.status}`);
  }
  return env.data;
}

/** The typed API client used by loaders and actions; in one process it dispatches in-process. */
export function api(context: unknown) {
  const t = (context as StorefrontLoadContext).api;
  return {
    initialValues: () => call<InitialValues>(t, 'GET', '/api/storefront/initial-values'),
    menu: (id: string) => call<Menu>(t, 'GET', `/api/menu/${encodeURIComponent(id)}`),
    slider: (id: string) => call<Slider>(t, 'GET', `/api/slider/${encodeURIComponent(id)}`),
    page: (slug: string) => call<Page>(t, 'GET', `/api/page/${slug.split('/').map(encodeURIComponent).join('/')}`),
    productGrid: (body: ProductGridBody) => call<ProductGrid>(t, 'POST', '/api/product/product-grid', body),
  };
}

export function cspNonce(context: unknown): StorefrontLoadContext['cspNonce'] {
  return (context as StorefrontLoadContext).cspNonce;
}
