import { Link } from 'react-router';
import { useMe } from '../auth/me';
import { roleLabel, roleMayRead } from '../../lib/nav';

/**
 * The catalogue's screens for a role that may not use them (packer, content editor): said
 * plainly instead of a failed call. The API refuses them anyway (403).
 */
export function CatalogGate({ children }: { children: React.ReactNode }) {
  const me = useMe().data;
  if (!me) return null;
  if (roleMayRead(me.role, 'catalog')) return <>{children}</>;
  return (
    <div className="card px-5 py-10 text-center" data-testid="not-allowed">
      <h1 className="text-xl font-semibold">Not allowed</h1>
      <p className="mx-auto mt-2 max-w-sm text-sm text-muted">
        The catalogue is for the owner and managers. As {roleLabel(me.role).toLowerCase()} you cannot open it; ask the
        owner if you need it.
      </p>
      <Link to="/" className="btn btn-outline mt-5 inline-flex">
        Back to home
      </Link>
    </div>
  );
}
