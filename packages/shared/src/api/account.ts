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
import type {
  AccountDataCodeBodySchema,
  AccountDataCodeSentSchema,
  AccountDataConfirmBodySchema,
} from '../schemas/my-data.ts';
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
  /** Sends the code that confirms "Download my data" or "Delete my account" to the verified contact. */
  myDataCode: endpoint<{ body: typeof AccountDataCodeBodySchema; data: typeof AccountDataCodeSentSchema }>(
    'POST',
    '/api/account/my-data/code',
  ),
  /**
   * With the code: answers the customer's data as a JSON file (MyDataExportSchema), an attachment,
   * not the envelope; errors are the usual JSON envelope.
   */
  downloadMyData: endpoint<{ body: typeof AccountDataConfirmBodySchema; data: never }>('POST', '/api/account/my-data'),
  /** With the code: deletes the account (orders kept, anonymised) and signs out everywhere. */
  deleteAccount: endpoint<{ body: typeof AccountDataConfirmBodySchema; data: typeof NullDataSchema }>(
    'POST',
    '/api/account/delete',
  ),
} as const;
