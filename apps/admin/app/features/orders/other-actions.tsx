import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { OtherActionsProps } from './action-bar';

/**
 * The order's "Other actions" menu, loaded when first pressed (see action-bar.tsx): it opens at
 * once, and its button takes the place of the one pressed (focus stays on it when it closes).
 */
export default function OtherActionsMenu({ steps, docs, className }: OtherActionsProps) {
  return (
    <MenuTrigger defaultOpen>
      <AriaButton className={`btn btn-outline ${className}`} autoFocus>
        Other actions
      </AriaButton>
      <Popover
        placement="top end"
        className="min-w-60 rounded-2xl border border-line bg-white p-1 shadow-xl outline-none"
      >
        <Menu
          className="outline-none"
          onAction={(key) => {
            const step = steps.find((s) => s.key === key);
            if (step) step.run();
            else if (key === 'invoice' || key === 'packing_slip') window.open(docs(key), '_blank', 'noopener');
          }}
        >
          {steps.map((s) => (
            <MenuItem
              key={s.key}
              id={s.key}
              className={`flex min-h-12 items-center rounded-xl px-3 text-base outline-none data-[focused]:bg-stone-100 ${s.danger ? 'text-red-800' : ''}`}
            >
              {s.label}
            </MenuItem>
          ))}
          <MenuItem
            id="invoice"
            className="flex min-h-12 items-center rounded-xl px-3 text-base outline-none data-[focused]:bg-stone-100"
          >
            Print invoice
          </MenuItem>
          <MenuItem
            id="packing_slip"
            className="flex min-h-12 items-center rounded-xl px-3 text-base outline-none data-[focused]:bg-stone-100"
          >
            Print packing slip
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
