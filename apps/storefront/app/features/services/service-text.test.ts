import { describe, expect, it } from 'vitest';
import { ApplicationFieldSchema, money } from '@shopfront/shared';
import { applyLabel, applyPath, feeText, turnaroundText } from './fee-text';
import { fieldHint, fileHint, precheckFile, sizeText, stageTone } from './service-text';

const field = (f: Record<string, unknown>) => ApplicationFieldSchema.parse({ key: 'f', label: 'F', ...f });

describe('a service, as the shopper reads it', () => {
  const price = money(149_900, 'INR');

  it('its fee: fixed, from, or on quote (where the price is not shown at all)', () => {
    expect(feeText('fixed', price)).toBe('₹1,499.00');
    expect(feeText('from', price)).toBe('From ₹1,499.00');
    expect(feeText('quote', money(0, 'INR'))).toBe('Price on quote');
    expect(feeText('fixed', money(0, 'INR'))).toBe('Free');
    // A "from" fee of 0: nothing is paid to apply, and nothing later (never "From ₹0.00").
    expect(feeText('from', money(0, 'INR'))).toBe('Free');
    expect(applyLabel('fixed')).toBe('Apply now');
    expect(applyLabel('from')).toBe('Apply now');
    expect(applyLabel('quote')).toBe('Request a quote');
    expect(applyPath('gst registration')).toBe('/apply/gst%20registration');
  });

  it('its turnaround, in working days', () => {
    expect(turnaroundText(null)).toBeNull();
    expect(turnaroundText(0)).toBe('The same working day');
    expect(turnaroundText(1)).toBe('About 1 working day');
    expect(turnaroundText(7)).toBe('About 7 working days');
  });

  it("a form field's hint: its help, the file types and size it takes, a number's range", () => {
    const file = field({ type: 'file', accept: ['application/pdf', 'image/jpeg', 'image/png'], max_mb: 2 });
    expect(fileHint(file, 10)).toBe('PDF, JPEG or PNG, up to 2 MB');
    expect(fieldHint(file, 10)).toBe('PDF, JPEG or PNG, up to 2 MB');
    expect(fieldHint(field({ type: 'file', accept: ['application/pdf'] }), 10)).toBe('PDF, up to 10 MB');
    expect(fieldHint(field({ type: 'text', help: 'Ten characters, such as ABCDE1234F' }), 10)).toBe(
      'Ten characters, such as ABCDE1234F',
    );
    expect(fieldHint(field({ type: 'number', min: 2, max: 15 }), 10)).toBe('From 2 to 15');
    expect(fieldHint(field({ type: 'number', min: 0, help: 'Roughly' }), 10)).toBe('Roughly. At least 0');
    expect(fieldHint(field({ type: 'number', max: 10 }), 10)).toBe('At most 10');
    expect(fieldHint(field({ type: 'date' }), 10)).toBeNull();
  });

  it('a chosen file the field will refuse is said at once, in the API’s words; an unknown type is left to the API', () => {
    const pdf = field({ type: 'file', accept: ['application/pdf'], max_mb: 2 });
    expect(precheckFile(pdf, { type: 'image/gif', size: 10 }, 10)).toBe('Please upload a PDF file');
    expect(precheckFile(pdf, { type: 'application/pdf', size: 3 * 1_048_576 }, 10)).toBe(
      'The file is too large (at most 2 MB)',
    );
    expect(precheckFile(pdf, { type: 'application/pdf', size: 2 * 1_048_576 }, 10)).toBeNull();
    expect(precheckFile(pdf, { type: '', size: 10 }, 10)).toBeNull();
  });

  it("an application's stage colour and a document's size", () => {
    expect(stageTone('rejected')).toBe('ended');
    expect(stageTone('cancelled')).toBe('ended');
    expect(stageTone('quote_requested')).toBe('waiting');
    expect(stageTone('awaiting_payment')).toBe('waiting');
    expect(stageTone('filed')).toBe('moving');
    expect(stageTone('completed', true)).toBe('done');
    expect(sizeText(200)).toBe('1 KB');
    expect(sizeText(240 * 1024)).toBe('240 KB');
    expect(sizeText(1.25 * 1_048_576)).toBe('1.3 MB');
  });
});
