import { describe, expect, it } from 'vitest';
import { ServiceDetailsBodySchema, type ServiceDetails } from '@shopfront/shared';
import { emptyField, formPath, fromDetails, keyOf, numberIssues, toBody } from './service-model';

const details: ServiceDetails = {
  fee_kind: 'from',
  includes: ['Filing', 'One revision'],
  turnaround_days: 7,
  documents_needed: ['PAN card'],
  stages: [
    { key: 'verified', label: 'Documents verified', expected_days: 2 },
    { key: 'done', label: 'Completed', expected_days: 5 },
  ],
  form_fields: [
    {
      key: 'pan',
      label: 'PAN',
      type: 'text',
      required: true,
      help: null,
      options: [],
      max: 10,
      min: null,
      accept: [],
      max_mb: null,
    },
    {
      key: 'kind',
      label: 'Kind',
      type: 'choice',
      required: false,
      help: 'Pick one',
      options: ['A', 'B'],
      max: null,
      min: null,
      accept: [],
      max_mb: null,
    },
    {
      key: 'proof',
      label: 'Proof',
      type: 'file',
      required: true,
      help: null,
      options: [],
      max: null,
      min: null,
      accept: ['application/pdf'],
      max_mb: 4,
    },
  ],
};

describe('the service editor’s form', () => {
  it('turns saved details into the form and back into the same body', () => {
    expect(toBody(fromDetails(details))).toEqual(details);
    expect(ServiceDetailsBodySchema.safeParse(toBody(fromDetails(details))).success).toBe(true);
  });

  it('starts a new service with two stages and no questions, a valid body', () => {
    const body = toBody(fromDetails(null));
    expect(body.stages.map((s) => s.key)).toEqual(['in_progress', 'completed']);
    expect(body.form_fields).toEqual([]);
    expect(ServiceDetailsBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends only what a field’s type uses: a text field’s leftover options and file types are dropped', () => {
    const form = fromDetails(null);
    form.form_fields = [{ ...emptyField(), key: 'name_on_pan', label: 'Name on PAN', options: 'x\ny', min: '3' }];
    const [field] = toBody(form).form_fields;
    expect(field).toMatchObject({ type: 'text', options: [], accept: [], min: null, max_mb: null });
  });

  it('reads lists one per line, skipping empty lines', () => {
    const form = fromDetails(null);
    form.includes = ' Filing \n\n One revision\n';
    expect(toBody(form).includes).toEqual(['Filing', 'One revision']);
  });

  it('makes a key from a question', () => {
    expect(keyOf('PAN number')).toBe('pan_number');
    expect(keyOf('  2nd  address (if any) ')).toBe('nd_address_if_any');
    expect(keyOf('Date of birth?')).toBe('date_of_birth');
  });

  it('names a number box holding words, before the schema speaks', () => {
    const form = fromDetails(details);
    form.turnaround_days = 'a week';
    form.stages[1]!.expected_days = '2.5';
    form.form_fields[0]!.max = 'ten';
    expect(numberIssues(form)).toEqual([
      { path: 'turnaround_days', message: 'Enter a whole number of days' },
      { path: 'stages.1.expected_days', message: 'Enter a whole number of days' },
      { path: 'form_fields.0.max', message: 'Enter a number' },
    ]);
  });

  it('places the API’s issues: a field of a question or stage, or the whole box of a list', () => {
    expect(formPath('form_fields.2.options')).toBe('form_fields.2.options');
    expect(formPath('stages.0.key')).toBe('stages.0.key');
    expect(formPath('includes.3')).toBe('includes');
    expect(formPath('stages')).toBe('stages');
    expect(formPath('something_else')).toBeNull();
  });
});
