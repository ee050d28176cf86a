import { useState } from 'react';
import { useLogout } from '../auth/use-auth-actions';

/** Logout (account menu): ends the server session, resets auth and account state, goes to /. */
export function LogoutButton({ className = '' }: { className?: string }) {
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void logout().finally(() => setBusy(false));
      }}
    >
      {busy ? 'Logging out…' : 'Logout'}
    </button>
  );
}
