import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Autocomplete,
  Dialog,
  Header,
  Input,
  Menu,
  MenuItem,
  MenuSection,
  Modal,
  ModalOverlay,
  SearchField,
  useFilter,
} from 'react-aria-components';
import { failure } from '../../lib/toast';
import { navFor, roleMayRead } from '../../lib/nav';
import { useStoreMode } from '../../lib/store-mode';
import { placesFor } from '../../features/palette/places';
import { nextMove, useDebounced, usePaletteSearch } from '../../features/palette/search';
import { errorText } from '../../lib/api';
import { signOut } from '../../features/auth/sign-out';
import { STATUS_LABELS } from '../../features/catalog/filters';

interface Props {
  role: string;
  onClose: () => void;
  onShortcuts: () => void;
}

interface Command {
  id: string;
  label: string;
  keywords: string;
  run: () => void;
  /** A second line (an order's customer and total, a customer's e-mail). */
  detail?: string;
}

/** Found by the server's search: shown whatever the typed text, never filtered again here. */
const FOUND = /^(order|move|customer|product|coupon):/;

const itemClass =
  'flex min-h-11 cursor-default items-center rounded-lg px-3 text-sm text-ink outline-none data-[focused]:bg-stone-100';
const headerClass = 'px-3 pt-2 pb-1 text-xs font-semibold text-muted';

/**
 * Ctrl/⌘ K: find a page or run a command (loaded on first use). react-aria's Autocomplete over a
 * Menu: typing filters, arrows move, Enter runs, Esc closes; a screen reader hears each item.
 */
export default function Palette({ role, onClose, onShortcuts }: Props) {
  const navigate = useNavigate();
  const { contains } = useFilter({ sensitivity: 'base' });
  const mode = useStoreMode();
  const pages: Command[] = [...navFor(role, mode), ...placesFor(role)].map((n) => ({
    id: `go:${n.to}`,
    label: n.label,
    keywords: `go to ${n.keywords ?? ''}`,
    run: () => navigate(n.to),
  }));
  const actions: Command[] = [
    { id: 'shortcuts', label: 'Show keyboard shortcuts', keywords: 'keys help', run: onShortcuts },
    { id: 'shop', label: 'View the shop', keywords: 'storefront open', run: () => window.location.assign('/') },
    {
      id: 'sign-out',
      label: 'Sign out',
      keywords: 'log out logout',
      run: () => void signOut(navigate).catch((err) => failure(errorText(err))),
    },
  ];
  const [text, setText] = useState('');
  const term = useDebounced(text);
  const found = usePaletteSearch(term, {
    orders: roleMayRead(role, 'orders'),
    customers: roleMayRead(role, 'customers'),
    catalog: roleMayRead(role, 'catalog'),
  });
  const orders: Command[] = found.orders.flatMap((o) => {
    const move = nextMove(o);
    const detail = `${o.customer_name} · ${o.total.formatted} · ${o.status_label}`;
    const open: Command = {
      id: `order:${o.id}`,
      label: `Open order ${o.order_no}`,
      detail,
      keywords: '',
      run: () => navigate(`/orders/${encodeURIComponent(o.id)}`),
    };
    if (!move) return [open];
    return [
      open,
      {
        id: `move:${o.id}`,
        label: `${move.label} ${o.order_no}…`,
        detail,
        keywords: '',
        run: () => navigate(`/orders/${encodeURIComponent(o.id)}?do=${move.action}`),
      },
    ];
  });
  const customers: Command[] = found.customers.map((c) => ({
    id: `customer:${c.id}`,
    label: `${c.first_name} ${c.last_name}`.trim() || (c.email ?? c.phone ?? `Customer ${c.id}`),
    detail: [c.email, c.phone, `${c.orders_count} order${c.orders_count === 1 ? '' : 's'}`].filter(Boolean).join(' · '),
    keywords: '',
    run: () => navigate(`/customers/${c.id}`),
  }));
  const products: Command[] = found.products.map((p) => ({
    id: `product:${p.id}`,
    label: p.title,
    detail: [
      STATUS_LABELS[p.status],
      `${p.stock_total} in stock`,
      p.skus.slice(0, 2).join(', ') + (p.skus.length > 2 ? '…' : ''),
    ]
      .filter(Boolean)
      .join(' · '),
    keywords: '',
    run: () => navigate(`/products/${encodeURIComponent(p.id)}`),
  }));
  const coupons: Command[] = found.coupons.map((c) => ({
    id: `coupon:${c.id}`,
    label: `Coupon ${c.code}`,
    detail: [
      c.description,
      `${c.status.replace('_', ' ')} · used ${c.used_count}${c.usage_limit === null ? '' : ` of ${c.usage_limit}`}`,
    ]
      .filter(Boolean)
      .join(' · '),
    keywords: '',
    run: () => navigate(`/coupons/${c.id}`),
  }));
  const all = new Map([...orders, ...customers, ...products, ...coupons, ...pages, ...actions].map((c) => [c.id, c]));
  const matches = (label: string, input: string, node: { key: React.Key }) => {
    const key = String(node.key);
    if (FOUND.test(key)) return true;
    const command = all.get(key);
    return contains(label, input) || (command ? contains(command.keywords, input) : false);
  };
  const waiting = text.trim().length >= 2 && (text.trim() !== term || found.searching);
  const run = (key: React.Key) => {
    onClose();
    all.get(String(key))?.run();
  };
  // Right after typing, or when the search answers, react-aria's menu can be without an active
  // item (the input's aria-activedescendant is empty or points at the menu itself): Enter then
  // runs the first item shown (each item's content names its command: data-command).
  const enterRunsFirst = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    const active = e.currentTarget.getAttribute('aria-activedescendant');
    if (active && document.getElementById(active)?.getAttribute('role') === 'menuitem') return;
    const first = e.currentTarget.closest('[data-testid="palette"]')?.querySelector('[role="menuitem"] [data-command]');
    const key = first?.getAttribute('data-command');
    if (!key) return;
    e.preventDefault();
    run(key);
  };
  const section = (title: string, list: Command[]) =>
    list.length > 0 && (
      <MenuSection id={title}>
        <Header className={headerClass}>{title}</Header>
        {list.map((c) => (
          <MenuItem key={c.id} id={c.id} textValue={c.label} className={itemClass}>
            {c.detail ? (
              <span className="flex min-w-0 flex-col py-1.5" data-command={c.id}>
                <span className="font-medium">{c.label}</span>
                <span className="truncate text-xs text-muted">{c.detail}</span>
              </span>
            ) : (
              <span data-command={c.id}>{c.label}</span>
            )}
          </MenuItem>
        ))}
      </MenuSection>
    );
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-50 bg-black/40 p-3 pt-[12vh]"
    >
      <Modal className="mx-auto w-full max-w-lg overflow-hidden rounded-2xl bg-white shadow-xl outline-none">
        <Dialog aria-label="Search and commands" className="outline-none" data-testid="palette">
          <Autocomplete filter={matches} inputValue={text} onInputChange={setText}>
            <SearchField
              aria-label="Find an order, a customer, a product or a page"
              autoFocus
              className="border-b border-line"
            >
              <Input
                onKeyDown={enterRunsFirst}
                placeholder="Order number, phone, e-mail, name, product, or a page…"
                className="h-13 w-full px-4 text-base outline-none [&::-webkit-search-cancel-button]:hidden"
              />
            </SearchField>
            {/* The results scroll in a box a keyboard can reach too (Tab, then the arrows); busy
                while the server's search for the typed text is on its way. */}
            <div
              aria-busy={waiting}
              className="max-h-[60vh] overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-ink"
              tabIndex={0}
            >
              <Menu
                onAction={run}
                className="p-2 outline-none"
                renderEmptyState={() => (
                  <p className="px-3 py-6 text-center text-sm text-muted" role="status">
                    {waiting ? 'Searching…' : found.failed ? 'The search failed. Try again.' : 'Nothing matches.'}
                  </p>
                )}
              >
                {section('Customers', customers)}
                {section('Orders', orders)}
                {section('Products', products)}
                {section('Coupons', coupons)}
                {section('Go to', pages)}
                {section('Actions', actions)}
              </Menu>
            </div>
          </Autocomplete>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
