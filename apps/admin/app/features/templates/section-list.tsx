import {
  Button as AriaButton,
  DropIndicator,
  GridList,
  GridListItem,
  useDragAndDrop,
  type Key,
} from 'react-aria-components';
import type { SectionInput } from '@shopfront/shared';
import { SECTION_TYPE_INFO, sectionName } from './section-types';

/**
 * The template's sections in order. Drag a row by its handle to move it; from the keyboard, focus
 * the handle, press Enter, move with the arrow keys and press Enter again (react-aria's drag and
 * drop, announced to screen readers). Choosing a row opens its settings.
 */
export function SectionList({
  sections,
  open,
  onOpen,
  onMove,
  flagged,
}: {
  sections: SectionInput[];
  open: string | null;
  onOpen: (key: string) => void;
  /** Moves the section `key` to just before or after `target`. */
  onMove: (key: string, target: string, position: 'before' | 'after') => void;
  /** Keys of sections with an error or a warning. */
  flagged: ReadonlySet<string>;
}) {
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) => {
      const [key] = [...e.keys];
      if (key !== undefined && e.target.dropPosition !== 'on') {
        onMove(String(key), String(e.target.key), e.target.dropPosition);
      }
    },
    renderDropIndicator: (target) => (
      <DropIndicator target={target} className="h-0.5 rounded-full bg-transparent data-[drop-target]:bg-stone-800" />
    ),
  });
  return (
    <GridList
      aria-label="Sections, in page order"
      items={sections.map((s) => ({ id: s.key, section: s }))}
      selectionMode="single"
      selectedKeys={open ? [open] : []}
      onSelectionChange={(keys) => {
        const [key] = keys === 'all' ? [] : [...keys];
        if (key !== undefined) onOpen(String(key as Key));
      }}
      dragAndDropHooks={dragAndDropHooks}
      className="flex flex-col gap-1.5"
      data-testid="section-list"
      renderEmptyState={() => <p className="p-4 text-sm text-muted">No sections yet: add one below.</p>}
    >
      {({ id, section }) => (
        <GridListItem
          id={id}
          textValue={`${sectionName(section)}, ${SECTION_TYPE_INFO[section.type].label}`}
          className="flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border border-line bg-white pr-3 outline-none data-[dragging]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-stone-800 data-[selected]:border-stone-800 data-[selected]:bg-stone-50"
          data-testid={`section-${id}`}
        >
          <AriaButton
            slot="drag"
            aria-label={`Move ${sectionName(section)}`}
            className="flex min-h-12 w-10 shrink-0 cursor-grab items-center justify-center rounded-l-xl text-muted outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-stone-800"
            data-testid={`drag-${id}`}
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
              <path
                d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
              />
            </svg>
          </AriaButton>
          <span className={`min-w-0 flex-1 py-2 ${section.hidden ? 'text-muted' : ''}`}>
            <span className="block truncate text-sm font-semibold">{sectionName(section)}</span>
            <span className="block truncate text-xs text-muted">{SECTION_TYPE_INFO[section.type].label}</span>
          </span>
          {section.hidden && (
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-muted">Hidden</span>
          )}
          {flagged.has(id) && (
            <span
              className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
              data-testid={`flag-${id}`}
            >
              Check
            </span>
          )}
        </GridListItem>
      )}
    </GridList>
  );
}
