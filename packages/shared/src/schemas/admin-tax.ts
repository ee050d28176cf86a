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
} as const;

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
