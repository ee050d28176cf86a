import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  AddressBodyHeadSchema,
  MAX_ADDRESSES_PER_CUSTOMER,
  addressBodySchema,
  addressMessages,
  issuesByField,
  messages,
  type Address,
  type AddressInput,
  type AddressType,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { addresses, countries, customers, states } from '../../db/schema.ts';
import { HttpError } from '../../lib/http.ts';
import { getAddressFields } from '../settings/service.ts';
import { postcodeProblem } from '../shipping/postcodes.ts';
import { normalisePostcode } from '../shipping/zones.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const addressColumns = {
  id: addresses.id,
  isDefault: addresses.isDefault,
  addressType: addresses.addressType,
  firstName: addresses.firstName,
  lastName: addresses.lastName,
  phone: addresses.phone,
  email: addresses.email,
  addressLine1: addresses.addressLine1,
  addressLine2: addresses.addressLine2,
  landmark: addresses.landmark,
  city: addresses.city,
  postcode: addresses.postcode,
  countryId: addresses.countryId,
  countryName: countries.name,
  stateId: addresses.stateId,
  stateName: states.name,
};

function selectAddresses(db: Db | Tx) {
  return db
    .select(addressColumns)
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .leftJoin(states, eq(states.id, addresses.stateId));
}

type AddressRow = Awaited<ReturnType<typeof selectAddresses>>[number];

function toAddress(r: AddressRow): Address {
  return {
    id: r.id,
    address_id: r.id,
    default: r.isDefault,
    address_type: r.addressType,
    first_name: r.firstName,
    last_name: r.lastName,
    phone: r.phone,
    email: r.email,
    address_line_1: r.addressLine1,
    address_line_2: r.addressLine2,
    landmark: r.landmark,
    city: r.city,
    postcode: r.postcode,
    country_id: r.countryId,
    state_id: r.stateId,
    country: { id: r.countryId, name: r.countryName },
    state: r.stateId !== null && r.stateName !== null ? { id: r.stateId, name: r.stateName } : null,
  };
}

/**
 * A checked address that is not saved (a guest's, typed at checkout), shaped like a saved one
 * with id 0: its country's and state's names are read in one query.
 */
export async function unsavedAddress(db: Db, input: AddressInput): Promise<Address> {
  const [names] = await db
    .select({ country: countries.name, state: states.name })
    .from(countries)
    .leftJoin(states, and(eq(states.countryId, countries.id), eq(states.id, input.state_id ?? -1)))
    .where(eq(countries.id, input.country_id));
  return toAddress({
    id: 0,
    isDefault: false,
    addressType: input.address_type,
    firstName: input.first_name,
    lastName: input.last_name,
    phone: input.phone,
    email: input.email,
    addressLine1: input.address_line_1,
    addressLine2: input.address_line_2,
    landmark: input.landmark,
    city: input.city,
    postcode: input.postcode,
    countryId: input.country_id,
    countryName: names?.country ?? '',
    stateId: input.state_id,
    stateName: names?.state ?? null,
  });
}

/** The customer's saved addresses: each type's default first, shipping before billing, then newest first. */
export async function listAddresses(db: Db, customerId: number): Promise<Address[]> {
  const rows = await selectAddresses(db)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefault), desc(addresses.addressType), desc(addresses.id));
  return rows.map(toAddress);
}

/** One of the customer's addresses, or null (another customer's is null too). */
export async function findAddress(db: Db | Tx, customerId: number, id: number): Promise<Address | null> {
  const [row] = await selectAddresses(db).where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)));
  return row ? toAddress(row) : null;
}

/**
 * The address schema for a field set and country, built once per combination: zod compiles a
 * schema on its first parse, so a schema made per request would compile on every request.
 */
const addressSchemas = new Map<string, ReturnType<typeof addressBodySchema>>();
function cachedAddressSchema(
  fields: Parameters<typeof addressBodySchema>[0],
  mobileLength: number,
  stateIds: number[] | null,
  hasPostcodes: boolean,
) {
  const key = JSON.stringify([fields, mobileLength, stateIds, hasPostcodes]);
  let schema = addressSchemas.get(key);
  if (!schema) {
    schema = addressBodySchema(fields, mobileLength, { ...(stateIds ? { stateIds } : {}), hasPostcodes });
    // Field sets and countries are few; a bound keeps an edited configuration from growing it forever.
    if (addressSchemas.size >= 200) addressSchemas.clear();
    addressSchemas.set(key, schema);
  }
  return schema;
}

/**
 * Validates an add/update body against the shop's field definitions for its address type, the
 * chosen country (phone length, existence, whether it has postcodes) and that country's states,
 * and the postcode against the country's and the chosen state's postcodes (a PIN code of another
 * state is refused at the postcode field). 422 with field errors.
 */
export async function validateAddressBody(db: Db, body: unknown): Promise<AddressInput> {
  const head = AddressBodyHeadSchema.safeParse(body);
  if (!head.success) throw new HttpError(422, messages.invalidData, issuesByField(head.error.issues));
  const { address_type: type, country_id: countryId } = head.data;

  const [fieldsByType, countryRows] = await Promise.all([
    getAddressFields(db),
    countryId === null
      ? Promise.resolve([])
      : db
          .select({
            mobileNumberLength: countries.mobileNumberLength,
            hasPostcodes: countries.hasPostcodes,
            postcodeDigits: countries.postcodeDigits,
            stateId: states.id,
            stateName: states.name,
            postcodePrefixes: states.postcodePrefixes,
          })
          .from(countries)
          .leftJoin(states, eq(states.countryId, countries.id))
          .where(eq(countries.id, countryId)),
  ]);
  const country = countryRows[0];
  const stateIds = countryRows.flatMap((r) => (r.stateId === null ? [] : [r.stateId]));

  const parsed = cachedAddressSchema(
    fieldsByType[type],
    country?.mobileNumberLength ?? 0,
    country ? stateIds : null,
    country?.hasPostcodes ?? true,
  ).safeParse(body);
  const errors = parsed.success ? {} : issuesByField(parsed.error.issues);
  if (countryId !== null && !country) errors.country_id = [addressMessages.countryInvalid];
  // Checked also when another field is wrong, so the shopper sees every problem at once.
  if (country?.hasPostcodes && !errors.postcode && !errors.state_id) {
    const raw = body as Record<string, unknown>;
    const postcode = parsed.success ? parsed.data.postcode : typeof raw.postcode === 'string' ? raw.postcode : '';
    const stateId = parsed.success ? parsed.data.state_id : Number(raw.state_id);
    const state = countryRows.find((r) => r.stateId !== null && r.stateId === stateId);
    const problem = postcodeProblem(postcode, {
      digits: country.postcodeDigits,
      state: state ? { name: state.stateName!, prefixes: state.postcodePrefixes ?? [] } : null,
    });
    if (problem) errors.postcode = [problem];
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw new HttpError(422, messages.invalidData, errors);
  // A PIN code typed as "560 025" is stored as 560025, as the country writes them.
  if (country?.postcodeDigits) return { ...parsed.data, postcode: normalisePostcode(parsed.data.postcode) };
  return parsed.data;
}

/** Serialises one customer's address writes (defaults, the count limit) across processes. */
async function lockCustomer(tx: Tx, customerId: number): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

const ofType = (customerId: number, type: AddressType) =>
  and(eq(addresses.customerId, customerId), eq(addresses.addressType, type));

async function hasDefault(tx: Tx, customerId: number, type: AddressType, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(
      and(ofType(customerId, type), eq(addresses.isDefault, true), exceptId ? ne(addresses.id, exceptId) : undefined),
    )
    .limit(1);
  return Boolean(row);
}

async function clearDefault(tx: Tx, customerId: number, type: AddressType): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(ofType(customerId, type), eq(addresses.isDefault, true)));
}

/** After the default of a type went away (deleted, or moved to the other type): the newest remaining one takes over. */
async function promoteNewest(tx: Tx, customerId: number, type: AddressType): Promise<void> {
  await tx.execute(sql`update addresses set is_default = true, updated_at = now()
    where id = (select id from addresses where customer_id = ${customerId} and address_type = ${type}
                order by updated_at desc, id desc limit 1)`);
}

function columnsOf(input: AddressInput) {
  return {
    addressType: input.address_type,
    firstName: input.first_name,
    lastName: input.last_name,
    phone: input.phone,
    email: input.email,
    addressLine1: input.address_line_1,
    addressLine2: input.address_line_2,
    landmark: input.landmark,
    city: input.city,
    postcode: input.postcode,
    countryId: input.country_id,
    stateId: input.state_id,
  };
}

/**
 * Saves a new address. The first address of a type becomes its default; asking for default
 * moves the type's default to it (the old one is cleared in the same transaction).
 */
export async function addAddress(db: Db, customerId: number, body: unknown): Promise<Address> {
  const input = await validateAddressBody(db, body);
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.customerId, customerId));
    if (n >= MAX_ADDRESSES_PER_CUSTOMER) throw new HttpError(422, addressMessages.tooMany);
    const makeDefault = input.default || !(await hasDefault(tx, customerId, input.address_type));
    if (makeDefault) await clearDefault(tx, customerId, input.address_type);
    const [row] = await tx
      .insert(addresses)
      .values({ customerId, isDefault: makeDefault, ...columnsOf(input) })
      .returning({ id: addresses.id });
    return (await findAddress(tx, customerId, row!.id))!;
  });
}

/**
 * Replaces one of the customer's addresses; null when it is not theirs. The default can be
 * moved to this address but not simply switched off: a type with addresses always has one
 * default, so un-ticking it keeps it (another address takes it by being made default).
 * Changing the type hands the old type's default to its newest remaining address.
 */
export async function updateAddress(db: Db, customerId: number, id: number, body: unknown): Promise<Address | null> {
  const existing = await findAddress(db, customerId, id);
  if (!existing) return null;
  const input = await validateAddressBody(db, body);
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const [current] = await tx
      .select({ type: addresses.addressType, isDefault: addresses.isDefault })
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)));
    if (!current) return null; // deleted meanwhile
    const typeChanged = current.type !== input.address_type;
    const makeDefault =
      input.default ||
      (current.isDefault && !typeChanged) ||
      !(await hasDefault(tx, customerId, input.address_type, id));
    if (makeDefault) await clearDefault(tx, customerId, input.address_type);
    await tx
      .update(addresses)
      .set({ ...columnsOf(input), isDefault: makeDefault, updatedAt: new Date() })
      .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)));
    if (typeChanged && current.isDefault) await promoteNewest(tx, customerId, current.type);
    return findAddress(tx, customerId, id);
  });
}

/** Deletes one of the customer's addresses (false when it is not theirs); a deleted default hands over to the newest remaining one. */
export async function deleteAddress(db: Db, customerId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
      .returning({ type: addresses.addressType, isDefault: addresses.isDefault });
    if (!gone) return false;
    if (gone.isDefault) await promoteNewest(tx, customerId, gone.type);
    return true;
  });
}
