import { describe, expect, it } from 'vitest';
import { createSectionFocus } from './focus';
import { centredScroll } from './focus-target';

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

describe('centredScroll', () => {
  // 800 px of frame, the top 80 px under the sticky header (scroll-padding-top).
  const view = { scrollY: 400, innerHeight: 800, paddingTop: 80 };

  it("puts a section's middle in the middle of the view below the header, smoothly unless less motion was asked for", () => {
    // A 200 px section 1,000 px below the viewport's top; 260 px above it in the 720 px view.
    expect(centredScroll({ top: 1000, height: 200 }, view, false)).toEqual({ top: 1060, behavior: 'smooth' });
    expect(centredScroll({ top: 1000, height: 200 }, view, true)).toEqual({ top: 1060, behavior: 'auto' });
    expect(centredScroll({ top: 1000, height: 200 }, { ...view, paddingTop: 0 }, false).top).toBe(1100);
  });

  it('scrolls up to a section above', () => {
    expect(centredScroll({ top: -300, height: 100 }, view, false).top).toBe(-290);
  });

  it('puts the top of a section taller than the view just below the header, so its heading shows', () => {
    expect(centredScroll({ top: 1000, height: 2000 }, view, false).top).toBe(1320);
    expect(centredScroll({ top: 1000, height: 720 }, view, false).top).toBe(1320);
  });
});
