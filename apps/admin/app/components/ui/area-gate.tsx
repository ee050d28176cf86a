import { Link } from 'react-router';
import type { StaffArea } from '@shopfront/shared';
import { useMe } from '../../features/auth/me';
import { roleLabel, roleMayRead } from '../../lib/nav';

/**
 * A screen of an area the signed-in role may not use (a packer on the catalogue): said plainly
 * instead of a failed call. The API refuses them anyway (403).
 */
export function AreaGate({ area, what, children }: { area: StaffArea; what: string; children: React.ReactNode }) {
  const me = useMe().data;
  if (!me) return null;
  if (roleMayRead(me.role, area)) return <>{children}</>;
  return (
    <div className="card px-5 py-10 text-center" data-testid="not-allowed">
      <h1 className="text-xl font-semibold">Not allowed</h1>
      <p className="mx-auto mt-2 max-w-sm text-sm text-muted">
        {what} is for the owner and managers. As {roleLabel(me.role).toLowerCase()} you cannot open it; ask the owner if
        you need it.
      </p>
      <Link to="/" className="btn btn-outline mt-5 inline-flex">
        Back to home
      </Link>
    </div>
  );
}
