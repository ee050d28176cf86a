import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { Menu, Section } from '@shopfront/shared';
import { browserTransport } from '../../lib/api.client';
import { useShop } from '../../lib/shop';
import {
  isFromAdmin,
  parseParentMessage,
  PREVIEW_MESSAGE,
  type EditMessage,
  type EditTarget,
  type ReadyMessage,
} from './messages';
import { createSectionFocus } from './focus';
import { revealSection, sectionTarget } from './focus-target';
import { pageIdentity } from './page-identity';
import type { PreviewSections } from './preview-context';
import { resolvePreviewData } from './preview-data';
import { previewThemeCss } from './preview-theme';
import { NO_PREVIEW_CONTENT, withContentMessage, type PreviewContent } from './preview-content';
import { withLook } from './look';
import type { PreviewLook } from './look-context';

const EDIT_BUTTONS: { target: EditTarget; label: string }[] = [
  { target: 'header', label: 'Edit Header' },
  { target: 'footer', label: 'Edit Footer' },
  { target: 'page', label: 'Edit Page' },
];

/** The `page` query value a paged section (a blog list) reads, as the server does. */
function pageNumberOf(search: string): number {
  const n = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
}

/** The saved theme's <style> (root.tsx renders it from the same loader data). */
function savedThemeStyle(css: string): HTMLStyleElement | null {
  for (const el of document.head.querySelectorAll('style')) {
    if (el.textContent === css && !el.hasAttribute('data-preview-theme')) return el;
  }
  return null;
}

/**
 * The admin panel's side of the page, mounted only inside its frame: listens to its messages
 * (exact origin, from the parent window, known shapes; anything else is dropped silently),
 * applies unsaved theme and sections live, and shows the Edit Header / Footer / Page toolbar.
 * Nothing is saved from here: the panel saves through the owner's API.
 */
export default function PreviewMode({
  adminOrigin,
  sections,
  onSections,
  onMenus,
  onContent,
  onLook,
}: {
  adminOrigin: string;
  /** The sections on show (from onSections): each new value has been rendered when its effects run. */
  sections: PreviewSections | null;
  onSections: (sections: PreviewSections | null) => void;
  onMenus: (menus: Record<string, Menu> | null) => void;
  onContent: (update: (content: PreviewContent) => PreviewContent) => void;
  onLook: (look: PreviewLook | null) => void;
}) {
  const shop = useShop();
  const matches = useMatches();
  const location = useLocation();
  // The message listener lives as long as the page; it reads the current shop data and location.
  const latest = useRef({ shop, location });
  useEffect(() => {
    latest.current = { shop, location };
  });
  const themeStyle = useRef<HTMLStyleElement | null>(null);
  const dataCache = useRef(new Map<string, Promise<unknown>>());
  const sectionsSeq = useRef(0);
  const [sectionFocus] = useState(() =>
    createSectionFocus({ find: (key) => sectionTarget(document, key), reveal: revealSection }),
  );

  // Effects run after the commit: the sections just set are in the DOM now.
  useEffect(() => sectionFocus.rendered(), [sections, sectionFocus]);

  useEffect(() => {
    const post = (message: ReadyMessage | EditMessage) => window.parent.postMessage(message, adminOrigin);

    const applyTheme = (css: string | null) => {
      const saved = savedThemeStyle(latest.current.shop.themeCss);
      if (css === null) {
        themeStyle.current?.remove();
        themeStyle.current = null;
        if (saved) saved.disabled = false;
        return;
      }
      let el = themeStyle.current;
      if (!el) {
        el = document.createElement('style');
        // The page's CSP admits only nonce'd <style> elements.
        el.nonce = latest.current.shop.nonce?.style ?? '';
        el.setAttribute('data-preview-theme', '');
        document.head.append(el);
        themeStyle.current = el;
      }
      el.textContent = css;
      // Custom CSS the admin removed must stop applying too, not only be outweighed.
      if (saved) saved.disabled = true;
    };

    const showSections = async (sections: Section[]) => {
      const seq = ++sectionsSeq.current;
      const { pathname, search } = latest.current.location;
      // At once with what is known; data-backed sections fill in as their data arrives.
      onSections({ path: pathname, sections, data: new Map() });
      const data = await resolvePreviewData(browserTransport, sections, pageNumberOf(search), dataCache.current);
      if (seq === sectionsSeq.current) onSections({ path: pathname, sections, data });
    };

    const onMessage = (event: MessageEvent) => {
      if (!isFromAdmin(event, adminOrigin, window.parent)) return;
      const message = parseParentMessage(event.data);
      if (!message) return;
      switch (message.type) {
        case PREVIEW_MESSAGE.theme:
          applyTheme(previewThemeCss(latest.current.shop.storefront, message));
          onLook(withLook(latest.current.shop.storefront, message.look));
          break;
        case PREVIEW_MESSAGE.sections:
          sectionFocus.sectionsSent();
          void showSections(message.sections);
          break;
        case PREVIEW_MESSAGE.focus:
          sectionFocus.focus(message.section);
          break;
        case PREVIEW_MESSAGE.menus:
          onMenus(message.menus);
          break;
        case PREVIEW_MESSAGE.post:
        case PREVIEW_MESSAGE.slider:
        case PREVIEW_MESSAGE.faq:
        case PREVIEW_MESSAGE.form:
        case PREVIEW_MESSAGE.testimonials: {
          const path = latest.current.location.pathname;
          onContent((content) => withContentMessage(content, message, path));
          break;
        }
        case PREVIEW_MESSAGE.reset:
          sectionsSeq.current++;
          sectionFocus.reset();
          applyTheme(null);
          onLook(null);
          onSections(null);
          onMenus(null);
          onContent(() => NO_PREVIEW_CONTENT);
          break;
      }
    };

    window.addEventListener('message', onMessage);
    post({ type: PREVIEW_MESSAGE.ready, path: latest.current.location.pathname });
    return () => {
      window.removeEventListener('message', onMessage);
      applyTheme(null);
    };
  }, [adminOrigin, onSections, onMenus, onContent, onLook, sectionFocus]);

  const edit = (target: EditTarget) => {
    const message: EditMessage = {
      type: PREVIEW_MESSAGE.edit,
      target,
      page: pageIdentity(matches, location.pathname),
    };
    // Never '*': only the admin origin may read what the shop says.
    window.parent.postMessage(message, adminOrigin);
  };

  // Above the phone's bottom bar and the corner buttons (cookie icon, scroll to top, chat), left
  // of a right-hand chat button; centred on wider screens.
  return (
    <div
      role="toolbar"
      aria-label="Template editing"
      className="preview-toolbar fixed bottom-[8.5rem] left-3 z-[65] flex gap-0.5 rounded-full bg-stone-900/95 p-1 text-white shadow-xl ring-1 ring-white/20 md:bottom-6 md:left-1/2 md:-translate-x-1/2 md:gap-1"
    >
      {EDIT_BUTTONS.map(({ target, label }) => (
        <button
          key={target}
          type="button"
          data-edit-target={target}
          onClick={() => edit(target)}
          className="min-h-11 rounded-full px-2.5 text-xs font-semibold whitespace-nowrap transition-colors hover:bg-white/15 focus-visible:outline-white md:px-4 md:text-sm md:tracking-wide"
        >
          {label}
        </button>
      ))}
    </div>
  );
}
