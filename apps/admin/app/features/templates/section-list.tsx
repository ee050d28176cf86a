import type { AdminTemplateChoices, SectionInput } from '@shopfront/shared';
import { ReorderList, ReorderRow, type ReorderListEvents } from '../../components/ui/reorder-list';
import { SECTION_TYPE_INFO, sectionName } from './section-types';

/** The slider, FAQ group or form a section shows, by its name in `choices` (none while they load). */
function shownContent(section: SectionInput, choices: AdminTemplateChoices | undefined): string | undefined {
  const s = (section.settings ?? {}) as { slider_id?: unknown; faq_id?: unknown; form_id?: unknown };
  const [list, id] =
    section.type === 'hero_slider'
      ? [choices?.sliders, s.slider_id]
      : section.type === 'faq'
        ? [choices?.faqs, s.faq_id]
        : section.type === 'form'
          ? [choices?.forms, s.form_id]
          : [undefined, undefined];
  return list?.find((c) => c.id === id)?.name;
}

/**
 * The template's sections in order, moved by drag and drop or the keyboard (ReorderList).
 * Choosing a row opens its settings. A row names its type, and the slider, FAQ group or form it
 * shows (two hero sliders are told apart by their sliders).
 */
export function SectionList({
  sections,
  choices,
  open,
  onOpen,
  onMove,
  flagged,
}: { sections: SectionInput[]; choices: AdminTemplateChoices | undefined } & ReorderListEvents) {
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
            <span className="block truncate text-xs text-muted">
              {[SECTION_TYPE_INFO[section.type].label, shownContent(section, choices)].filter(Boolean).join(' · ')}
            </span>
          </span>
          {section.hidden && (
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-muted">Hidden</span>
          )}
        </ReorderRow>
      )}
    </ReorderList>
  );
}
