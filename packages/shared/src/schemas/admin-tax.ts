import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { GST_STATES, GST_STATE_CODES, gstinMessages, isValidGstin } from '../gstin.ts';
import { plainText } from './text.ts';

/**
 * The seller on the shop's tax invoices (issue 26): the legal name, the GSTIN and the registered
 * address with its state (the place of supply decides CGST + SGST or IGST against it). Area
 * `settings` (owner and manager).
 */

const text = (max: number, multiline = false) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .max(max, { error: messages.maxLength(max) }),
    { multiline },
  );

/** A GSTIN as typed: trimmed, upper-cased, then checked (shape, state code, check character). */
export const gstinField = z
  .string({ error: messages.required })
  .trim()
  .toUpperCase()
  .refine(isValidGstin, { error: gstinMessages.invalid });

export const taxMessages = {
  stateChoice: 'Pick the state of the registered address',
  sellerSaved: 'Invoice details saved',
  rateRange: 'Enter a rate from 0 to 100 %, with at most two decimals',
  rateSaved: 'Tax rate saved',
  rateAdded: 'Tax class added',
  rateDeleted: 'Tax class deleted',
  rateExists: 'A tax class with this name exists already',
  rateNotFound: 'This tax class no longer exists',
  rateChanged: 'Someone changed this tax class since you opened it: reload and try again',
  ifMatch: 'The version of the tax class you read is a number, sent as If-Match: "3"',
  standardKept: 'The standard class cannot be deleted: shipping and the Cash on Delivery fee use it',
  rateInUse: (n: number) =>
    `${n} product${n === 1 ? ' uses' : 's use'} this tax class: move ${n === 1 ? 'it' : 'them'} to another class first`,
  classChoice: 'Pick a tax class from the list',
} as const;

/** A tax class's key as products store it ('standard', 'gst_18'). */
export const TAX_CLASS_KEY_RE = /^[a-z0-9_]{1,40}$/;

/** A GST rate in percent: 0 to 100, at most two decimals. */
const ratePercent = z
  .number({ error: taxMessages.rateRange })
  .min(0, { error: taxMessages.rateRange })
  .max(100, { error: taxMessages.rateRange })
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: taxMessages.rateRange });

/** POST /api/admin/tax/rates, PUT /api/admin/tax/rates/:key */
export const TaxRateBodySchema = z.strictObject({
  label: text(60),
  rate_percent: ratePercent,
});
export type TaxRateBody = z.input<typeof TaxRateBodySchema>;

export const TaxRateKeyParamsSchema = z.object({
  key: z.string().regex(TAX_CLASS_KEY_RE, { error: taxMessages.rateNotFound }),
});

/** One tax class: its rate and how many products use it (in use: it cannot be deleted). */
export const TaxRateSchema = z.object({
  key: z.string(),
  label: z.string(),
  rate_percent: z.number(),
  /** Products (archived ones too) whose tax class this is. */
  products: z.number().int(),
  /** The If-Match version of its next edit. */
  version: z.number().int(),
});
export type TaxRate = z.infer<typeof TaxRateSchema>;

export const TaxRatesSchema = z.object({ rates: z.array(TaxRateSchema) });
export type TaxRates = z.infer<typeof TaxRatesSchema>;

/** PUT /api/admin/tax/seller */
export const TaxSellerBodySchema = z
  .strictObject({
    legal_name: text(120),
    gstin: gstinField,
    address: text(300, true),
    /** The registered address's state, by the code the shop stores ('KA'). */
    state_code: z
      .string({ error: taxMessages.stateChoice })
      .refine((c) => Object.hasOwn(GST_STATE_CODES, c), { error: taxMessages.stateChoice }),
  })
  .superRefine((v, ctx) => {
    const code = GST_STATE_CODES[v.state_code];
    if (code && isValidGstin(v.gstin) && v.gstin.slice(0, 2) !== code)
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: gstinMessages.otherState(GST_STATES.find((s) => s.code === v.state_code)!.name),
      });
  });
export type TaxSellerBody = z.input<typeof TaxSellerBodySchema>;

/** The seller as saved; empty strings until the owner saves it. */
export const TaxSellerSchema = z.object({
  legal_name: z.string(),
  gstin: z.string(),
  address: z.string(),
  state_code: z.string(),
  /** The state's name, for display ('' when none). */
  state_name: z.string(),
});
export type TaxSeller = z.infer<typeof TaxSellerSchema>;
