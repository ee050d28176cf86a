import { useId } from 'react';
import { roleLabel } from '../../lib/nav';

interface Props<R extends string> {
  label: string;
  /** Shown above the picker; otherwise the label is for screen readers only. */
  visibleLabel?: boolean;
  value: R;
  roles: readonly R[];
  isDisabled?: boolean;
  onChange: (role: R) => void;
}

/**
 * A role picker: the browser's own select, whose phone picker is the most thumb-friendly there is
 * and which costs the staff screen no JavaScript (ADR 0034).
 */
export function RolePicker<R extends string>({ label, visibleLabel, value, roles, isDisabled, onChange }: Props<R>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={visibleLabel ? 'text-sm font-medium' : 'sr-only'}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={isDisabled}
        onChange={(e) => onChange(e.target.value as R)}
        className="input appearance-auto pr-8 sm:w-44"
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {roleLabel(r)}
          </option>
        ))}
      </select>
    </div>
  );
}
