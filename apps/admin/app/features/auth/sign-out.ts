import type { NavigateFunction } from 'react-router';
import { adminApi } from '@shopfront/shared';
import { call } from '../../lib/api';
import { queryClient } from '../../lib/query';

/** Ends this browser's staff session (POST /api/admin/auth/logout) and goes to the sign-in. */
export async function signOut(navigate: NavigateFunction): Promise<void> {
  await call(adminApi.logout);
  queryClient.clear();
  navigate('/login', { replace: true });
}
