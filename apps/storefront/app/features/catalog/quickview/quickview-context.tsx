import { createContext, useContext } from 'react';

export interface QuickviewApi {
  /**
   * Opens the quickview dialog for a product; `opener` gets focus back when it closes. It opens on
   * `variantId` when given, else on the variant the opener's link names (`?variant=`: a card in a
   * listing filtered by colour), else where the product page would.
   */
  open: (slug: string, opener: HTMLElement | null, variantId?: string | null) => void;
}

export const QuickviewContext = createContext<QuickviewApi | null>(null);

/** Null outside the shop shell (error pages): cards then link straight to the product. */
export function useQuickview(): QuickviewApi | null {
  return useContext(QuickviewContext);
}
