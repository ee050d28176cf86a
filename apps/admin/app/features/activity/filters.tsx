import { useId } from 'react';
import { Link } from 'react-router';
import { AUDIT_AREA_NAMES, type AuditArea, type AuditLogQuery, type AuditStaff } from '@shopfront/shared';

/** The activity's filters as they live in the address (`?area=settings&staff=stf_…&from=2026-11-01`). */
export interface AuditFilters {
  area: AuditArea | '';
  staff: string;
  from: string;
  to: string;
}

export const AREA_LABELS: Record<AuditArea, string> = {
  orders: 'Orders',
  catalogue: 'Catalogue',
  customers: 'Customers',
  content: 'Content',
  settings: 'Settings',
  plugins: 'Plugins',
  staff: 'Staff',
  backups: 'Backups',
  undo: 'Undos',
};

const ymd = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');

/** Reads the filters from the address; anything unknown is left out (never an error page). */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const area = params.get('area') ?? '';
  return {
    area: (AUDIT_AREA_NAMES as string[]).includes(area) ? (area as AuditArea) : '',
    staff: params.get('staff') ?? '',
    from: ymd(params.get('from')),
    to: ymd(params.get('to')),
  };
}

/** The address of some filters (empty ones left out; back to the first page). */
export function writeAuditFilters(f: AuditFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of ['area', 'staff', 'from', 'to'] as const) if (f[key]) p.set(key, f[key]);
  return p;
}

/** The API's query of a page with these filters. */
export function auditQuery(page: number, f: AuditFilters): AuditLogQuery {
  return {
    page,
    ...(f.area ? { area: f.area } : {}),
    ...(f.staff ? { staff: f.staff } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
}

/**
 * What part of the shop, who (by name and e-mail: two members may share a name), and between which
 * days: the phone's own pickers, two a row on a phone, one row on a desk. Each change goes to the
 * address at once.
 */
export function AuditFilterBar({
  filters,
  staff,
  onChange,
}: {
  filters: AuditFilters;
  staff: readonly AuditStaff[];
  onChange: (next: AuditFilters) => void;
}) {
  const id = useId();
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) =>
    onChange({ ...filters, [key]: e.target.value });
  const any = Boolean(filters.area || filters.staff || filters.from || filters.to);
  const known = staff.some((s) => s.id === filters.staff);
  return (
    <form
      role="search"
      aria-label="Filter the activity"
      className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
      onSubmit={(e) => e.preventDefault()}
      data-testid="activity-filters"
    >
      <div className="flex flex-col gap-1.5">
        <label className="text-sm font-medium" htmlFor={`${id}-area`}>
          Area
        </label>
        <select id={`${id}-area`} className="input" value={filters.area} onChange={set('area')}>
          <option value="">Everything</option>
          {AUDIT_AREA_NAMES.map((a) => (
            <option key={a} value={a}>
              {AREA_LABELS[a]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label className="text-sm font-medium" htmlFor={`${id}-staff`}>
          Who
        </label>
        <select id={`${id}-staff`} className="input" value={filters.staff} onChange={set('staff')}>
          <option value="">Anyone</option>
          {!known && filters.staff && <option value={filters.staff}>{filters.staff}</option>}
          {staff.map((s) => (
            <option key={s.id} value={s.id}>
              {`${s.name} (${s.email})`}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label className="text-sm font-medium" htmlFor={`${id}-from`}>
          From
        </label>
        <input id={`${id}-from`} type="date" className="input" value={filters.from} onChange={set('from')} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label className="text-sm font-medium" htmlFor={`${id}-to`}>
          To
        </label>
        <input id={`${id}-to`} type="date" className="input" value={filters.to} onChange={set('to')} />
      </div>
      {any && (
        <Link to="?" className="btn btn-quiet col-span-2 lg:col-span-1" replace>
          Clear filters
        </Link>
      )}
    </form>
  );
}
