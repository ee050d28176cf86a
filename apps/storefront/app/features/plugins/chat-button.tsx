import { useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useCoversControl } from '../consent/floating-clearance';
import { absoluteUrl } from '../../lib/meta';
import { useShopData } from '../../lib/shop';
import { configText, usePlugin } from './installed';

/** The DOM event a click on the chat button dispatches on `window` (analytics listen for it). */
export const CHAT_CLICK_EVENT = 'shopfront:chat-click';

export interface ChatClickDetail {
  /** The position class, e.g. `bottom-right`. */
  location: string;
  /** The product the chat is about (on product pages), else null. */
  product: string | null;
}

/** A route shows the chat button a product with `handle.chatProduct(loaderData)`. */
export interface ChatRouteHandle {
  chatProduct?: (data: unknown) => string | null | undefined;
}

/** `Bottom Right` → `bottom-right` (spec section 2: lower-cased, spaces turned into hyphens). */
export const chatLocationClass = (location: string) => location.trim().toLowerCase().replace(/\s+/g, '-');

/** The wa.me link for `mobile` (digits only) with the message pre-filled. */
export const chatHref = (mobile: string, message: string) =>
  `https://wa.me/${mobile.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;

/** The greeting of a product page: the product and the page's address. */
export const productChatMessage = (product: string, url: string) => `Hello! I'm interested in ${product}: ${url}`;

function WhatsAppGlyph({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M12.04 2C6.57 2 2.13 6.44 2.13 11.9c0 1.75.46 3.45 1.33 4.95L2 22l5.3-1.39a9.9 9.9 0 0 0 4.74 1.2h.01c5.46 0 9.9-4.44 9.9-9.9a9.84 9.84 0 0 0-2.9-7A9.83 9.83 0 0 0 12.04 2Zm0 18.13h-.01a8.2 8.2 0 0 1-4.19-1.15l-.3-.18-3.14.82.84-3.06-.2-.31a8.2 8.2 0 0 1-1.26-4.35c0-4.54 3.7-8.24 8.26-8.24a8.2 8.2 0 0 1 5.83 2.42 8.19 8.19 0 0 1 2.41 5.83c0 4.55-3.7 8.22-8.24 8.22Zm4.52-6.16c-.25-.12-1.47-.72-1.7-.8-.23-.09-.39-.13-.56.12-.16.25-.64.8-.78.97-.15.16-.29.18-.54.06a6.76 6.76 0 0 1-1.99-1.23 7.5 7.5 0 0 1-1.38-1.72c-.14-.25-.02-.38.11-.5.11-.11.25-.29.37-.44.13-.14.17-.25.25-.41.08-.17.04-.31-.02-.44-.06-.12-.56-1.34-.76-1.84-.2-.48-.4-.42-.56-.42h-.47a.9.9 0 0 0-.66.31c-.22.25-.86.85-.86 2.07 0 1.22.89 2.4 1.01 2.56.12.17 1.75 2.67 4.23 3.74.59.26 1.05.41 1.41.52.59.19 1.13.16 1.56.1.47-.07 1.47-.6 1.67-1.18.21-.58.21-1.07.15-1.18-.06-.1-.23-.16-.48-.29Z" />
    </svg>
  );
}

/**
 * The messaging-app chat button (WhatsApp plugin; spec section 2 "Chat button"): shown only when
 * the plugin is installed. On product pages the pre-filled message greets about the product and
 * gives the page's address; elsewhere it is the configured default message. It sits in the
 * configured bottom corner: on phones a 44 px round button just above the fixed footer bar (the
 * scroll-to-top button stacks above it); from md up a tab docked to the window's edge, from lg
 * inside the page's 40 px side margin, beside the content rather than on it. The cart and checkout
 * pages, whose sticky bars fill the bottom of a phone, go without it. It never hides what the
 * shopper reads or taps: over a control, a link or a line of text (a product's name, a post's
 * paragraph, the footer's last line) it steps aside, and comes back once the scrolling rests on
 * a free spot (consent/floating-clearance.ts). A click dispatches CHAT_CLICK_EVENT on window.
 */
export function ChatButton() {
  const config = usePlugin('WhatsApp');
  const shop = useShopData();
  const location = useLocation();
  const matches = useMatches();
  const mobile = configText(config, 'mobile_no');
  const shown = Boolean(config && mobile) && !/^\/(cart|checkout)(\/|$)/.test(location.pathname);
  const ref = useRef<HTMLAnchorElement>(null);
  const stepAside = useCoversControl(ref, shown, location.pathname + location.search, { text: true });
  if (!config || !mobile || !shown) return null;

  let product: string | null = null;
  if (location.pathname.includes('/product/')) {
    for (const m of matches) {
      const name = (m.handle as ChatRouteHandle | undefined)?.chatProduct?.(m.loaderData);
      if (name) product = name;
    }
  }
  const position = chatLocationClass(configText(config, 'chat_location', 'Bottom Right'));
  const message = product
    ? productChatMessage(product, absoluteUrl(shop, `${location.pathname}${location.search}`))
    : configText(config, 'default_message', 'Hello!');
  // From md up docked to the window's edge, a tab rounded on its inner side: from lg (40 px wide)
  // it lies in the page's 40 px side margin, beside the content, never on it.
  const left = position.endsWith('left');
  const side = left ? 'left-4 md:left-0 md:rounded-l-none' : 'right-4 md:right-0 md:rounded-r-none';

  const onClick = () => {
    const detail: ChatClickDetail = { location: position, product };
    window.dispatchEvent(new CustomEvent(CHAT_CLICK_EVENT, { detail }));
  };

  return (
    // A landmark of its own: the floating button belongs to no part of the page around it.
    <aside aria-label="Chat">
      <a
        href={chatHref(mobile, message)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp"
        title="Chat with us on WhatsApp"
        onClick={onClick}
        ref={ref}
        data-chat-button=""
        // The scroll-to-top button on a phone stacks above a chat button on its side.
        data-chat-side={left ? 'left' : 'right'}
        data-visible={stepAside ? 'false' : 'true'}
        // Over a control or a line of text of the page it steps aside until the visitor scrolls
        // on: hidden, out of the tab order and letting clicks through.
        inert={stepAside}
        className={`chat-button ${position} fixed ${side} bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-30 inline-flex size-11 items-center justify-center rounded-full bg-[#25d366] text-white shadow-lg shadow-black/20 transition-[opacity,transform] duration-200 hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#128c4a] md:bottom-24 md:h-12 md:w-11 md:rounded-xl md:hover:scale-100 md:hover:brightness-95 lg:w-10 ${
          stepAside ? 'pointer-events-none opacity-0' : 'opacity-100'
        }`}
      >
        <WhatsAppGlyph className="size-6" />
      </a>
    </aside>
  );
}
