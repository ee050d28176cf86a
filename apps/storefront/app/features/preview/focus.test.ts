import { describe, expect, it } from 'vitest';
import { createSectionFocus } from './focus';
import { scrollOptions } from './focus-target';

/** A page whose rendered sections are `shown` (by key), recording the sections brought into view. */
function page(...shown: string[]) {
  const rendered = new Set(shown);
  const revealed: string[] = [];
  const focus = createSectionFocus({
    find: (key) => (rendered.has(key) ? key : null),
    reveal: (key) => revealed.push(key),
  });
  return { rendered, revealed, focus };
}

describe('createSectionFocus', () => {
  it('shows a rendered section at once when no sections are on their way', () => {
    const { focus, revealed } = page('hero', 'journal');
    focus.focus('journal');
    expect(revealed).toEqual(['journal']);
  });

  it('waits for the render of sections just sent, so a moved section is shown where it now is', () => {
    const { focus, revealed } = page('hero', 'journal');
    focus.sectionsSent();
    focus.focus('journal');
    expect(revealed).toEqual([]);
    focus.rendered();
    expect(revealed).toEqual(['journal']);
    // Done: a later render does not show it again.
    focus.rendered();
    expect(revealed).toEqual(['journal']);
  });

  it('shows a section added with the sections sent before the focus once they render', () => {
    const { focus, revealed, rendered } = page('hero');
    focus.sectionsSent();
    focus.focus('rich-text');
    rendered.add('rich-text');
    focus.rendered();
    expect(revealed).toEqual(['rich-text']);
  });

  it('looks for a key not rendered yet once more after the next render, then gives up quietly', () => {
    const { focus, revealed, rendered } = page('hero');
    focus.focus('grid');
    expect(revealed).toEqual([]);
    rendered.add('grid');
    focus.rendered();
    expect(revealed).toEqual(['grid']);

    rendered.clear();
    focus.focus('missing');
    focus.rendered();
    rendered.add('missing');
    focus.rendered();
    expect(revealed).toEqual(['grid']);
  });

  it('after sections are sent, waits for their render and for one more before giving up', () => {
    const { focus, revealed, rendered } = page();
    focus.sectionsSent();
    focus.focus('grid');
    focus.rendered();
    rendered.add('grid');
    focus.rendered();
    expect(revealed).toEqual(['grid']);
    focus.sectionsSent();
    focus.focus('gone');
    focus.rendered();
    focus.rendered();
    rendered.add('gone');
    focus.rendered();
    expect(revealed).toEqual(['grid']);
  });

  it('lets a newer focus replace one still waiting, and a reset drop it', () => {
    const { focus, revealed } = page('hero', 'journal');
    focus.sectionsSent();
    focus.focus('hero');
    focus.focus('journal');
    focus.rendered();
    expect(revealed).toEqual(['journal']);

    focus.sectionsSent();
    focus.focus('hero');
    focus.reset();
    focus.rendered();
    expect(revealed).toEqual(['journal']);
    // After a reset nothing is on its way: a focus shows at once.
    focus.focus('hero');
    expect(revealed).toEqual(['journal', 'hero']);
  });
});

describe('scrollOptions', () => {
  it('centres the section, smoothly unless the owner asked for less motion', () => {
    expect(scrollOptions(false)).toEqual({ block: 'center', behavior: 'smooth' });
    expect(scrollOptions(true)).toEqual({ block: 'center', behavior: 'auto' });
  });
});
