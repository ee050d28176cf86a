import type { SectionType } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { PICKER_ORDER, SECTION_TYPE_INFO } from './section-types';

/** The kinds of section that can be added, each with a line on what it shows. */
export function TypePicker({ onPick, onClose }: { onPick: (type: SectionType) => void; onClose: () => void }) {
  return (
    <section className="card flex flex-col gap-3 p-4" aria-label="Add a section" data-testid="type-picker">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold">Add a section</h2>
        <Button variant="quiet" onPress={onClose}>
          Cancel
        </Button>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {PICKER_ORDER.map((type) => (
          <li key={type}>
            <button
              type="button"
              onClick={() => onPick(type)}
              className="flex min-h-11 w-full flex-col items-start rounded-xl border border-line bg-white px-3 py-2 text-left hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-stone-800"
              data-testid={`add-${type}`}
            >
              <span className="text-sm font-semibold">{SECTION_TYPE_INFO[type].label}</span>
              <span className="text-xs text-muted">{SECTION_TYPE_INFO[type].description}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
