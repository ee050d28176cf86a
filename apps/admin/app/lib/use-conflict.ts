import { useEffect, useEffectEvent, useState } from 'react';
import type { Conflict } from '../components/ui/save-bar';
import type { DiffRow } from './field-diff';

/**
 * A save refused because someone else saved first (`refusal`: the 409's message, null without
 * one) as the save bar shows it: their version is loaded once per refused save (`attempt` tells
 * one save from the next: the mutation's `submittedAt`), and `compare` says what differs between
 * it and this screen's. `theirs` is null while it loads or when it cannot be read (then the notice
 * has the message alone, and only Take theirs, which loads it again).
 */
export function useConflict<T>({
  refusal,
  attempt,
  load,
  compare,
}: {
  refusal: string | null;
  attempt: number;
  load: () => Promise<T>;
  compare: (theirs: T) => DiffRow[];
}): { conflict: Conflict | null; theirs: T | null } {
  const [loaded, setLoaded] = useState<{ attempt: number; theirs: T } | null>(null);
  const loadTheirs = useEffectEvent(load);
  useEffect(() => {
    if (!refusal) return;
    let live = true;
    loadTheirs().then(
      (theirs) => live && setLoaded({ attempt, theirs }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [refusal, attempt]);
  const theirs = refusal && loaded?.attempt === attempt ? loaded.theirs : null;
  if (!refusal) return { conflict: null, theirs: null };
  return { conflict: { message: refusal, ...(theirs ? { rows: compare(theirs) } : {}) }, theirs };
}
