import type { SectionInput } from '@shopfront/shared';
import { sectionName } from './section-types';

/**
 * What differs between the sections another editor saved (`theirs`) and the ones on this screen
 * (`mine`), as short lines for the conflict message: added, removed, changed, moved.
 */
export function sectionDiff(theirs: readonly SectionInput[], mine: readonly SectionInput[]): string[] {
  const theirsBy = new Map(theirs.map((s) => [s.key, s]));
  const mineBy = new Map(mine.map((s) => [s.key, s]));
  const lines: string[] = [];
  for (const s of mine) {
    const t = theirsBy.get(s.key);
    if (!t) lines.push(`You added “${sectionName(s)}”`);
    else if (JSON.stringify(t) !== JSON.stringify(s)) lines.push(`“${sectionName(s)}” differs`);
  }
  for (const t of theirs)
    if (!mineBy.has(t.key)) lines.push(`They have “${sectionName(t)}”, which you removed or never saw`);
  const order = (list: readonly SectionInput[]) =>
    list.filter((s) => theirsBy.has(s.key) && mineBy.has(s.key)).map((s) => s.key);
  if (lines.length === 0 && order(theirs).join() !== order(mine).join())
    lines.push('The sections are in another order');
  return lines;
}
