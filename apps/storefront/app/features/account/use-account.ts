import { useRouteLoaderData } from 'react-router';
import type { Account } from '@shopfront/shared';

/** Route id of the account layout (routes/account.tsx); its loader answers the signed-in account. */
export const ACCOUNT_ROUTE_ID = 'routes/account';

/**
 * The signed-in customer's account as the account layout loaded it, or null for a guest.
 * Only meaningful below /account (child routes of the layout).
 */
export function useAccount(): Account | null {
  const data = useRouteLoaderData(ACCOUNT_ROUTE_ID) as { account: Account | null } | undefined;
  return data?.account ?? null;
}

/** The account for sections that only render for a signed-in customer (the layout guards them). */
export function useSignedInAccount(): Account {
  const account = useAccount();
  if (!account)
    throw new Error('useSignedInAccount() rendered for a guest: the account layout guard should have stopped it');
  return account;
}
