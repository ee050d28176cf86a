import type { NullDataSchema } from '../schemas/base.ts';
import type {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResultSchema,
  OtpRequestBodySchema,
  OtpSentSchema,
  OtpVerifyBodySchema,
  RegisterRouteBodySchema,
  ResetCompleteBodySchema,
  ResetLinkValidSchema,
  ValidateResetQuerySchema,
} from '../schemas/auth.ts';
import { endpoint } from './endpoint.ts';

type LoginResult = typeof LoginResultSchema;
type NoData = typeof NullDataSchema;

/** Log in, register, OTP, password reset and logout (spec section 7, Auth). */
export const authApi = {
  login: endpoint<{ body: typeof LoginBodySchema; data: LoginResult }>('POST', '/api/auth/login'),
  register: endpoint<{ body: typeof RegisterRouteBodySchema; data: LoginResult }>('POST', '/api/auth/register'),
  requestOtp: endpoint<{ body: typeof OtpRequestBodySchema; data: typeof OtpSentSchema }>(
    'POST',
    '/api/auth/otp/request',
  ),
  verifyOtp: endpoint<{ body: typeof OtpVerifyBodySchema; data: LoginResult }>('POST', '/api/auth/otp/verify'),
  /** Forgot password: e-mails a reset link. */
  reset: endpoint<{ body: typeof ForgotPasswordBodySchema; data: NoData }>('POST', '/api/auth/reset'),
  validateReset: endpoint<{ query: typeof ValidateResetQuerySchema; data: typeof ResetLinkValidSchema }>(
    'POST',
    '/api/auth/validate-reset',
  ),
  resetComplete: endpoint<{ body: typeof ResetCompleteBodySchema; data: NoData }>('POST', '/api/auth/reset-complete'),
  logout: endpoint<{ data: NoData }>('POST', '/api/auth/logout'),
} as const;
