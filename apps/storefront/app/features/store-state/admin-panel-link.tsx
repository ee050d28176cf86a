import { useShop } from '../../lib/shop';

/** A dashboard: four tiles. */
function DashboardIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-5 shrink-0"
    >
      <rect x="3.5" y="3.5" width="7" height="9" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="5" rx="1.5" />
      <rect x="13.5" y="11.5" width="7" height="9" rx="1.5" />
      <rect x="3.5" y="15.5" width="7" height="5" rx="1.5" />
    </svg>
  );
}

/**
 * The Admin Panel link (spec section 2), only for signed-in staff: its token is minted for this
 * page, lasts 10 minutes and works once. A plain link, never prefetched: a prefetch would spend it.
 */
export function AdminPanelLink({
  className = '',
  onClick,
  compact = false,
}: {
  className?: string;
  onClick?: () => void;
  /** An icon, with the words only on wide screens (the header is crowded below 2xl). */
  compact?: boolean;
}) {
  const { access } = useShop();
  if (!access.admin_link) return null;
  return (
    <a
      href={access.admin_link}
      onClick={onClick}
      className={className}
      data-testid="admin-panel-link"
      title={access.staff ? `Signed in as ${access.staff.name}` : undefined}
    >
      {compact ? (
        <>
          <DashboardIcon />
          <span className="sr-only 2xl:not-sr-only">Admin Panel</span>
        </>
      ) : (
        'Admin Panel'
      )}
    </a>
  );
}
