import { createContext, useContext } from 'react';

export interface QuickviewApi {
  /** Opens the quickview dialog for a product; `opener` gets focus back when it closes. */
  open: (slug: string, opener: HTMLElement | null) => void;
}

export const QuickviewContext = createContext<QuickviewApi | null>(null);

/** Null outside the shop shell (error pages): cards then link straight to the product. */
export function useQuickview(): QuickviewApi | null {
  return useContext(QuickviewContext);
}
