import type { FastifyRequest } from 'fastify';
import type { StoreSettingKey, StoreSettings } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { getStoreSettings, storeNameOf } from '../settings/service.ts';

export interface AuthSettings {
  /** enable_customer_register */
  register: boolean;
  /** enable_otp_auth */
  otp: boolean;
  /** enable_legacy_auth */
  legacy: boolean;
  storeName: string;
}

/** The store settings the auth flows obey (read with the shop context, lib/shop-context.ts). */
export const AUTH_SETTING_KEYS = [
  'enable_customer_register',
  'enable_otp_auth',
  'enable_legacy_auth',
  'store_name',
] as const satisfies readonly StoreSettingKey[];

/** The auth flows' settings from the stored ones; a setting never saved counts as on. */
export function authSettingsOf(s: Partial<StoreSettings>): AuthSettings {
  return {
    register: s.enable_customer_register !== false,
    otp: s.enable_otp_auth !== false,
    legacy: s.enable_legacy_auth !== false,
    storeName: storeNameOf(s.store_name),
  };
}

/** The auth settings read now (jobs and services without a request). */
export async function getAuthSettings(db: Db): Promise<AuthSettings> {
  return authSettingsOf(await getStoreSettings(db, AUTH_SETTING_KEYS));
}

/**
 * The request's auth settings: its shop context's (kept per process until a setting changes);
 * read now when no storefront is configured.
 */
export async function requestAuthSettings(db: Db, req: FastifyRequest): Promise<AuthSettings> {
  const shop = await req.shop().catch(() => null);
  return shop?.auth ?? getAuthSettings(db);
}
