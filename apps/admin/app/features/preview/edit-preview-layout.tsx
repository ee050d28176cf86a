import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

export type EditPreviewTab = 'edit' | 'preview';

/** The editor column's width beside the preview on a wide screen. */
const COLUMNS = {
  narrow: 'lg:grid-cols-[minmax(0,21rem)_minmax(0,1fr)]',
  wide: 'lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]',
} as const;

/** The panel's sticky header (3.5rem and its border) and the tab bar's gap below it. */
const HEADER_PX = 57;
const TAB_GAP_PX = 16;

/**
 * On a phone, the page's scroll as the tab changes: the Edit tab's is kept, and the Preview tab
 * starts with the tab bar at the top (the frame whole on the screen, above the save bar, whether
 * the editor was scrolled down or not at all); back on Edit, its scroll comes back. The Edit tab's scroll is recorded as it
 * happens, while its panel shows: hiding it shortens the page, and the browser has clamped the
 * scroll before any effect of the change runs. On a wide screen (no tab bar) nothing moves.
 */
function useTabScroll(tab: EditPreviewTab) {
  const tabs = useRef<HTMLDivElement>(null);
  const editPanel = useRef<HTMLDivElement>(null);
  const panels = useRef<HTMLDivElement>(null);
  const editScroll = useRef(0);
  const shown = useRef(tab);
  useEffect(() => {
    const record = () => {
      if (editPanel.current?.offsetParent) editScroll.current = window.scrollY;
    };
    record();
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);
  useLayoutEffect(() => {
    if (shown.current === tab) return;
    shown.current = tab;
    if (!tabs.current?.offsetParent || !panels.current) return;
    if (tab === 'preview') {
      const top =
        panels.current.getBoundingClientRect().top +
        window.scrollY -
        TAB_GAP_PX -
        tabs.current.offsetHeight -
        HEADER_PX;
      // Down as well as up: under a heading of two lines the frame's foot (where its Edit Header /
      // Footer / Page toolbar floats) would otherwise sit behind the save bar.
      window.scrollTo({ top: Math.max(0, top), behavior: 'instant' });
    } else {
      window.scrollTo({ top: editScroll.current, behavior: 'instant' });
    }
  }, [tab]);
  return { tabs, editPanel, panels };
}

/**
 * An editor beside the storefront's live preview (the Theme screen, the template and menu
 * editors, issue 28). From `lg` up both show side by side, the preview sticky; below, an
 * Edit / Preview tab bar under the header switches between them, so a phone shows one at a time.
 */
export function EditPreviewLayout({
  id,
  label,
  tab,
  onTab,
  columns = 'wide',
  editor,
  preview,
}: {
  /** Prefix of the panels' ids (`theme` → `theme-edit`, `theme-preview`). */
  id: string;
  /** The tab bar's accessible name. */
  label: string;
  tab: EditPreviewTab;
  onTab: (tab: EditPreviewTab) => void;
  columns?: keyof typeof COLUMNS;
  editor: ReactNode;
  preview: ReactNode;
}) {
  const { tabs, editPanel, panels } = useTabScroll(tab);
  return (
    <>
      <div
        ref={tabs}
        role="tablist"
        aria-label={label}
        className="sticky top-[calc(3.5rem+1px)] z-10 -mx-4 mb-4 grid grid-cols-2 gap-2 border-b border-line bg-surface px-4 py-2 sm:-mx-6 sm:px-6 lg:hidden"
      >
        {(['edit', 'preview'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={`${id}-${t}`}
            data-testid={`tab-${t}`}
            onClick={() => onTab(t)}
            className={`min-h-11 rounded-xl text-sm font-semibold ${tab === t ? 'bg-stone-800 text-white' : 'border border-line bg-white text-ink'}`}
          >
            {t === 'edit' ? 'Edit' : 'Preview'}
          </button>
        ))}
      </div>
      <div ref={panels} className={`lg:grid lg:gap-6 ${COLUMNS[columns]}`}>
        <div ref={editPanel} id={`${id}-edit`} role="tabpanel" className={tab === 'edit' ? '' : 'hidden lg:block'}>
          {editor}
        </div>
        <div
          id={`${id}-preview`}
          role="tabpanel"
          className={`${tab === 'preview' ? 'flex' : 'hidden lg:flex'} h-[calc(100dvh-17rem)] flex-col lg:sticky lg:top-[calc(3.5rem+1rem)] lg:h-[calc(100dvh-17rem)]`}
        >
          {preview}
        </div>
      </div>
    </>
  );
}
