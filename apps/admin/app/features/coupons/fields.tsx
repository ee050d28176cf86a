import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import type { CouponForm } from './form-model';

/** A yes/no rule: a large tap target with its plain-words explanation. */
export function CouponCheck({
  name,
  label,
  description,
  testId,
}: {
  name: 'first_order_only' | 'secret';
  label: string;
  description: string;
  testId?: string;
}) {
  const id = useId();
  const { register } = useFormContext<CouponForm>();
  return (
    <label htmlFor={id} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line p-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-brand"
        data-testid={testId}
        {...register(name)}
      />
      <span>
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-sm text-muted">{description}</span>
      </span>
    </label>
  );
}
