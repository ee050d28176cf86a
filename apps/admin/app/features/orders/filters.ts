import {
  ORDER_KINDS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type AdminOrderTab,
  type AdminOrdersQuery,
  type OrderKind,
  type OrderStatus,
  type PaymentStatus,
} from '@shopfront/shared';
import { TABS } from './tabs';

/** The inbox's filters as they live in the address (`?tab=to_pack&payment_status=cod&q=…`). */
export interface InboxFilters {
  tab: AdminOrderTab;
  status: OrderStatus[];
  payment_method: string;
  payment_status: PaymentStatus[];
  from: string;
  to: string;
  channel: string;
  /** Goods or services' fee orders only (the Service fees filter of services mode); '' both. */
  kind: OrderKind | '';
  q: string;
}

const pick = <T extends string>(all: readonly T[], raw: string[]): T[] =>
  raw.flatMap((v) => v.split(',')).filter((v): v is T => (all as readonly string[]).includes(v));

const ymd = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');

/** Short names a link may use for a tab (`?tab=refunds`). */
const TAB_ALIASES: Record<string, AdminOrderTab> = { refunds: 'refund_requested', pack: 'to_pack', ship: 'to_ship' };

/**
 * Reads the filters from the address; anything unknown is left out (never an error page). With
 * no tab named, the member's own first tab (`fallbackTab`: a packer's is To pack).
 */
export function readFilters(params: URLSearchParams, fallbackTab: AdminOrderTab = 'new'): InboxFilters {
  const raw = params.get('tab') ?? '';
  const tab = (TABS as readonly string[]).includes(raw) ? (raw as AdminOrderTab) : TAB_ALIASES[raw];
  return {
    tab: tab ?? fallbackTab,
    status: pick(ORDER_STATUSES, params.getAll('status')),
    payment_method: params.get('payment_method') ?? '',
    payment_status: pick(PAYMENT_STATUSES, params.getAll('payment_status')),
    from: ymd(params.get('from')),
    to: ymd(params.get('to')),
    channel: params.get('channel') ?? '',
    kind: pick(ORDER_KINDS, params.getAll('kind'))[0] ?? '',
    q: params.get('q') ?? '',
  };
}

/** The address for some filters (empty ones left out; the tab always named: it is shareable). */
export function writeFilters(f: InboxFilters): URLSearchParams {
  const p = new URLSearchParams();
  p.set('tab', f.tab);
  for (const s of f.status) p.append('status', s);
  if (f.payment_method) p.set('payment_method', f.payment_method);
  for (const s of f.payment_status) p.append('payment_status', s);
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.channel) p.set('channel', f.channel);
  if (f.kind) p.set('kind', f.kind);
  if (f.q) p.set('q', f.q);
  return p;
}

/**
 * The API query for the filters. A status filter replaces the tab (the tab is a set of
 * statuses); otherwise the tab's orders are asked for.
 */
export function toQuery(f: InboxFilters): AdminOrdersQuery {
  return {
    ...(f.status.length ? { status: f.status } : { tab: f.tab }),
    ...(f.payment_method ? { payment_method: f.payment_method } : {}),
    ...(f.payment_status.length ? { payment_status: f.payment_status } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.channel ? { channel: f.channel } : {}),
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.q.trim() ? { q: f.q.trim() } : {}),
  };
}

/** How many filters (besides the tab and the search) are set: shown on the Filters button. */
export const filterCount = (f: InboxFilters) =>
  [f.status.length > 0, f.payment_method, f.payment_status.length > 0, f.from, f.to, f.channel].filter(Boolean).length;
