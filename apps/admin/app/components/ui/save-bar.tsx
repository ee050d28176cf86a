import { Button } from './button';
import type { ReactNode } from 'react';

/**
 * The sticky bar of a form's Save (product, coupon, bulk editor). On a phone it sits flush on the
 * bottom navigation (3.5 rem + its 1 px border + the safe area), full width and opaque, so no
 * page shows between the two; from 1024 px (no bottom navigation) it is a card at the page's foot.
 */
export function SaveBar({
  children,
  className = '',
  testId,
}: {
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      className={`sticky bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-20 -mx-4 border-t border-line bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] sm:-mx-6 sm:px-6 lg:bottom-2 lg:mx-0 lg:rounded-xl lg:border lg:px-4 ${className}`}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/**
 * An editor's submit button in its SaveBar: the whole width on a phone, "Saving…" and off while
 * the save is on its way. `children`: what it says otherwise ("Save", "Create coupon").
 */
export function SaveButton({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" className="w-full sm:w-auto" isDisabled={submitting} data-testid="save">
      {submitting ? 'Saving…' : children}
    </Button>
  );
}
