import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { plainText } from './text.ts';
import { serviceCheckedBody } from './base.ts';
import type { StoreSettings } from './settings.ts';

/** Spec section 9: auth constants. */
export const OTP_LENGTH = 4;
/** Spec section 5: the phone in OTP flows is exactly 10 digits. */
export const OTP_PHONE_LENGTH = 10;
export const PASSWORD_MIN_LENGTH = 6;
/** Resends allowed after the first send, per flow (spec section 9). */
export const OTP_RESENDS = { login: 3, register: 1, verify: 1 } as const;
export type OtpPurpose = keyof typeof OTP_RESENDS;
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_WRONG_TRIES = 5;
/** Name of the HttpOnly cookie that carries the opaque session token (the API sets and reads it). */
export const SESSION_COOKIE = 'sf_session';
/** Debounces (spec section 9). */
export const PHONE_DEBOUNCE_MS = 750;
export const PASSWORD_METER_DEBOUNCE_MS = 250;
/** Keys the phone input blocks (spec section 5). */
export const PHONE_BLOCKED_KEYS = ['e', 'E', '+', '-', '.'] as const;

/** Texts of the auth flows that the spec leaves to us. */
export const authMessages = {
  loginFailed: 'These credentials do not match our records',
  accountBlocked:
    'This account has been blocked by the shop, so it cannot sign in. Please contact the shop if you think this is a mistake',
  loginLocked: 'Too many failed attempts. Please try again later',
  loggedIn: 'Logged in successfully',
  loggedOut: 'Logged out',
  registered: 'Your account has been created',
  emailTaken: 'An account with this e-mail address already exists',
  phoneTaken: 'An account with this phone number already exists',
  registerDisabled: 'Registration is not available',
  otpAuthDisabled: 'Login with OTP is not available',
  legacyAuthDisabled: 'Login with e-mail is not available',
  otpSent: 'OTP sent',
  otpInvalid: 'Invalid OTP',
  otpExpired: 'The OTP has expired. Please request a new one',
  otpDead: 'Too many wrong codes. Please request a new OTP',
  accountNotFound: 'No account found for this phone number',
  resetSent: 'If an account exists for this e-mail address, we have sent a password reset link',
  /** resetSent's answer when the shop has no way to send e-mail (alike for known and unknown addresses). */
  resetHeld:
    'This shop cannot send e-mail yet: if an account exists for this e-mail address, its reset link is waiting in the shop’s outbox. Please contact the shop to reset your password',
  resetInvalid: 'This password reset link is invalid or has expired',
  resetDone: 'Your password has been changed. Please log in',
  loginRequired: 'Please log in to continue',
  currentPasswordWrong: 'The current password is incorrect',
  passwordUpdated: 'Password updated',
  profileUpdated: 'Profile updated',
  phoneVerified: 'Phone number verified',
  emailVerified: 'E-mail address verified',
  phoneVerificationOff: 'This shop does not verify phone numbers',
  emailVerificationOff: 'This shop does not verify e-mail addresses',
  resetValid: 'The password reset link is valid',
  passwordTooCommon: 'This password is one of the most common ones. Please choose a less predictable password',
  phoneNotVerified:
    'This phone number is not verified on its account. Log in with your e-mail and password, or register with OTP',
  currentPasswordForChange: 'Enter your current password to change your e-mail address or phone number',
  codeForChange: 'We sent a code to your verified contact. Enter it to change your e-mail address or phone number',
  setPasswordForChange: 'Set a password on the Security page before you change your e-mail address or phone number',
  codeForPassword: 'We sent a code to your verified contact. Enter it to set your password',
  verifyContactForPassword: 'Verify your mobile number or e-mail address on the Profile page before you set a password',
  changePending: 'Enter the code we sent to confirm your new e-mail address or phone number',
  changeNotRequested: 'Save the new e-mail address or phone number in your profile first',
  otpSendBusy: 'We cannot send codes to new numbers right now. Please try again later',
} as const;

const requiredString = (max = 255) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .max(max, { error: messages.maxLength(max) }),
  );

export const emailField = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required, abort: true })
  .max(254, { error: messages.maxLength(254) })
  .pipe(z.email({ error: messages.email }))
  .transform((v) => v.toLowerCase());

export const passwordField = z
  .string({ error: messages.required })
  .min(1, { error: messages.required, abort: true })
  .max(200, { error: messages.maxLength(200) });

export const newPasswordField = passwordField.min(PASSWORD_MIN_LENGTH, {
  error: messages.minLength(PASSWORD_MIN_LENGTH),
});

/**
 * Phone in OTP flows: required, numeric, exactly `length` digits (the channel country's
 * mobile_number_length; 10 in the default Indian channel), else 'Invalid phone number'.
 */
export function otpPhoneFieldOf(length: number) {
  return z
    .string({ error: messages.invalidPhone })
    .regex(new RegExp(`^[0-9]{${length}}$`), { error: messages.invalidPhone });
}

/** Phone in OTP flows of a 10-digit country (spec section 5). */
export const otpPhoneField = otpPhoneFieldOf(OTP_PHONE_LENGTH);

/**
 * Phone in OTP flows as a route sees it: digits of any country (E.164 numbers have at most 15);
 * the service checks the exact length of the request's channel country.
 */
const anyOtpPhoneField = z
  .string({ error: messages.invalidPhone })
  .regex(/^[0-9]{4,15}$/, { error: messages.invalidPhone });

/** OTP: required ('The OTP is required'), at most 4 characters, digits only. */
export const otpField = z
  .string({ error: messages.otpRequired })
  .min(1, { error: messages.otpRequired, abort: true })
  .max(OTP_LENGTH, { error: messages.maxLength(OTP_LENGTH) })
  .regex(/^[0-9]+$/, { error: messages.numeric });

/** Phone of the legacy register and profile forms: numeric, length = the country's mobile_number_length. */
export function phoneField(length: number) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .regex(/^[0-9]+$/, { error: messages.numeric, abort: true })
    .min(length, { error: messages.minLength(length) })
    .max(length, { error: messages.maxLength(length) });
}

/** POST /api/auth/login */
export const LoginBodySchema = z.object({
  email: emailField,
  password: passwordField,
  remember_me: z.boolean().default(true),
});
export type LoginBody = z.input<typeof LoginBodySchema>;

/** POST /api/auth/register (legacy payload). The phone length follows the shop country. */
export function registerBodySchema(mobileNumberLength: number) {
  return z.object({
    first_name: requiredString(100),
    last_name: requiredString(100),
    phone: phoneField(mobileNumberLength),
    email: emailField,
    password: newPasswordField,
  });
}
export type RegisterBody = z.input<ReturnType<typeof registerBodySchema>>;
/** POST /api/auth/register as the route sees it: the phone length is the shop's, so the service checks. */
export const RegisterRouteBodySchema = serviceCheckedBody<RegisterBody>();

/**
 * POST /api/auth/otp/request: `type` picks the flow (and its resend allowance); default login.
 * `phoneLength`: the channel country's mobile_number_length (the storefront's dialog checks it).
 */
export function otpRequestBodySchema(phoneLength: number) {
  return z.object({
    input: otpPhoneFieldOf(phoneLength),
    type: z.enum(['login', 'register']).default('login'),
  });
}
/** POST /api/auth/otp/request as the route sees it: the service checks the channel country's phone length. */
export const OtpRequestBodySchema = otpRequestBodySchema(OTP_PHONE_LENGTH).extend({
  input: anyOtpPhoneField,
  /**
   * The first send of a flow (SEND OTP, also after Change Phone): its resend count starts again at
   * 0 (spec section 4). Left out, a send counts as a resend of the number's open window.
   */
  restart: z.boolean().optional(),
});
export type OtpRequestBody = z.input<typeof OtpRequestBodySchema>;

/** Answer of /api/auth/otp/request and /api/account/otp/generate (message: authMessages.otpSent). */
export const OtpSentSchema = z.object({
  /** Resends still allowed in this window (spec section 9: login 3, register 1, popup 1). */
  resends_left: z.number().int(),
  /** When the code just sent stops working (ISO 8601). */
  expires_at: z.string(),
});
export type OtpSent = z.infer<typeof OtpSentSchema>;

/** POST /api/auth/otp/verify; `phoneLength` as for otpRequestBodySchema. */
export function otpVerifyBodySchema(phoneLength: number) {
  return z.object({
    input: otpPhoneFieldOf(phoneLength),
    otp: otpField,
    type: z.enum(['login', 'register']).default('login'),
    remember_me: z.boolean().default(true),
  });
}
/** POST /api/auth/otp/verify as the route sees it: the service checks the channel country's phone length. */
export const OtpVerifyBodySchema = otpVerifyBodySchema(OTP_PHONE_LENGTH).extend({ input: anyOtpPhoneField });
export type OtpVerifyBody = z.input<typeof OtpVerifyBodySchema>;

/** POST /api/auth/reset (forgot password) */
export const ForgotPasswordBodySchema = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBodySchema>;

/** POST /api/auth/validate-reset?email=&token= */
export const ValidateResetQuerySchema = z.object({
  email: emailField,
  token: z.string().min(1, { error: messages.required, abort: true }).max(200),
});
/** The answer of a reset link that still works (any other is a 422). */
export const ResetLinkValidSchema = z.object({ valid: z.literal(true) });

/** POST /api/auth/reset-complete */
export const ResetCompleteBodySchema = z.object({
  email: emailField,
  token: z.string().min(1, { error: messages.required, abort: true }).max(200),
  password: newPasswordField,
});
export type ResetCompleteBody = z.input<typeof ResetCompleteBodySchema>;

/** The signed-in customer as the API answers it (data.user of login; copied into the auth store). */
export const UserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phone_verified_at: z.string().nullable(),
  email_verified_at: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

/** Answer of login, register and otp/verify. */
export const LoginResultSchema = z.object({
  user: UserSchema,
  cart_session_id: z.string().nullable(),
  /** The browser's guest lines joined a cart the customer already had (the storefront says so). */
  cart_merged: z.boolean(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** A current password that only some requests need (the service says when it is missing). */
const optionalCurrentPassword = z
  .string()
  .max(200, { error: messages.maxLength(200) })
  .optional();

/**
 * The proof of an account without a password: a code sent to its verified contact. Optional,
 * because the first request without it is what sends the code.
 */
export const ownerCodeField = z
  .string()
  .max(OTP_LENGTH, { error: messages.maxLength(OTP_LENGTH) })
  .regex(/^[0-9]*$/, { error: messages.numeric })
  .optional();

/**
 * PUT /api/account/update-profile. The phone length follows the shop country. A new e-mail or
 * phone needs `current_password` (or, for an account without one, `otp`: a code sent to its
 * verified contact) and only becomes the account's once confirmed with a code sent to it.
 */
export function updateProfileBodySchema(mobileNumberLength: number) {
  return z.object({
    first_name: requiredString(100),
    last_name: requiredString(100),
    email: emailField,
    phone: phoneField(mobileNumberLength),
    current_password: optionalCurrentPassword,
    otp: ownerCodeField,
  });
}
export type UpdateProfileBody = z.input<ReturnType<typeof updateProfileBodySchema>>;
/** PUT /api/account/update-profile as the route sees it (the service checks, with the shop's phone length). */
export const UpdateProfileRouteBodySchema = serviceCheckedBody<UpdateProfileBody>();

/**
 * PUT /api/account/update-password. An account with a password needs `current_password`; one
 * without (made by OTP) sets its first password with `otp`, a code the first request without it
 * sends to its verified contact (ADR 0011).
 */
export function updatePasswordBodySchema(hasPassword: boolean) {
  const schema = z.object({
    current_password: optionalCurrentPassword,
    otp: ownerCodeField,
    password: newPasswordField,
  });
  return hasPassword ? schema.extend({ current_password: passwordField }) : schema;
}
export type UpdatePasswordBody = z.input<ReturnType<typeof updatePasswordBodySchema>>;
/** PUT /api/account/update-password as the route sees it (the service checks: its rules depend on the account). */
export const UpdatePasswordRouteBodySchema = serviceCheckedBody<UpdatePasswordBody>();

/** What the verification popup verifies; the spec's default is phone. */
export const VERIFY_TYPES = ['phone', 'email'] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

/** Store setting account_verification_for: which contact details the shop asks customers to verify. */
export type AccountVerificationFor = StoreSettings['account_verification_for'];
/** A shop that never saved account_verification_for verifies phones (the popup's default type). */
export const DEFAULT_ACCOUNT_VERIFICATION_FOR: AccountVerificationFor = 'phone';

/** The popup types a shop verifies under its account_verification_for setting ('none': none). */
export function verificationTypes(setting: AccountVerificationFor | null | undefined): VerifyType[] {
  switch (setting ?? DEFAULT_ACCOUNT_VERIFICATION_FOR) {
    case 'both':
      return ['phone', 'email'];
    case 'phone':
      return ['phone'];
    case 'email':
      return ['email'];
    default:
      return [];
  }
}

/**
 * Phone of the verification popup: the number of the profile form, so its length is the shop
 * country's mobile_number_length; anything else is 'Invalid phone number' (spec section 5, OTP flows).
 */
export function popupPhoneField(mobileNumberLength: number) {
  return z
    .string({ error: messages.invalidPhone })
    .regex(new RegExp(`^[0-9]{${mobileNumberLength}}$`), { error: messages.invalidPhone });
}

/** The popup's `input` per `type`: a phone of the shop country's length, or an e-mail address. */
function popupBodySchema<Extra extends z.ZodRawShape>(mobileNumberLength: number, extra: Extra) {
  return z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('phone').default('phone'), input: popupPhoneField(mobileNumberLength), ...extra }),
      z.object({ type: z.literal('email'), input: emailField, ...extra }),
    ],
    // Reached for a missing body or an unknown type (the field error lands on `type`).
    { error: messages.fallback },
  );
}

/** POST /api/account/otp/generate (verification popup): {input, type}; type phone by default. */
export function accountOtpGenerateBodySchema(mobileNumberLength: number) {
  return popupBodySchema(mobileNumberLength, {});
}
export type AccountOtpGenerateBody = z.input<ReturnType<typeof accountOtpGenerateBodySchema>>;
/** POST /api/account/otp/generate as the route sees it (the service checks, with the shop's phone length). */
export const AccountOtpGenerateRouteBodySchema = serviceCheckedBody<AccountOtpGenerateBody>();

/** POST /api/account/otp/verify: {input, otp, type}; type phone by default. */
export function accountOtpVerifyBodySchema(mobileNumberLength: number) {
  return popupBodySchema(mobileNumberLength, { otp: otpField });
}
export type AccountOtpVerifyBody = z.input<ReturnType<typeof accountOtpVerifyBodySchema>>;
/** POST /api/account/otp/verify as the route sees it (the service checks, with the shop's phone length). */
export const AccountOtpVerifyRouteBodySchema = serviceCheckedBody<AccountOtpVerifyBody>();

/** One row of the security page's access log. */
export const AccessLogEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** Readable device, e.g. "Chrome on Android". */
  device: z.string(),
  ip: z.string(),
  /** How the sign-in was attempted. */
  method: z.enum(['password', 'otp', 'register', 'reset']),
  success: z.boolean(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

/** GET /api/account/get */
export const AccountSchema = UserSchema.extend({
  created_at: z.string(),
  /** "Customer since": the account's creation or, when earlier, its first order (a guest order claimed later). */
  customer_since: z.string(),
  /** False for an account made by OTP that never set a password (the profile form asks for a code instead). */
  has_password: z.boolean(),
  access_logs: z.array(AccessLogEntrySchema),
});
export type Account = z.infer<typeof AccountSchema>;

/**
 * Answer of update-profile: the account as saved, plus the new e-mail and phone that wait for
 * the code sent to them (confirmed through POST /api/account/otp/verify).
 */
export const UpdateProfileResultSchema = AccountSchema.extend({
  pending: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
});
export type UpdateProfileResult = z.infer<typeof UpdateProfileResultSchema>;

export type PasswordScore = 0 | 1 | 2 | 3;

/**
 * Password strength meter (spec section 5):
 * 3: lower, upper, digit, symbol and 8+ characters;
 * 2: all four kinds with 6+, or lower, upper and symbol with 8+;
 * 1: any other non-empty value; 0: empty.
 */
export function passwordStrength(value: string): PasswordScore {
  if (!value) return 0;
  const lower = /[a-z]/.test(value);
  const upper = /[A-Z]/.test(value);
  const digit = /[0-9]/.test(value);
  const symbol = /[^A-Za-z0-9]/.test(value);
  const len = [...value].length;
  if (lower && upper && digit && symbol && len >= 8) return 3;
  if ((lower && upper && digit && symbol && len >= 6) || (lower && upper && symbol && len >= 8)) return 2;
  return 1;
}

/** Phone is shown Verified only when a verified timestamp exists and the number equals the verified one. */
export function isPhoneVerified(user: Pick<User, 'phone' | 'phone_verified_at'>, phone: string): boolean {
  return Boolean(user.phone_verified_at) && user.phone === phone;
}

/**
 * E-mail shown Verified: like the phone (spec section 4), a verified timestamp exists and the
 * address equals the verified one (compared as stored: trimmed and lower-cased).
 */
export function isEmailVerified(user: Pick<User, 'email' | 'email_verified_at'>, email: string): boolean {
  return Boolean(user.email_verified_at) && user.email !== null && user.email === email.trim().toLowerCase();
}
