import { DashboardIcon } from '../../components/ui/icons';
import { useShop } from '../../lib/shop';

/** The storefront route the Admin Panel button posts to (routes/resources.admin-link.ts). */
export const ADMIN_LINK_PATH = '/resources/admin-link';

/**
 * The Admin Panel link (spec section 2), only for signed-in staff. No token sits in the page:
 * the button posts to the storefront (a plain form, a full page load), which asks the API for a
 * one-time link and answers 303 to `/admin/login?token=…`. The form is `display: contents`, so
 * the button lays out as the link did.
 */
export function AdminPanelLink({
  className = '',
  onClick,
  compact = false,
}: {
  className?: string;
  onClick?: () => void;
  /**
   * An icon, with the words from xl. At lg (1024–1279 px) the header has no room for them: the
   * account and cart icons would be pushed off the screen; the button's title and hidden label
   * still name it.
   */
  compact?: boolean;
}) {
  const { access } = useShop();
  if (!access.staff) return null;
  return (
    <form method="post" action={ADMIN_LINK_PATH} className="contents" onSubmit={onClick}>
      <button
        type="submit"
        className={`cursor-pointer ${className}`}
        data-testid="admin-panel-link"
        title={`Signed in as ${access.staff.name}`}
      >
        {compact ? (
          <>
            <DashboardIcon className="size-5 shrink-0" />
            <span className="sr-only xl:not-sr-only xl:whitespace-nowrap">Admin Panel</span>
          </>
        ) : (
          'Admin Panel'
        )}
      </button>
    </form>
  );
}
