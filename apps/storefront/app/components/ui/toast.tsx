import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { AlertIcon, CheckIcon, CloseIcon } from './icons';

export type ToastKind = 'success' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

const DURATION_MS: Record<ToastKind, number> = { success: 4000, error: 6000 };

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const EMPTY: readonly ToastItem[] = [];

function emit() {
  for (const l of listeners) l();
}

/** Removes one toast (its close button, or its timer). */
export function dismissToast(id: number) {
  const next = items.filter((t) => t.id !== id);
  if (next.length !== items.length) {
    items = next;
    emit();
  }
}

/**
 * Shows a message at the top centre. Spec sections 5 and 9: a message identical to one already
 * displayed is ignored (double clicks and retries must not stack the same text).
 */
export function showToast(kind: ToastKind, message: string): void {
  const text = message.trim();
  if (!text || items.some((t) => t.message === text)) return;
  items = [...items, { id: nextId++, kind, message: text }];
  emit();
}

export const toast = {
  success: (message: string) => showToast('success', message),
  error: (message: string) => showToast('error', message),
};

/** For tests: the toasts on screen. */
export function currentToasts(): readonly ToastItem[] {
  return items;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function Toast({ item }: { item: ToastItem }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(item.id), DURATION_MS[item.kind]);
    return () => clearTimeout(timer);
  }, [item]);
  const error = item.kind === 'error';
  return (
    <li
      role={error ? 'alert' : 'status'}
      data-toast={item.kind}
      className="pointer-events-auto flex w-full items-start gap-3 rounded-2xl border border-ink/10 bg-background px-4 py-3 text-sm text-ink shadow-[0_12px_40px_-12px_rgb(0_0_0/0.35)] animate-[dialog-in_160ms_ease-out]"
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full ${
          error ? 'bg-red-600 text-white' : 'bg-emerald-600 text-white'
        }`}
      >
        {error ? <AlertIcon className="size-3.5" /> : <CheckIcon className="size-3.5" />}
      </span>
      <p className="min-w-0 flex-1 leading-5">{item.message}</p>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-full text-muted hover:bg-ink/5 hover:text-ink"
        aria-label="Dismiss"
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}

/**
 * The toast region, once per page. Hand-rolled rather than a library: the popular ones inject a
 * <style> element at runtime without our CSP nonce (blocked by `style-src 'self' 'nonce-…'`).
 * It is a manual popover so it can sit above an open modal <dialog> (both live in the top layer;
 * z-index cannot lift a normal element over it): re-showing it moves it to the top.
 */
export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => items,
    () => EMPTY,
  );
  const region = useRef<HTMLOListElement>(null);
  const count = list.length;
  useLayoutEffect(() => {
    const el = region.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (count > 0) el.showPopover();
  }, [list, count]);
  return (
    <ol
      ref={region}
      popover="manual"
      aria-live="polite"
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-3 bottom-auto m-0 mx-auto flex w-[min(28rem,calc(100vw-1.5rem))] flex-col gap-2 overflow-visible border-0 bg-transparent p-0 [&:not(:popover-open)]:hidden"
    >
      {list.map((t) => (
        <Toast key={t.id} item={t} />
      ))}
    </ol>
  );
}
