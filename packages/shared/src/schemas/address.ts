import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { plainText } from './text.ts';

/** Spec section 3: an address is a shipping or a billing address. */
export const ADDRESS_TYPES = ['Shipping', 'Billing'] as const;
export const AddressTypeSchema = z.enum(ADDRESS_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? messages.required : messages.fallback,
});
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** How many addresses one customer may keep (both types together). */
export const MAX_ADDRESSES_PER_CUSTOMER = 50;

/** Texts of the address book that the spec leaves to us. */
export const addressMessages = {
  added: 'Address saved',
  updated: 'Address updated',
  deleted: 'Address deleted',
  notFound: 'Address not found',
  countryInvalid: 'The selected country is invalid',
  stateInvalid: 'The selected state is invalid',
  postcodeInvalid: 'The value must be a valid postcode',
  /** A country whose postcodes are all digits of one length (India's 6-digit PIN codes). */
  postcodeDigits: (n: number) => `The postcode must be ${n} digits`,
  /** The postcode belongs to another state than the one chosen (a Bengaluru PIN with Kerala). */
  postcodeNotInState: (state: string) => `This postcode is not in ${state}. Check the postcode or the state`,
  tooMany: `You can save up to ${MAX_ADDRESSES_PER_CUSTOMER} addresses. Delete one to add another`,
} as const;

/**
 * The columns an address form may show. The shop decides, per address type, which of them the
 * form shows, how each is labelled and which are required (the settings `address_fields`).
 * `country_id` is always asked; `state_id` only when the chosen country has states.
 */
export const ADDRESS_COLUMNS = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'address_line_1',
  'address_line_2',
  'landmark',
  'city',
  'postcode',
  'country_id',
  'state_id',
] as const;

/** The columns typed in as text (country and state are picked from lists). */
const TEXT_COLUMNS = ADDRESS_COLUMNS.filter(
  (c): c is Exclude<(typeof ADDRESS_COLUMNS)[number], 'country_id' | 'state_id'> =>
    c !== 'country_id' && c !== 'state_id',
);
export type AddressColumn = (typeof ADDRESS_COLUMNS)[number];

/** Spec section 3: an address field definition. */
export const AddressFieldSchema = z.object({
  column_name: z.enum(ADDRESS_COLUMNS),
  label: z.string().min(1).max(100),
  is_required: z.boolean(),
});
export type AddressField = z.infer<typeof AddressFieldSchema>;

/** Both types' definitions: what GET /api/settings/address-fields answers without a type. */
export const AddressFieldsByTypeSchema = z.object({
  Shipping: z.array(AddressFieldSchema),
  Billing: z.array(AddressFieldSchema),
});
/** GET /api/settings/address-fields/{type}: one type's fields, in form order. */
export const AddressFieldListSchema = z.array(AddressFieldSchema);
export type AddressFieldsByType = z.infer<typeof AddressFieldsByTypeSchema>;

/** Path parameter of GET /api/settings/address-fields/{type}; any letter case is accepted. */
export const AddressFieldsParamsSchema = z.object({
  type: z.preprocess(
    (v) => (typeof v === 'string' ? (ADDRESS_TYPES.find((t) => t.toLowerCase() === v.toLowerCase()) ?? v) : v),
    AddressTypeSchema,
  ),
});

const field = (column_name: AddressColumn, label: string, is_required: boolean): AddressField => ({
  column_name,
  label,
  is_required,
});

/**
 * The definitions a new shop starts with (seeded into `address_fields`, and the fallback when a
 * shop has none stored). Billing skips the landmark, which only helps a courier.
 */
export const DEFAULT_ADDRESS_FIELDS: AddressFieldsByType = {
  Shipping: [
    field('first_name', 'First Name', true),
    field('last_name', 'Last Name', true),
    field('phone', 'Phone', true),
    field('email', 'Email', false),
    field('address_line_1', 'Address Line 1', true),
    field('address_line_2', 'Address Line 2', false),
    field('landmark', 'Landmark', false),
    field('city', 'City', true),
    field('postcode', 'Postcode', true),
    field('country_id', 'Country', true),
    field('state_id', 'State', true),
  ],
  Billing: [
    field('first_name', 'First Name', true),
    field('last_name', 'Last Name', true),
    field('phone', 'Phone', true),
    field('email', 'Email', false),
    field('address_line_1', 'Address Line 1', true),
    field('address_line_2', 'Address Line 2', false),
    field('city', 'City', true),
    field('postcode', 'Postcode', true),
    field('country_id', 'Country', true),
    field('state_id', 'State', true),
  ],
};

/** Spec section 3: an address as the API answers it. `address_id` repeats `id` (what a cart refers to). */
export const AddressSchema = z.object({
  id: z.number().int(),
  address_id: z.number().int(),
  default: z.boolean(),
  address_type: AddressTypeSchema,
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string(),
  postcode: z.string(),
  country_id: z.number().int(),
  state_id: z.number().int().nullable(),
  country: z.object({ id: z.number().int(), name: z.string() }),
  state: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type Address = z.infer<typeof AddressSchema>;
/** GET /api/address/all: each type's default first, then newest first. */
export const AddressListSchema = z.array(AddressSchema);
/** DELETE /api/address/delete/{id}: the id that is gone. */
export const AddressDeletedSchema = z.object({ id: z.number().int() });

/** Path parameter of PUT /api/address/update/{id} and DELETE /api/address/delete/{id}. */
export const AddressIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(1, { error: messages.fallback })
    .max(2_147_483_647, { error: messages.fallback }),
});

/** Letters and digits, single spaces or hyphens between them: 3 to 10 characters (560025, SW1A 1AA, 10115, 02134-1234 without the plus four). */
const POSTCODE = /^[A-Za-z0-9](?:[A-Za-z0-9]|[ -](?=[A-Za-z0-9])){1,8}[A-Za-z0-9]$/;

/** Longest text each column takes. */
const MAX_LENGTH: Record<Exclude<AddressColumn, 'country_id' | 'state_id'>, number> = {
  first_name: 100,
  last_name: 100,
  phone: 20,
  email: 254,
  address_line_1: 255,
  address_line_2: 255,
  landmark: 255,
  city: 100,
  postcode: 10,
};

/** A text value: trimmed, '' when missing (a form sends '' for an untouched field). */
const text = (max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v),
    plainText(z.string({ error: messages.fallback }).max(max, { error: messages.maxLength(max) })),
  );

/** An integer id that a form may send as a string; '' and null mean none. */
const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number({ error: messages.fallback })
    .int({ error: messages.fallback })
    .min(1, { error: messages.fallback })
    .max(2_147_483_647)
    .nullable(),
);

export interface AddressBodyOptions {
  /**
   * The ids of the chosen country's states. Given: a state must be one of them, and is
   * required (when its field is) only if the country has any; a country without states takes
   * none. Omitted: the state is only checked for shape (the server checks it against the
   * country afterwards).
   */
  stateIds?: readonly number[];
  /**
   * countries.has_postcodes of the chosen country. False (the UAE): its addresses carry no
   * postcode, so the field is neither required nor checked, and '' is stored.
   */
  hasPostcodes?: boolean;
}

/**
 * POST /api/address/add and PUT /api/address/update/{id}, built from the shop's field
 * definitions for the address type: a required field must not be empty ('This field is
 * required'); the phone is numeric with the country's mobile_number_length; the postcode looks
 * like one (a `mobileNumberLength` of 0, for an unknown country, checks digits only). Columns
 * the definitions do not list are dropped, and so is `total_mrp` (spec
 * section 3: it is removed before sending; the API never stores it). The country is always required.
 */
export function addressBodySchema(
  fields: readonly AddressField[],
  mobileNumberLength: number,
  opts: AddressBodyOptions = {},
) {
  const def = new Map(fields.map((f) => [f.column_name, f]));
  const required = (c: AddressColumn) => def.get(c)?.is_required === true;
  const shown = (c: AddressColumn) => def.has(c) && !(c === 'postcode' && opts.hasPostcodes === false);

  return z.preprocess(
    (v) => {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
      const { total_mrp: _dropped, ...rest } = v as Record<string, unknown>;
      return rest;
    },
    z
      .object({
        address_type: AddressTypeSchema,
        default: z.preprocess(
          (v) => (v === undefined || v === null ? false : v),
          z.boolean({ error: messages.fallback }),
        ),
        first_name: text(MAX_LENGTH.first_name),
        last_name: text(MAX_LENGTH.last_name),
        phone: text(MAX_LENGTH.phone),
        email: text(MAX_LENGTH.email),
        address_line_1: text(MAX_LENGTH.address_line_1),
        address_line_2: text(MAX_LENGTH.address_line_2),
        landmark: text(MAX_LENGTH.landmark),
        city: text(MAX_LENGTH.city),
        postcode: text(MAX_LENGTH.postcode),
        country_id: optionalId,
        state_id: optionalId,
      })
      .superRefine((a, ctx) => {
        const issue = (path: AddressColumn, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
        for (const column of TEXT_COLUMNS) {
          if (!shown(column)) continue;
          const value = a[column];
          if (value === '') {
            if (required(column)) issue(column, messages.required);
            continue;
          }
          if (column === 'phone') {
            if (!/^[0-9]+$/.test(value)) issue(column, messages.numeric);
            else if (mobileNumberLength <= 0) continue;
            else if (value.length < mobileNumberLength) issue(column, messages.minLength(mobileNumberLength));
            else if (value.length > mobileNumberLength) issue(column, messages.maxLength(mobileNumberLength));
          } else if (column === 'email') {
            if (!z.email().safeParse(value).success) issue(column, messages.email);
          } else if (column === 'postcode') {
            if (!POSTCODE.test(value)) issue(column, addressMessages.postcodeInvalid);
          }
        }
        if (a.country_id === null) issue('country_id', messages.required);
        if (opts.stateIds) {
          if (a.state_id !== null && !opts.stateIds.includes(a.state_id))
            issue('state_id', addressMessages.stateInvalid);
          else if (a.state_id === null && opts.stateIds.length > 0 && shown('state_id') && required('state_id')) {
            issue('state_id', messages.required);
          }
        }
      })
      .transform((a) => {
        const pick = (c: Exclude<AddressColumn, 'country_id' | 'state_id'>) => (shown(c) ? a[c] : '');
        const orNull = (s: string) => (s === '' ? null : s);
        return {
          address_type: a.address_type,
          default: a.default,
          first_name: pick('first_name'),
          last_name: pick('last_name'),
          phone: pick('phone'),
          email: orNull(pick('email').toLowerCase()),
          address_line_1: pick('address_line_1'),
          address_line_2: orNull(pick('address_line_2')),
          landmark: orNull(pick('landmark')),
          city: pick('city'),
          postcode: pick('postcode').toUpperCase(),
          // Checked above: a missing country never gets this far.
          country_id: a.country_id ?? 0,
          state_id: shown('state_id') && !(opts.stateIds && opts.stateIds.length === 0) ? a.state_id : null,
        };
      }),
  );
}
/** What a client sends to add or update an address (the schema's input; ids may be form strings). */
export type AddressBody = {
  address_type: AddressType;
  default?: boolean;
  country_id: number | string | null;
  state_id?: number | string | null;
} & Partial<Record<Exclude<AddressColumn, 'country_id' | 'state_id'>, string>>;
export type AddressInput = z.output<ReturnType<typeof addressBodySchema>>;

/**
 * The shape every add/update body must have before the shop's rules can be chosen: its type
 * picks the field definitions and its country the phone length and states. Loose on purpose;
 * addressBodySchema does the real validation.
 */
export const AddressBodyHeadSchema = z.looseObject({
  address_type: AddressTypeSchema,
  country_id: optionalId,
});

/**
 * Spec section 5, address step rule 6: '{label} is empty' for the first required field the
 * address leaves empty; null when none is. A state is not asked of a country without states,
 * nor a postcode of a country without postcodes (countries.has_postcodes).
 */
export function firstEmptyAddressField(
  fields: readonly AddressField[],
  a: Partial<Record<AddressColumn, string | number | null>>,
  opts: { countryHasStates?: boolean; countryHasPostcodes?: boolean } = {},
): string | null {
  return firstEmptyAddressColumn(fields, a, opts)?.message ?? null;
}

/** The first required field left empty, with its column: where the message belongs (spec section 5, step 6). */
export function firstEmptyAddressColumn(
  fields: readonly AddressField[],
  a: Partial<Record<AddressColumn, string | number | null>>,
  opts: { countryHasStates?: boolean; countryHasPostcodes?: boolean } = {},
): { column: AddressColumn; message: string } | null {
  for (const f of fields) {
    if (!f.is_required) continue;
    if (f.column_name === 'state_id' && opts.countryHasStates === false) continue;
    if (f.column_name === 'postcode' && opts.countryHasPostcodes === false) continue;
    const v = a[f.column_name];
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === ''))
      return { column: f.column_name, message: messages.fieldEmpty(f.label) };
  }
  return null;
}
