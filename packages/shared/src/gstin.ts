/**
 * India's GST identities: the states with their GST state codes, the GSTIN check (15 characters:
 * the state code, the holder's PAN, an entity number, 'Z' and a check character) and the
 * financial year invoices are numbered in. No zod here: the API, the panel and the storefront
 * share it.
 */

/**
 * India's states and union territories as the shop stores them (ISO 3166-2:IN codes, the names of
 * the seeded states table) with their GST state codes, in GST code order.
 */
export const GST_STATES: readonly { code: string; gst: string; name: string }[] = [
  { code: 'JK', gst: '01', name: 'Jammu and Kashmir' },
  { code: 'HP', gst: '02', name: 'Himachal Pradesh' },
  { code: 'PB', gst: '03', name: 'Punjab' },
  { code: 'CH', gst: '04', name: 'Chandigarh' },
  { code: 'UK', gst: '05', name: 'Uttarakhand' },
  { code: 'HR', gst: '06', name: 'Haryana' },
  { code: 'DL', gst: '07', name: 'Delhi' },
  { code: 'RJ', gst: '08', name: 'Rajasthan' },
  { code: 'UP', gst: '09', name: 'Uttar Pradesh' },
  { code: 'BR', gst: '10', name: 'Bihar' },
  { code: 'SK', gst: '11', name: 'Sikkim' },
  { code: 'AR', gst: '12', name: 'Arunachal Pradesh' },
  { code: 'NL', gst: '13', name: 'Nagaland' },
  { code: 'MN', gst: '14', name: 'Manipur' },
  { code: 'MZ', gst: '15', name: 'Mizoram' },
  { code: 'TR', gst: '16', name: 'Tripura' },
  { code: 'ML', gst: '17', name: 'Meghalaya' },
  { code: 'AS', gst: '18', name: 'Assam' },
  { code: 'WB', gst: '19', name: 'West Bengal' },
  { code: 'JH', gst: '20', name: 'Jharkhand' },
  { code: 'OD', gst: '21', name: 'Odisha' },
  { code: 'CG', gst: '22', name: 'Chhattisgarh' },
  { code: 'MP', gst: '23', name: 'Madhya Pradesh' },
  { code: 'GJ', gst: '24', name: 'Gujarat' },
  { code: 'DH', gst: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: 'MH', gst: '27', name: 'Maharashtra' },
  { code: 'KA', gst: '29', name: 'Karnataka' },
  { code: 'GA', gst: '30', name: 'Goa' },
  { code: 'LD', gst: '31', name: 'Lakshadweep' },
  { code: 'KL', gst: '32', name: 'Kerala' },
  { code: 'TN', gst: '33', name: 'Tamil Nadu' },
  { code: 'PY', gst: '34', name: 'Puducherry' },
  { code: 'AN', gst: '35', name: 'Andaman and Nicobar Islands' },
  { code: 'TG', gst: '36', name: 'Telangana' },
  { code: 'AP', gst: '37', name: 'Andhra Pradesh' },
  { code: 'LA', gst: '38', name: 'Ladakh' },
];

/** The GST state code by the shop's state code ('KA' → '29'). */
export const GST_STATE_CODES: Readonly<Record<string, string>> = /* @__PURE__ */ Object.fromEntries(
  GST_STATES.map((s) => [s.code, s.gst]),
);

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const STATE_NUMBERS = /* @__PURE__ */ new Set([...Object.values(GST_STATE_CODES), '25', '28', '97', '99']);

/** The GSTIN's check character: a Luhn mod 36 over its first 14 characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** Is this (already upper-cased, trimmed) a well-formed GSTIN with a known state code and a right check character? */
export function isValidGstin(gstin: string): boolean {
  return (
    GSTIN_SHAPE.test(gstin) &&
    STATE_NUMBERS.has(gstin.slice(0, 2)) &&
    gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14]
  );
}

export const gstinMessages = {
  invalid: 'Enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1ZW',
  otherState: (state: string) => `This GSTIN is registered in another state than ${state}`,
};

/** India time: the financial year's and so the tax invoice's (its number and printed dates). */
export const GST_TIME_ZONE = 'Asia/Kolkata';

/** The financial year (April to March, India time) of an instant, as "2026-27". */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const y = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
