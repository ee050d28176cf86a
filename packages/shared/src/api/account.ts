import type { NullDataSchema } from '../schemas/base.ts';
import type {
  AccountOtpGenerateRouteBodySchema,
  AccountOtpVerifyRouteBodySchema,
  AccountSchema,
  OtpSentSchema,
  UpdatePasswordRouteBodySchema,
  UpdateProfileResultSchema,
  UpdateProfileRouteBodySchema,
} from '../schemas/auth.ts';
import { endpoint } from './endpoint.ts';

type Account = typeof AccountSchema;

/** The logged-in customer's own account (spec section 7, Account; 401 for guests). */
export const accountApi = {
  get: endpoint<{ data: Account }>('GET', '/api/account/get'),
  updateProfile: endpoint<{ body: typeof UpdateProfileRouteBodySchema; data: typeof UpdateProfileResultSchema }>(
    'PUT',
    '/api/account/update-profile',
  ),
  updatePassword: endpoint<{ body: typeof UpdatePasswordRouteBodySchema; data: typeof NullDataSchema }>(
    'PUT',
    '/api/account/update-password',
  ),
  generateOtp: endpoint<{ body: typeof AccountOtpGenerateRouteBodySchema; data: typeof OtpSentSchema }>(
    'POST',
    '/api/account/otp/generate',
  ),
  verifyOtp: endpoint<{ body: typeof AccountOtpVerifyRouteBodySchema; data: Account }>(
    'POST',
    '/api/account/otp/verify',
  ),
} as const;
