/**
 * When the preview brings the section being edited into view (`shopfront:preview:focus`,
 * docs/preview-protocol.md). The panel posts a focus right after the sections it belongs to, and
 * those show only after React's next render: a focus that arrives before that render waits for it,
 * so a moved section is found where it now is. A key the page does not render (yet) is looked for
 * once more after the next render of the sections (a data section filling in), then dropped
 * without a word. Finding and showing the section are the caller's (focus-target.ts in the page).
 */
export interface SectionFocus {
  /** Sections were sent: they show after the next render. */
  sectionsSent(): void;
  /** The panel asked to show the section with this key. */
  focus(key: string): void;
  /** The sections the panel sent have been rendered (the DOM shows them). */
  rendered(): void;
  /** The preview was reset: a waiting focus is dropped. */
  reset(): void;
}

/** A section focus that looks for a key's element with `find` and shows it with `reveal`. */
export function createSectionFocus<T>({
  find,
  reveal,
}: {
  find: (key: string) => T | null;
  reveal: (target: T) => void;
}): SectionFocus {
  let rendering = false;
  /** A focus waiting for a render, with how many more renders it may wait for after that one. */
  let pending: { key: string; retries: number } | null = null;

  const attempt = (key: string, retries: number) => {
    const target = find(key);
    if (target !== null) reveal(target);
    else if (retries > 0) pending = { key, retries: retries - 1 };
  };

  return {
    sectionsSent() {
      rendering = true;
    },
    focus(key) {
      // A newer focus replaces one still waiting.
      pending = null;
      if (rendering) pending = { key, retries: 1 };
      else attempt(key, 1);
    },
    rendered() {
      rendering = false;
      const waiting = pending;
      pending = null;
      if (waiting) attempt(waiting.key, waiting.retries);
    },
    reset() {
      rendering = false;
      pending = null;
    },
  };
}
