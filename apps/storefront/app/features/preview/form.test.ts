import { describe, expect, it } from 'vitest';
import { FORM_LIMITS, type Section } from '@shopfront/shared';
import { parseParentMessage } from './messages';
import { NO_PREVIEW_CONTENT, previewedData, withContentMessage, type ContentMessage } from './preview-content';

/** shopfront:preview:form (docs/preview-protocol.md): read with the contract's PreviewFormMessageSchema. */
const XSS = '<img src=x onerror="window.__xss=1">';
const field = (over: Record<string, unknown> = {}) => ({
  name: 'your_name',
  label: 'Your name',
  type: 'text',
  required: true,
  ...over,
});
const message = (over: Record<string, unknown> = {}) => ({
  type: 'shopfront:preview:form',
  id: 'contact',
  name: 'Contact us',
  description: 'We answer within a day.',
  fields: [field()],
  submit_label: 'Send',
  success_message: 'Thanks!',
  is_active: true,
  ...over,
});

describe('shopfront:preview:form', () => {
  it('reads the unsaved form with the field defaults of FormFieldSchema', () => {
    expect(parseParentMessage({ ...message(), extra: 'ignored' })).toEqual({
      type: 'shopfront:preview:form',
      is_active: true,
      form: {
        id: 'contact',
        name: 'Contact us',
        description: 'We answer within a day.',
        fields: [
          {
            name: 'your_name',
            label: 'Your name',
            type: 'text',
            required: true,
            options: [],
            min_length: null,
            max_length: null,
            placeholder: null,
          },
        ],
        submit_label: 'Send',
        success_message: 'Thanks!',
      },
    });
  });

  it('leaves out a field it cannot show and empties a text over its limit; markup stays text', () => {
    const m = parseParentMessage(
      message({
        name: 'x'.repeat(FORM_LIMITS.nameMax + 1),
        submit_label: 42,
        is_active: 'yes',
        fields: [
          field({ label: XSS }),
          field({ label: 'Same key again' }),
          field({ name: 'topic', label: 'Topic', type: 'select', options: ['Orders', 'Orders', 'Returns'] }),
          field({ name: 'bad key', label: 'Bad key' }),
          field({ name: 'no_label', label: '  ' }),
          field({ name: 'kind', label: 'Kind', type: 'checkbox' }),
          field({ name: 'long', label: 'Long', max_length: 'ten', placeholder: 'p'.repeat(500) }),
          'junk',
        ],
      }),
    ) as Extract<ContentMessage, { type: 'shopfront:preview:form' }>;
    expect(m.form.name).toBe('');
    expect(m.form.submit_label).toBe('');
    expect(m.is_active).toBe(true);
    expect(m.form.fields.map((f) => [f.name, f.label])).toEqual([
      ['your_name', XSS],
      ['topic', 'Topic'],
      ['long', 'Long'],
    ]);
    expect(m.form.fields[1]!.options).toEqual(['Orders', 'Returns']);
    expect(m.form.fields[2]).toMatchObject({ max_length: null, placeholder: null });
    const many = Array.from({ length: FORM_LIMITS.fieldsMax + 5 }, (_, i) => field({ name: `f${i}` }));
    const all = parseParentMessage(message({ fields: many })) as Extract<ContentMessage, { form: unknown }>;
    expect(all.form.fields).toHaveLength(FORM_LIMITS.fieldsMax);
  });

  it('refuses a message without a valid id or a list of fields', () => {
    expect(parseParentMessage(message({ id: '../admin' }))).toBeNull();
    expect(parseParentMessage(message({ id: undefined }))).toBeNull();
    expect(parseParentMessage(message({ fields: 'x' }))).toBeNull();
    expect(parseParentMessage(message({ fields: undefined }))).toBeNull();
  });

  it('shows the unsaved form in the sections naming it, nothing when switched off, the saved one elsewhere', () => {
    const section = (form_id: string) => ({ key: 'form', type: 'form', settings: { title: '', form_id } }) as Section;
    const saved = {
      id: 'contact',
      name: 'Saved',
      description: '',
      fields: [],
      submit_label: 'Go',
      success_message: '',
    };
    let content = withContentMessage(NO_PREVIEW_CONTENT, parseParentMessage(message()) as ContentMessage, '/');
    expect(previewedData(section('contact'), saved, content)).toMatchObject({
      name: 'Contact us',
      submit_label: 'Send',
    });
    expect(previewedData(section('other'), saved, content)).toBe(saved);
    // A form switched off in the editor shows nothing; one saved off shows once switched on.
    content = withContentMessage(content, parseParentMessage(message({ is_active: false })) as ContentMessage, '/');
    expect(previewedData(section('contact'), saved, content)).toBeNull();
    content = withContentMessage(content, parseParentMessage(message()) as ContentMessage, '/');
    expect(previewedData(section('contact'), null, content)).toMatchObject({ name: 'Contact us' });
  });
});
