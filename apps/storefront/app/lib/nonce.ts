import { createContext, useContext } from 'react';

export type CspNonce = { script: string; style: string } | null;

/**
 * The request's CSP nonces, provided by entry.server. Root loader data carries them too, but
 * when the root loader itself failed the error page still needs them for its scripts.
 */
export const NonceContext = createContext<CspNonce>(null);

export function useRequestNonce(): CspNonce {
  return useContext(NonceContext);
}
