import type { ReactNode } from 'react';

export type EditPreviewTab = 'edit' | 'preview';

/** The editor column's width beside the preview on a wide screen. */
const COLUMNS = {
  narrow: 'lg:grid-cols-[minmax(0,21rem)_minmax(0,1fr)]',
  wide: 'lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]',
} as const;

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
  return (
    <>
      <div
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
      <div className={`lg:grid lg:gap-6 ${COLUMNS[columns]}`}>
        <div id={`${id}-edit`} role="tabpanel" className={tab === 'edit' ? '' : 'hidden lg:block'}>
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
