import { useEffect, useState } from 'react';

/** True while the key goes to a text field (or anything editable): list keys stay out of its way. */
export function isTyping(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  if (!el) return false;
  return (
    el.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ||
    el.closest('[role="dialog"]') !== null
  );
}

/**
 * j / k move through a list, Enter opens the current row (Gmail's keys). Returns the current
 * index (-1: none yet) and a setter; rows mark themselves with `aria-current` from it.
 */
export function useListKeys(count: number, onOpen?: (index: number) => void) {
  const [index, setIndex] = useState(-1);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.metaKey || e.ctrlKey || e.altKey || isTyping(e) || count === 0) return;
      if (e.key === 'j') setIndex((i) => Math.min(count - 1, i + 1));
      else if (e.key === 'k') setIndex((i) => Math.max(0, i - 1));
      else if (e.key === 'Enter' && index >= 0 && onOpen) onOpen(index);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, index, onOpen]);
  useEffect(() => {
    if (index >= 0) document.querySelector(`[data-list-index="${index}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [index]);
  return [index >= count ? -1 : index, setIndex] as const;
}
