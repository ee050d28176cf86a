import { useState } from 'react';
import type { AdminVersion } from '@shopfront/shared';

/** What ContentHistory and PreviewingBar take from useVersionPreview. */
export interface VersionPreview {
  /** The kept version shown in the preview frame instead of the editor's state, or null. */
  previewing: AdminVersion | null;
  /** History's Preview (null: back to the editor's own changes). */
  preview: (v: AdminVersion | null) => void;
  /** Back to the editor's own changes in the frame. */
  stop: () => void;
  /** Puts the version into the editor (asking first when that drops unsaved changes). */
  restore: (v: AdminVersion) => void;
}

/**
 * The History wiring every editor that saves straight to the shop shares (issue 28): which kept
 * version the preview frame shows, Preview (then `onPreview`, e.g. the phone's Preview tab), and
 * Restore, which asks before it replaces unsaved changes (`dirty`), leaves the preview and hands
 * the version to `apply` (the editor puts its body into the form; the next Save publishes it).
 * `editing`: the editor's state (its parts, compared one by one); when one changes, the frame goes
 * back to the editor's own changes. Editors that stop the preview in their own setters leave it out.
 */
export function useVersionPreview({
  dirty,
  apply,
  onPreview,
  editing,
}: {
  dirty: boolean;
  apply: (v: AdminVersion) => void;
  onPreview?: () => void;
  editing?: readonly unknown[];
}): VersionPreview {
  const [previewing, setPreviewing] = useState<AdminVersion | null>(null);
  // Adjusted while rendering (React's "state from a change of props"), not in an effect.
  const [seen, setSeen] = useState(editing);
  if (editing && seen && editing.some((part, i) => part !== seen[i])) {
    setSeen(editing);
    if (previewing) setPreviewing(null);
  }
  return {
    previewing,
    preview: (v) => {
      setPreviewing(v);
      if (v) onPreview?.();
    },
    stop: () => setPreviewing(null),
    restore: (v) => {
      if (dirty && !window.confirm('Restoring replaces your unsaved changes. Restore this version?')) return;
      setPreviewing(null);
      apply(v);
    },
  };
}
