import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';
import { ContactBodySchema } from './schemas/cart.ts';
import { OrdersPageQuerySchema, RateExperienceBodySchema } from './schemas/order.ts';
import { alpha, z } from './zod.ts';

/** The messages a schema gives for a value, by field. */
const errorsOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : z.flattenError(r.error).fieldErrors;
};

describe("the spec's standard messages for rules that name none (section 5)", () => {
  const form = z.strictObject({
    name: z.string().min(1).max(5),
    code: z.string().min(3),
    email: z.email().optional(),
    site: z.url().optional(),
    count: z.number().int().min(2).max(9).optional(),
    kind: z.enum(['a', 'b']).optional(),
    tags: z.array(z.string()).min(1).optional(),
    agree: z.boolean().optional(),
  });

  it('answers a missing or empty field with "This field is required"', () => {
    expect(errorsOf(form, { code: 'abc' })).toEqual({ name: [messages.required] });
    expect(errorsOf(form, { name: '', code: 'abc' })).toEqual({ name: [messages.required] });
    expect(errorsOf(form, { name: 'a', code: 'abc', tags: [] })).toEqual({ tags: [messages.required] });
  });

  it('names lengths, numbers, e-mail and URL rules', () => {
    expect(errorsOf(form, { name: 'abcdef', code: 'ab' })).toEqual({
      name: [messages.maxLength(5)],
      code: [messages.minLength(3)],
    });
    expect(errorsOf(form, { name: 'a', code: 'abc', email: 'x', site: 'x' })).toEqual({
      email: [messages.email],
      site: [messages.url],
    });
    expect(errorsOf(form, { name: 'a', code: 'abc', count: '3' })).toEqual({ count: [messages.numeric] });
    expect(errorsOf(form, { name: 'a', code: 'abc', count: 2.5 })).toEqual({ count: [messages.integer] });
    expect(errorsOf(form, { name: 'a', code: 'abc', count: 1 })).toEqual({ count: [messages.atLeast(2)] });
    expect(errorsOf(form, { name: 'a', code: 'abc', count: 10 })).toEqual({ count: [messages.atMost(9)] });
    const positive = z.object({ n: z.number().positive().lt(100) });
    expect(errorsOf(positive, { n: 0 })).toEqual({ n: [messages.greaterThan(0)] });
    expect(errorsOf(positive, { n: 100 })).toEqual({ n: [messages.lessThan(100)] });
  });

  it('names dates, letters, hexadecimal, IPv4 and MAC addresses in the spec’s words', () => {
    const kinds = z.object({
      day: z.iso.date().optional(),
      at: z.iso.datetime().optional(),
      name: alpha().optional(),
      hex: z.hex().optional(),
      ip: z.ipv4().optional(),
      mac: z.mac().optional(),
      slug: z
        .string()
        .regex(/^[a-z]+$/)
        .optional(),
    });
    expect(
      errorsOf(kinds, {
        day: '2027-02-30',
        at: 'yesterday',
        name: 'Asha1',
        hex: 'x0',
        ip: '256.1.1.1',
        mac: '00:1B:44:11:3A',
      }),
    ).toEqual({
      day: ['The value must be a valid date'],
      at: ['The value must be a valid date'],
      name: ['The value may only contain letters'],
      hex: ['The value must be hexadecimal'],
      ip: ['The value must be a valid IPv4 address'],
      mac: ['The value must be a valid MAC address'],
    });
    expect([messages.date, messages.alpha, messages.hexadecimal, messages.ipv4, messages.mac]).toEqual([
      'The value must be a valid date',
      'The value may only contain letters',
      'The value must be hexadecimal',
      'The value must be a valid IPv4 address',
      'The value must be a valid MAC address',
    ]);
    // Valid values pass, letters of any script among them; another pattern keeps the fallback.
    expect(
      errorsOf(kinds, {
        day: '2028-02-29',
        at: '2027-03-01T10:00:00Z',
        name: 'Zoë',
        hex: 'c0ffee',
        ip: '192.168.1.20',
        mac: '00:1B:44:11:3A:B7',
      }),
    ).toBeNull();
    expect(errorsOf(kinds, { name: 'अनीता' })).toBeNull();
    expect(errorsOf(kinds, { slug: 'Not A Slug' })).toEqual({ slug: [messages.fallback] });
    // A rule's own message still wins.
    expect(errorsOf(z.object({ d: z.iso.date({ error: 'own' }) }), { d: 'x' })).toEqual({ d: ['own'] });
  });

  it('falls back to "This field is not valid", and names an unknown key for the developer', () => {
    expect(errorsOf(form, { name: 'a', code: 'abc', kind: 'c', agree: 'yes' })).toEqual({
      kind: [messages.fallback],
      agree: [messages.fallback],
    });
    const r = form.safeParse({ name: 'a', code: 'abc', extra: 1 });
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['Unrecognized key: "extra"']);
  });

  it('keeps the message a rule names, and gives ranges their own text', () => {
    // zod's precedence: the rule's own message, then its type's, then the spec's text.
    const typed = z.object({ n: z.number({ error: messages.integer }).min(1), m: z.number().min(1, { error: 'own' }) });
    expect(errorsOf(typed, { n: 0, m: 0 })).toEqual({ n: [messages.integer], m: ['own'] });
    expect(errorsOf(RateExperienceBodySchema, { order_id: 'ord_1', rating: 0 })).toEqual({
      rating: [messages.between(1, 5)],
    });
    expect(errorsOf(RateExperienceBodySchema, { order_id: 'ord_1', rating: 'x' })).toEqual({
      rating: [messages.integer],
    });
    expect(errorsOf(OrdersPageQuerySchema, { page: '0' })).toEqual({ page: [messages.atLeast(1)] });
    expect(errorsOf(ContactBodySchema, { phone: '12' })).toEqual({ phone: [messages.minLength(6)] });
    expect(errorsOf(ContactBodySchema, { phone: '98x' })).toEqual({ phone: [messages.numeric] });
  });
});
