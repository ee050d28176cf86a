import { createContext } from 'react';
import type { Storefront } from '@shopfront/shared';

/** The storefront settings a `shopfront:preview:theme` message may show unsaved (docs/preview-protocol.md). */
export type PreviewLook = Partial<
  Pick<
    Storefront,
    | 'logo'
    | 'page_layout'
    | 'is_sticky_header_enabled'
    | 'is_scroll_button_enabled'
    | 'notice_bar'
    | 'topbar'
    | 'is_cookie_warning_enabled'
    | 'cookie_warning'
  >
>;

/**
 * The unsaved look the admin panel is previewing, laid over the saved storefront settings by
 * `useShopData` (lib/shop.ts); null outside the panel's frame. Its own module: lib/shop.ts reads
 * it, and the rest of the preview code reads lib/shop.ts.
 */
export const PreviewLookContext = createContext<PreviewLook | null>(null);
