import { describe, expect, it } from 'vitest';
import { fieldDiff, shorten } from './field-diff';

const FAQ = {
  title: 'Title',
  items: 'Question',
  question: 'Question',
  answer: 'Answer',
  is_published: 'Shown',
} as const;

describe('fieldDiff', () => {
  it('names each changed field, a list entry by its place, and leaves unnamed fields out', () => {
    const theirs = {
      id: 1,
      version: 4,
      title: 'Shipping',
      items: [
        { question: 'How long?', answer: 'Two days.', is_published: true },
        { question: 'Where?', answer: 'Everywhere.', is_published: true },
      ],
    };
    const mine = {
      id: 1,
      version: 3,
      title: 'Shipping',
      items: [{ question: 'How long?', answer: 'Three days.', is_published: false }],
    };
    expect(fieldDiff(theirs, mine, FAQ)).toEqual([
      { label: 'Question 1 · answer', theirs: 'Two days.', mine: 'Three days.' },
      { label: 'Question 1 · shown', theirs: 'Yes', mine: 'No' },
      { label: 'Question 2 · question', theirs: 'Where?', mine: null },
      { label: 'Question 2 · answer', theirs: 'Everywhere.', mine: null },
      { label: 'Question 2 · shown', theirs: 'Yes', mine: null },
    ]);
    expect(fieldDiff(theirs, { ...theirs, version: 9 }, FAQ)).toEqual([]);
  });

  it('reads a value whole or a list entry by entry when told how, and shortens long texts', () => {
    const fields = {
      tags: { label: 'Tags', text: (v: unknown) => (v as string[]).join(', ') },
      blocks: { label: 'Text block', each: (b: unknown) => (b as { text: string }).text },
    };
    const long = 'word '.repeat(40);
    const rows = fieldDiff(
      { tags: ['a', 'b'], blocks: [{ text: 'Same' }, { text: long }] },
      { tags: ['a'], blocks: [{ text: 'Same' }, { text: 'Short' }] },
      fields,
    );
    expect(rows).toEqual([
      { label: 'Tags', theirs: 'a, b', mine: 'a' },
      { label: 'Text block 2', theirs: shorten(long), mine: 'Short' },
    ]);
    expect(shorten(long).length).toBeLessThanOrEqual(80);
    expect(shorten(long)).toMatch(/^word word .*word…$/);
  });
});
