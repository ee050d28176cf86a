import { createContext, lazy, Suspense, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { ComponentData, Menu, Section } from '@shopfront/shared';
import { useShop } from '../../lib/shop';
import { withPreviewMenus } from './menus';
import type { PreviewPost } from './content';
import { NO_PREVIEW_CONTENT, type PreviewContent } from './preview-content';
import { PreviewLookContext, type PreviewLook } from './look-context';

/** Sections the admin panel sent for one page, with the data resolved for them in the browser. */
export interface PreviewSections {
  /** The pathname they were sent for: another page shows its own sections again. */
  path: string;
  sections: Section[];
  /** Data fetched for the preview, by section key (types that show stored data). */
  data: ReadonlyMap<string, ComponentData>;
}

const PreviewSectionsContext = createContext<PreviewSections | null>(null);
/** Menus the admin panel sent (by id), shown in the header and footer of every page until reset. */
const PreviewMenusContext = createContext<Record<string, Menu> | null>(null);

/** Unsaved content the admin panel sent: a blog post, slides, FAQ questions, testimonials. */
const PreviewContentContext = createContext<PreviewContent>(NO_PREVIEW_CONTENT);

/** Being framed never changes for a document. */
const subscribe = () => () => {};

// Everything else of the preview (listener, theme, toolbar) loads only inside the admin's frame.
const PreviewMode = lazy(() => import('./preview-mode'));

/**
 * The origin whose messages drive the preview: the shop's own when the frame's parent is a page
 * of the shop (the panel under /admin; a same-origin parent could change the page directly
 * anyway), else ADMIN_ORIGIN (a panel served elsewhere), else the shop's own (then a foreign
 * parent, which the CSP's frame-ancestors should have refused, is never listened to).
 */
function parentOrigin(adminOrigin: string | null): string {
  try {
    // Readable only when the parent is of this origin; a cross-origin parent throws.
    if (window.parent.location.origin === window.location.origin) return window.location.origin;
  } catch {
    // A parent of another origin.
  }
  return adminOrigin ?? window.location.origin;
}

/**
 * Preview mode (docs/preview-protocol.md): on only when this page runs inside a frame; then the
 * admin panel's messages drive it, from the parent's origin if it is the shop's own or
 * ADMIN_ORIGIN (parentOrigin). Outside a frame it renders its children and nothing more, and the
 * preview code is never downloaded.
 */
export function PreviewProvider({ adminOrigin, children }: { adminOrigin: string | null; children: ReactNode }) {
  // False on the server and while hydrating; then whether a window frames this one (a
  // cross-origin parent cannot be read, only compared).
  const framed = useSyncExternalStore(
    subscribe,
    () => window.parent !== window,
    () => false,
  );
  const [sections, setSections] = useState<PreviewSections | null>(null);
  const [menus, setMenus] = useState<Record<string, Menu> | null>(null);
  const [content, setContent] = useState<PreviewContent>(NO_PREVIEW_CONTENT);
  const [look, setLook] = useState<PreviewLook | null>(null);
  const origin = framed ? parentOrigin(adminOrigin) : null;
  return (
    <PreviewLookContext.Provider value={look}>
      <PreviewSectionsContext.Provider value={sections}>
        <PreviewMenusContext.Provider value={menus}>
          <PreviewContentContext.Provider value={content}>
            {children}
            {origin && (
              <Suspense fallback={null}>
                <PreviewMode
                  adminOrigin={origin}
                  sections={sections}
                  onSections={setSections}
                  onMenus={setMenus}
                  onContent={setContent}
                  onLook={setLook}
                />
              </Suspense>
            )}
          </PreviewContentContext.Provider>
        </PreviewMenusContext.Provider>
      </PreviewSectionsContext.Provider>
    </PreviewLookContext.Provider>
  );
}

/** The preview's sections when the admin panel sent some for this page, else null. */
export function usePreviewSections(): PreviewSections | null {
  const preview = useContext(PreviewSectionsContext);
  const { pathname } = useLocation();
  return preview && preview.path === pathname ? preview : null;
}

/** The header's and footer's menus: the saved ones, or those the admin panel is previewing. */
export function useShopMenus(): { main: Menu | null; footer: Menu[] } {
  const saved = useShop().menus;
  return withPreviewMenus(saved, useContext(PreviewMenusContext));
}

/** The unsaved slides, questions and testimonials the admin panel is previewing (none outside its frame). */
export function usePreviewContent(): PreviewContent {
  return useContext(PreviewContentContext);
}

/** The unsaved blog post the admin panel sent for this page, else null. */
export function usePreviewPost(): PreviewPost | null {
  const { post } = useContext(PreviewContentContext);
  const { pathname } = useLocation();
  return post && post.path === pathname ? post.post : null;
}
