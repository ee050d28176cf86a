import type { SectionInput } from '@shopfront/shared';
import { ReorderList, ReorderRow, type ReorderListEvents } from '../../components/ui/reorder-list';
import { SECTION_TYPE_INFO, sectionName } from './section-types';

/**
 * The template's sections in order, moved by drag and drop or the keyboard (ReorderList).
 * Choosing a row opens its settings.
 */
export function SectionList({
  sections,
  open,
  onOpen,
  onMove,
  flagged,
}: { sections: SectionInput[] } & ReorderListEvents) {
  return (
    <ReorderList
      label="Sections, in page order"
      testId="section-list"
      empty="No sections yet: add one below."
      rows={sections.map((s) => ({ id: s.key, section: s }))}
      open={open}
      onOpen={onOpen}
      onMove={onMove}
    >
      {({ id, section }) => (
        <ReorderRow
          id={id}
          textValue={`${sectionName(section)}, ${SECTION_TYPE_INFO[section.type].label}`}
          moveLabel={`Move ${sectionName(section)}`}
          testId={`section-${id}`}
          dragTestId={`drag-${id}`}
          flagged={flagged.has(id)}
        >
          <span className={`min-w-0 flex-1 py-2 ${section.hidden ? 'text-muted' : ''}`}>
            <span className="block truncate text-sm font-semibold">{sectionName(section)}</span>
            <span className="block truncate text-xs text-muted">{SECTION_TYPE_INFO[section.type].label}</span>
          </span>
          {section.hidden && (
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-muted">Hidden</span>
          )}
        </ReorderRow>
      )}
    </ReorderList>
  );
}
