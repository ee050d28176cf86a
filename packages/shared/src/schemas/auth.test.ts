import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  OtpRequestBodySchema,
  OtpVerifyBodySchema,
  ResetCompleteBodySchema,
  ValidateResetQuerySchema,
  accountOtpGenerateBodySchema,
  accountOtpVerifyBodySchema,
  emailField,
  isEmailVerified,
  isPhoneVerified,
  newPasswordField,
  otpField,
  otpPhoneField,
  otpRequestBodySchema,
  otpVerifyBodySchema,
  passwordField,
  passwordStrength,
  phoneField,
  registerBodySchema,
  updatePasswordBodySchema,
  updateProfileBodySchema,
  verificationTypes,
} from './auth.ts';

/** Every issue as `[field path, message]`, in the order zod reports them. */
function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

/** The single message a field schema answers for a value ('' when it passes). */
function message(schema: z.ZodType, value: unknown): string {
  const found = issues(schema, value);
  return found.map(([, m]) => m).join(' | ');
}

const REQUIRED = 'This field is required';
const EMAIL = 'The value must be an valid email address';
const NUMERIC = 'The value must be numeric';
const INVALID_PHONE = 'Invalid phone number';
const OTP_REQUIRED = 'The OTP is required';
const atLeast = (n: number) => `The value length should be at least ${n}`;
const notOver = (n: number) => `The value length should not exceed ${n}`;

describe('emailField', () => {
  it('answers the spec messages: required, then a valid address', () => {
    expect(message(emailField, '')).toBe(REQUIRED);
    expect(message(emailField, '   ')).toBe(REQUIRED);
    expect(message(emailField, undefined)).toBe(REQUIRED);
    expect(message(emailField, 42)).toBe(REQUIRED);
    expect(message(emailField, 'ana@')).toBe(EMAIL);
    expect(message(emailField, 'ana example.com')).toBe(EMAIL);
    expect(message(emailField, `${'a'.repeat(250)}@b.co`)).toBe(notOver(254));
  });

  it('trims and lower-cases a valid address', () => {
    expect(emailField.parse('  Ana.Silva@Example.COM ')).toBe('ana.silva@example.com');
  });
});

describe('password fields', () => {
  it('login password: required only (any length the account was created with)', () => {
    expect(message(passwordField, '')).toBe(REQUIRED);
    expect(message(passwordField, undefined)).toBe(REQUIRED);
    expect(message(passwordField, 'x')).toBe('');
    expect(message(passwordField, 'x'.repeat(201))).toBe(notOver(200));
  });

  it('new password: required, at least 6 characters', () => {
    expect(message(newPasswordField, '')).toBe(REQUIRED);
    expect(message(newPasswordField, '12345')).toBe(atLeast(6));
    expect(message(newPasswordField, '123456')).toBe('');
  });
});

describe('otpPhoneField (phone in OTP flows)', () => {
  it.each([
    ['', INVALID_PHONE],
    [undefined, INVALID_PHONE],
    ['98450', INVALID_PHONE],
    ['98450123456', INVALID_PHONE],
    ['98450l2345', INVALID_PHONE],
    ['+919845012345', INVALID_PHONE],
    ['9845012345', ''],
  ])('%j → %j', (value, expected) => {
    expect(message(otpPhoneField, value)).toBe(expected);
  });
});

describe('otpField', () => {
  it.each([
    ['', OTP_REQUIRED],
    [undefined, OTP_REQUIRED],
    ['12345', notOver(4)],
    ['12a4', NUMERIC],
    ['1234', ''],
  ])('%j → %j', (value, expected) => {
    expect(message(otpField, value)).toBe(expected);
  });
});

describe('phoneField (legacy register and profile)', () => {
  it('follows the country length: required, numeric, then exact length', () => {
    const ten = phoneField(10);
    expect(message(ten, '')).toBe(REQUIRED);
    expect(message(ten, '  ')).toBe(REQUIRED);
    expect(message(ten, '98450-1234')).toBe(NUMERIC);
    expect(message(ten, '984501234')).toBe(atLeast(10));
    expect(message(ten, '98450123456')).toBe(notOver(10));
    expect(message(ten, '9845012345')).toBe('');
    const nine = phoneField(9);
    expect(message(nine, '501234567')).toBe('');
    expect(message(nine, '5012345678')).toBe(notOver(9));
  });
});

describe('LoginBodySchema', () => {
  it('requires a valid e-mail and a password; remember me defaults to on', () => {
    expect(issues(LoginBodySchema, {})).toEqual([
      ['email', REQUIRED],
      ['password', REQUIRED],
    ]);
    expect(issues(LoginBodySchema, { email: 'nope', password: '' })).toEqual([
      ['email', EMAIL],
      ['password', REQUIRED],
    ]);
    expect(LoginBodySchema.parse({ email: 'A@b.co', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
      remember_me: true,
    });
    expect(LoginBodySchema.parse({ email: 'a@b.co', password: 'x', remember_me: false }).remember_me).toBe(false);
  });
});

describe('registerBodySchema', () => {
  it('reports every field with its spec message', () => {
    expect(issues(registerBodySchema(10), {})).toEqual([
      ['first_name', REQUIRED],
      ['last_name', REQUIRED],
      ['phone', REQUIRED],
      ['email', REQUIRED],
      ['password', REQUIRED],
    ]);
    expect(
      issues(registerBodySchema(10), {
        first_name: 'x'.repeat(101),
        last_name: ' ',
        phone: '12345',
        email: 'ana@',
        password: 'abc',
      }),
    ).toEqual([
      ['first_name', notOver(100)],
      ['last_name', REQUIRED],
      ['phone', atLeast(10)],
      ['email', EMAIL],
      ['password', atLeast(6)],
    ]);
  });

  it('accepts a complete payload, trimmed', () => {
    expect(
      registerBodySchema(9).parse({
        first_name: ' Ana ',
        last_name: 'Silva',
        phone: '501234567',
        email: 'Ana@Example.com',
        password: 'secret1',
      }),
    ).toEqual({
      first_name: 'Ana',
      last_name: 'Silva',
      phone: '501234567',
      email: 'ana@example.com',
      password: 'secret1',
    });
  });
});

describe('OTP request and verify payloads', () => {
  it('request: phone of 10 digits; type login (default) or register', () => {
    expect(issues(OtpRequestBodySchema, { input: '123' })).toEqual([['input', INVALID_PHONE]]);
    expect(OtpRequestBodySchema.parse({ input: '9845012345' })).toEqual({ input: '9845012345', type: 'login' });
    expect(OtpRequestBodySchema.parse({ input: '9845012345', type: 'register' }).type).toBe('register');
    expect(issues(OtpRequestBodySchema, { input: '9845012345', type: 'admin' })).toHaveLength(1);
  });

  it("the phone length follows the channel's country; the route leaves the exact length to the service", () => {
    const uae = otpRequestBodySchema(9);
    expect(uae.parse({ input: '501234567' })).toEqual({ input: '501234567', type: 'login' });
    expect(issues(uae, { input: '5012345678' })).toEqual([['input', INVALID_PHONE]]);
    expect(issues(otpRequestBodySchema(10), { input: '501234567' })).toEqual([['input', INVALID_PHONE]]);
    expect(issues(otpVerifyBodySchema(9), { input: '501234567', otp: '1234' })).toEqual([]);
    expect(issues(otpVerifyBodySchema(9), { input: '9845012345', otp: '1234' })).toEqual([['input', INVALID_PHONE]]);
    // The route schemas take any country's digits (4 to 15); letters and symbols never.
    expect(OtpRequestBodySchema.parse({ input: '501234567' }).input).toBe('501234567');
    expect(issues(OtpVerifyBodySchema, { input: '+971501234567', otp: '1234' })).toEqual([['input', INVALID_PHONE]]);
    expect(issues(OtpRequestBodySchema, { input: '1234567890123456' })).toEqual([['input', INVALID_PHONE]]);
  });

  it('verify: phone and the 4-digit OTP; remember me on by default', () => {
    expect(issues(OtpVerifyBodySchema, { input: '', otp: '' })).toEqual([
      ['input', INVALID_PHONE],
      ['otp', OTP_REQUIRED],
    ]);
    expect(issues(OtpVerifyBodySchema, { input: '9845012345', otp: '12345' })).toEqual([['otp', notOver(4)]]);
    expect(OtpVerifyBodySchema.parse({ input: '9845012345', otp: '0042' })).toEqual({
      input: '9845012345',
      otp: '0042',
      type: 'login',
      remember_me: true,
    });
  });
});

describe('forgot and reset password payloads', () => {
  it('forgot password: e-mail required and valid', () => {
    expect(issues(ForgotPasswordBodySchema, { email: '' })).toEqual([['email', REQUIRED]]);
    expect(issues(ForgotPasswordBodySchema, { email: 'x@' })).toEqual([['email', EMAIL]]);
    expect(issues(ForgotPasswordBodySchema, { email: 'x@y.co' })).toEqual([]);
  });

  it('validate-reset: e-mail and token', () => {
    expect(issues(ValidateResetQuerySchema, { email: 'x@y.co', token: '' })).toEqual([['token', REQUIRED]]);
    expect(issues(ValidateResetQuerySchema, { email: 'x', token: 'abc' })).toEqual([['email', EMAIL]]);
  });

  it('reset-complete: e-mail, token and a new password of at least 6', () => {
    expect(issues(ResetCompleteBodySchema, { email: 'x@y.co', token: 't', password: '12345' })).toEqual([
      ['password', atLeast(6)],
    ]);
    expect(issues(ResetCompleteBodySchema, { email: 'x@y.co', token: 't', password: '' })).toEqual([
      ['password', REQUIRED],
    ]);
  });
});

describe('account payloads', () => {
  it('update-profile: names, e-mail, phone of the country length', () => {
    expect(
      issues(updateProfileBodySchema(10), { first_name: '', last_name: 'S', email: 'a@b.co', phone: '98' }),
    ).toEqual([
      ['first_name', REQUIRED],
      ['phone', atLeast(10)],
    ]);
  });

  it('update-profile: current_password and otp are optional (the API asks for them when e-mail or phone changes)', () => {
    const base = { first_name: 'A', last_name: 'S', email: 'a@b.co', phone: '9876543210' };
    expect(issues(updateProfileBodySchema(10), base)).toEqual([]);
    expect(issues(updateProfileBodySchema(10), { ...base, current_password: 'x', otp: '' })).toEqual([]);
    expect(issues(updateProfileBodySchema(10), { ...base, otp: '12a' })).toEqual([['otp', NUMERIC]]);
    expect(issues(updateProfileBodySchema(10), { ...base, otp: '12345' })).toEqual([
      ['otp', 'The value length should not exceed 4'],
    ]);
  });

  it('update-password: current password required, new one at least 6', () => {
    expect(issues(updatePasswordBodySchema(true), { current_password: '', password: 'abc' })).toEqual([
      ['current_password', REQUIRED],
      ['password', atLeast(6)],
    ]);
  });

  it('update-password without a password yet: no current password, an optional 4-digit code', () => {
    const schema = updatePasswordBodySchema(false);
    expect(issues(schema, { password: 'F1rst#pass' })).toEqual([]);
    expect(issues(schema, { password: 'F1rst#pass', otp: '0042' })).toEqual([]);
    expect(issues(schema, { password: 'F1rst#pass', otp: '12a' })).toEqual([['otp', NUMERIC]]);
    expect(issues(schema, { password: 'F1rst#pass', otp: '12345' })).toEqual([['otp', notOver(4)]]);
  });

  it('verification popup: type phone by default, 4-digit OTP', () => {
    const generate = accountOtpGenerateBodySchema(10);
    const verify = accountOtpVerifyBodySchema(10);
    expect(generate.parse({ input: '9845012345' })).toEqual({ input: '9845012345', type: 'phone' });
    expect(issues(generate, { input: '98450' })).toEqual([['input', INVALID_PHONE]]);
    expect(issues(generate, {})).toEqual([['input', INVALID_PHONE]]);
    expect(issues(verify, { input: '9845012345', otp: '' })).toEqual([['otp', OTP_REQUIRED]]);
    expect(verify.parse({ input: '9845012345', otp: '0042', type: 'phone' })).toEqual({
      input: '9845012345',
      otp: '0042',
      type: 'phone',
    });
  });

  it("verification popup: the phone has the shop country's length", () => {
    expect(issues(accountOtpGenerateBodySchema(9), { input: '912345678' })).toEqual([]);
    expect(issues(accountOtpGenerateBodySchema(9), { input: '9123456789' })).toEqual([['input', INVALID_PHONE]]);
    expect(issues(accountOtpGenerateBodySchema(10), { input: '98450 12345' })).toEqual([['input', INVALID_PHONE]]);
  });

  it('verification popup: type email takes an e-mail address (spec e-mail messages), trimmed and lower-cased', () => {
    const generate = accountOtpGenerateBodySchema(10);
    const verify = accountOtpVerifyBodySchema(10);
    expect(generate.parse({ input: ' Ana@Example.COM ', type: 'email' })).toEqual({
      input: 'ana@example.com',
      type: 'email',
    });
    expect(issues(generate, { input: '', type: 'email' })).toEqual([['input', REQUIRED]]);
    expect(issues(generate, { input: '9845012345', type: 'email' })).toEqual([['input', EMAIL]]);
    expect(issues(verify, { input: 'ana@', otp: '', type: 'email' })).toEqual([
      ['input', EMAIL],
      ['otp', OTP_REQUIRED],
    ]);
    expect(verify.parse({ input: 'ana@example.com', otp: '1234', type: 'email' })).toEqual({
      input: 'ana@example.com',
      otp: '1234',
      type: 'email',
    });
  });

  it('verification popup: an unknown type is "This field is not valid" on type', () => {
    expect(issues(accountOtpGenerateBodySchema(10), { input: '9845012345', type: 'sms' })).toEqual([
      ['type', 'This field is not valid'],
    ]);
    expect(issues(accountOtpVerifyBodySchema(10), { input: '9845012345', otp: '1234', type: null })).toEqual([
      ['type', 'This field is not valid'],
    ]);
  });
});

describe('verificationTypes (store setting account_verification_for)', () => {
  it.each([
    ['none', []],
    ['phone', ['phone']],
    ['email', ['email']],
    ['both', ['phone', 'email']],
    [undefined, ['phone']],
    [null, ['phone']],
  ] as const)('%s verifies %j', (setting, types) => {
    expect(verificationTypes(setting)).toEqual(types);
  });
});

describe('passwordStrength (spec section 5 table)', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['password', 1],
    ['PASSWORD1', 1],
    ['Password1', 1], // no symbol
    ['Pass!1', 2], // all four kinds, 6 characters
    ['Pa!1abc', 2], // all four kinds, 7 characters
    ['Password!', 2], // lower, upper, symbol, 8+
    ['Pass!wd', 1], // lower, upper, symbol but only 7
    ['Pa!1', 1], // all four kinds, too short
    ['Passw0rd!', 3],
    ['Pa1!abcd', 3], // exactly 8
    ['pa$$w0rd99', 1], // no upper case
    ['Pässwörd 1', 3], // space and umlauts count as symbols
  ])('%j scores %i', (value, score) => {
    expect(passwordStrength(value)).toBe(score);
  });
});

describe('isPhoneVerified', () => {
  it('is Verified only with a timestamp and the same number', () => {
    const verified = { phone: '9845012345', phone_verified_at: '2026-01-01T00:00:00.000Z' };
    expect(isPhoneVerified(verified, '9845012345')).toBe(true);
    expect(isPhoneVerified(verified, '9845012346')).toBe(false);
    expect(isPhoneVerified({ phone: '9845012345', phone_verified_at: null }, '9845012345')).toBe(false);
    expect(isPhoneVerified({ phone: null, phone_verified_at: '2026-01-01T00:00:00.000Z' }, '')).toBe(false);
  });
});

describe('isEmailVerified', () => {
  it('is Verified only with a timestamp and the same address (as stored: trimmed, lower case)', () => {
    const verified = { email: 'ana@example.com', email_verified_at: '2026-01-01T00:00:00.000Z' };
    expect(isEmailVerified(verified, 'ana@example.com')).toBe(true);
    expect(isEmailVerified(verified, ' Ana@Example.com ')).toBe(true);
    expect(isEmailVerified(verified, 'ana@example.org')).toBe(false);
    expect(isEmailVerified({ email: 'ana@example.com', email_verified_at: null }, 'ana@example.com')).toBe(false);
    expect(isEmailVerified({ email: null, email_verified_at: '2026-01-01T00:00:00.000Z' }, '')).toBe(false);
  });
});
