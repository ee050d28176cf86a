import { describe, expect, it } from 'vitest';
import { FormFieldSchema, checkFormField, formSubmissionSchema } from './forms.ts';

const field = (f: Parameters<typeof FormFieldSchema.parse>[0]) => FormFieldSchema.parse(f);

describe('checkFormField', () => {
  it('answers the spec messages, the first failing rule only', () => {
    const email = field({ name: 'email', label: 'E-mail', type: 'email', required: true });
    expect(checkFormField(email, '')).toEqual({ error: 'This field is required' });
    expect(checkFormField(email, '   ')).toEqual({ error: 'This field is required' });
    expect(checkFormField(email, 'a@b')).toEqual({ error: 'The value must be an valid email address' });
    expect(checkFormField(email, ' a@b.co ')).toEqual({ value: 'a@b.co' });
    const note = field({ name: 'note', label: 'Note', type: 'textarea', min_length: 5, max_length: 10 });
    expect(checkFormField(note, undefined)).toEqual({ value: '' });
    expect(checkFormField(note, 'abc')).toEqual({ error: 'The value length should be at least 5' });
    expect(checkFormField(note, 'abcdefghijk')).toEqual({ error: 'The value length should not exceed 10' });
    expect(checkFormField(note, ['x'])).toEqual({ error: 'This field is not valid' });
    const text = field({ name: 'city', label: 'City', type: 'text' });
    expect(checkFormField(text, 'x'.repeat(256))).toEqual({ error: 'The value length should not exceed 255' });
    const phone = field({ name: 'phone', label: 'Phone', type: 'tel' });
    expect(checkFormField(phone, '+91 98450-12345')).toEqual({ value: '+91 98450-12345' });
    expect(checkFormField(phone, '12345')).toEqual({ error: 'Invalid phone number' });
    const pick = field({ name: 'size', label: 'Size', type: 'select', options: ['S', 'M'] });
    expect(checkFormField(pick, 'L')).toEqual({ error: 'This field is not valid' });
  });
});

describe('formSubmissionSchema', () => {
  it('keeps only defined fields with a value and reports issues by field name', () => {
    const schema = formSubmissionSchema([
      field({ name: 'name', label: 'Name', type: 'text', required: true }),
      field({ name: 'city', label: 'City', type: 'text' }),
    ]);
    expect(schema.parse({ name: ' Ana ', city: '', role: 'admin' })).toEqual({ name: 'Ana' });
    const failed = schema.safeParse({});
    expect(failed.success).toBe(false);
    expect(failed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'This field is required'],
    ]);
  });
});
