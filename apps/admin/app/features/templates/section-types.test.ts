import { describe, expect, it } from 'vitest';
import { SECTION_TYPES, SectionSchema, type SectionInput } from '@shopfront/shared';
import { PICKER_ORDER, freshKey, newSection, sectionName } from './section-types';
import { sectionDiff } from './section-diff';

const choices = { sliders: [{ id: 'home-hero' }], faqs: [{ id: 'shipping' }], forms: [{ id: 'contact' }] };

describe('adding sections', () => {
  it('offers every section type the contract has', () => {
    expect([...PICKER_ORDER].sort()).toEqual([...SECTION_TYPES].sort());
  });

  it('makes a new section of each type that the shared schema accepts as it is', () => {
    for (const type of SECTION_TYPES) {
      const parsed = SectionSchema.safeParse(newSection(type, new Set(), choices));
      expect([type, parsed.success, parsed.error?.issues]).toEqual([type, true, undefined]);
    }
  });

  it('gives each new or duplicated section a key of its own', () => {
    expect(freshKey('rich_text', new Set())).toBe('rich-text');
    expect(freshKey('rich_text', new Set(['rich-text', 'rich-text-2']))).toBe('rich-text-3');
    expect(freshKey('hero-2', new Set(['hero', 'hero-2']))).toBe('hero-3');
  });
});

describe('the conflict message', () => {
  const text = (key: string, title: string): SectionInput => ({
    key,
    type: 'rich_text',
    settings: { title, blocks: [] },
  });
  it('says what another editor’s save has that this screen does not, and the other way round', () => {
    const theirs = [text('a', 'Intro'), text('b', 'Story')];
    expect(sectionDiff(theirs, [text('a', 'Intro!'), text('c', 'New')])).toEqual([
      '“Intro!” differs',
      'You added “New”',
      'They have “Story”, which you removed or never saw',
    ]);
    expect(sectionDiff(theirs, [theirs[1]!, theirs[0]!])).toEqual(['The sections are in another order']);
    expect(sectionName({ key: 'x', type: 'faq', settings: { title: ' ', faq_id: 'f' } })).toBe('FAQ');
  });
});
