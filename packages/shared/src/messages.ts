/** Exact user-facing texts from spec sections 5 and 8. One copy, used by API and storefront. */
export const messages = {
  required: 'This field is required',
  email: 'The value must be an valid email address',
  url: 'The value is not a valid URL address',
  minLength: (n: number) => `The value length should be at least ${n}`,
  maxLength: (n: number) => `The value length should not exceed ${n}`,
  numeric: 'The value must be numeric',
  integer: 'The value must be an integer',
  atLeast: (n: number) => `The value must be at least ${n}`,
  atMost: (n: number) => `The value may not be greater than ${n}`,
  between: (min: number, max: number) => `The value must be between ${min} and ${max}`,
  greaterThan: (n: number) => `The value must be greater than ${n}`,
  lessThan: (n: number) => `The value must be less than ${n}`,
  date: 'The value must be a valid date',
  alpha: 'The value may only contain letters',
  hexadecimal: 'The value must be hexadecimal',
  ipv4: 'The value must be a valid IPv4 address',
  mac: 'The value must be a valid MAC address',
  fallback: 'This field is not valid',
  /** Control characters (NUL, escape …) or a broken (lone surrogate) character in a text field. */
  invalidCharacters: 'This field contains characters that are not allowed',
  invalidPhone: 'Invalid phone number',
  otpRequired: 'The OTP is required',
  maxAttempts: 'Maximum attempt reached. Please try again later',
  cartEmpty: 'Your cart is empty',
  customerEmpty: 'Customer account is empty',
  phoneEmpty: 'Phone No is empty',
  emailEmpty: 'Email address is empty',
  shippingAddressEmpty: 'Shipping address is empty',
  billingAddressEmpty: 'Billing address is empty',
  fieldEmpty: (label: string) => `${label} is empty`,
  shippingMethodEmpty: 'Shipping Method is empty',
  paymentMethodEmpty: 'Payment Method is empty',
  // API envelope texts
  invalidData: 'The given data was invalid.',
  notFound: 'Not found',
  badUrl: 'This address is not valid',
  unexpected: 'An unexpected error occurred',
  tooManyRequests: 'Too many requests. Please try again later',
  /** 413: a request body over the 1 MiB limit (ADR 15). */
  bodyTooLarge: 'The request is too large (at most 1 MiB)',
  forbiddenOrigin: 'Cross-site request rejected',
  pageNotFound: (path: string) => `Page not found: ${path}`,
} as const;

/** Answers about the Idempotency-Key header (ADR 17). */
export const idempotencyMessages = {
  invalidKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters',
  keyReused: 'This Idempotency-Key was already used for a different request. Send a new key for a new request',
  inFlight: 'A request with this Idempotency-Key is still being processed. Please try again shortly',
} as const;
