import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authApi, callEndpoint, cartMessages, type LoginResult } from '@shopfront/shared';
import { toast } from '../../components/ui/toast';
import { browserTransport } from '../../lib/api.client';
import { emitAuthEvent } from './auth-api';
import { useAuthStore } from './auth-context';
import { afterLoginPath } from './auth-store';

/**
 * What happens after a successful login, OTP verification or registration (spec sections 2
 * and 4): store the user, close the dialog, go to the stored redirect target (URL-decoded),
 * else /account. The server's success message is shown as a toast, and a second one when the
 * browser's guest cart joined the cart the customer already had (their cart changed).
 */
export function useCompleteLogin() {
  const store = useAuthStore();
  const navigate = useNavigate();
  return useCallback(
    (result: LoginResult, message?: string) => {
      const target = afterLoginPath(store.getState().redirectTo);
      store.setUser(result.user);
      store.set({ redirectTo: null });
      store.closeDialogs();
      emitAuthEvent('after-login', { user_id: result.user.id, cart_session_id: result.cart_session_id });
      if (message) toast.success(message);
      if (result.cart_merged) toast.success(cartMessages.mergedOnLogin);
      void navigate(target);
    },
    [store, navigate],
  );
}

/** Logout (account menu): POST /api/auth/logout, reset the auth and account state, go to /. */
export function useLogout() {
  const store = useAuthStore();
  const navigate = useNavigate();
  return useCallback(async () => {
    let message: string | undefined;
    try {
      message = (await store.track(() => callEndpoint(browserTransport, authApi.logout))).message;
    } catch {
      // The session may already be gone (401) or the network down: the shopper still asked to
      // leave, so the UI logs out either way; the cookie dies with the session on the server.
    }
    store.reset();
    emitAuthEvent('logout');
    if (message) toast.success(message);
    await navigate('/', { replace: true });
  }, [store, navigate]);
}
