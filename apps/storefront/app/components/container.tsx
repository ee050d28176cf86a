import type { ReactNode } from 'react';
import { useShopData } from '../lib/shop';

const WIDTH = {
  boxed: 'max-w-7xl',
  full_width: 'max-w-[1920px]',
} as const;

/** Horizontal frame for every section: boxed or full width, as the storefront settings say. */
export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  const layout = useShopData()?.storefront.page_layout ?? 'boxed';
  return <div className={`mx-auto w-full px-4 sm:px-6 lg:px-10 ${WIDTH[layout]} ${className}`}>{children}</div>;
}
