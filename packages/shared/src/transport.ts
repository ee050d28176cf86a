/** How the storefront reaches the API: in-process on the server, fetch in the browser. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with query, starting with /api/. */
  path: string;
  body?: unknown;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

export type ApiTransport = (req: ApiRequest) => Promise<ApiResponse>;

/** What the server hands every storefront loader and action. */
export interface StorefrontLoadContext {
  api: ApiTransport;
  cspNonce: { script: string; style: string } | null;
  requestId: string;
  /** The admin panel allowed to frame the shop and drive its preview (env ADMIN_ORIGIN), or null. */
  adminOrigin: string | null;
}
