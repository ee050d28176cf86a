import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
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

/** A role picker (react-aria Select: a listbox that works with touch, keys and screen readers). */
export function RolePicker<R extends string>({ label, visibleLabel, value, roles, isDisabled, onChange }: Props<R>) {
  return (
    <Select
      selectedKey={value}
      onSelectionChange={(key) => key !== null && onChange(key as R)}
      isDisabled={isDisabled}
      className="flex flex-col gap-1.5"
      aria-label={visibleLabel ? undefined : label}
    >
      {visibleLabel && <Label className="text-sm font-medium">{label}</Label>}
      <Button className="input flex items-center justify-between gap-2 text-left sm:w-44">
        <SelectValue />
        <span aria-hidden="true" className="text-muted">
          ▾
        </span>
      </Button>
      <Popover className="min-w-(--trigger-width) rounded-xl border border-line bg-white p-1 shadow-lg outline-none">
        <ListBox className="outline-none">
          {roles.map((r) => (
            <ListBoxItem
              key={r}
              id={r}
              className="flex min-h-11 cursor-default items-center rounded-lg px-3 text-sm outline-none data-[focused]:bg-stone-100 data-[selected]:font-semibold"
            >
              {roleLabel(r)}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
