import { Suspense, lazy, useEffect, useState } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * Toasts (sonner) load with the first one shown, not with the first screen (ADR 0034): the
 * host mounts sonner's Toaster then, and each call waits for it.
 */
type Sonner = typeof import('sonner');
let show: (() => void) | null = null;
let ready: Promise<void> | null = null;
let markReady: () => void = () => {};

const LazyToaster = lazy(async () => {
  const { Toaster } = await import('sonner');
  function Mounted() {
    useEffect(() => markReady(), []);
    return (
      <Toaster
        position="top-center"
        closeButton
        containerAriaLabel="Notifications (Alt+T)"
        toastOptions={{
          duration: 10_000,
          // Undo is thumb-sized on a phone and clearly a button (issue 25).
          classNames: { actionButton: 'undo-action' },
        }}
      />
    );
  }
  return { default: Mounted };
});

/** Where toasts appear; rendered once by the frame. */
export function ToastHost() {
  const [on, setOn] = useState(false);
  useEffect(() => {
    show = () => setOn(true);
    return () => {
      show = null;
    };
  }, []);
  return on ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

async function sonner(): Promise<Sonner['toast']> {
  ready ??= new Promise<void>((resolve) => {
    markReady = resolve;
    show?.();
  });
  const [{ toast }] = await Promise.all([import('sonner'), ready]);
  return toast;
}

export interface Undo {
  label?: string;
  run: () => void;
  /** Until when it is offered (the save's `undo.expires_at`); 10 seconds when not given. */
  until?: string;
}

/**
 * A success toast, with an Undo button when `undo` is given (shown until `undo.until`, 10 seconds):
 * announced by the toaster's live region, reached with Alt+T or Tab.
 */
export async function success(message: string, description?: string, undo?: Undo): Promise<void> {
  const toast = await sonner();
  const options: ExternalToast = { description };
  if (undo) {
    options.action = { label: undo.label ?? 'Undo', onClick: undo.run };
    if (undo.until) options.duration = Math.max(1_000, Date.parse(undo.until) - Date.now());
  }
  toast.success(message, options);
}

export async function failure(message: string): Promise<void> {
  (await sonner()).error(message);
}
