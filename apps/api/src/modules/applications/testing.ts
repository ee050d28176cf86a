import { sql } from 'drizzle-orm';
import type { ApplicationField, ServiceDetails, ServiceStage } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import type { TestApp } from '../../test/app.ts';
import { setStoreSetting } from '../../test/orders.ts';
import { formData, type FilePart } from '../../test/form-data.ts';

/** A stage table like a tax firm's GST registration. */
export const TEST_STAGES: ServiceStage[] = [
  { key: 'verified', label: 'Documents verified', expected_days: 2 },
  { key: 'in_progress', label: 'In progress', expected_days: 3 },
  { key: 'filed', label: 'Filed', expected_days: 5 },
  { key: 'completed', label: 'Completed', expected_days: 1 },
];

/** A form field with the defaults the editor gives: only its key, type and what differs are named. */
export const field = (f: Partial<ApplicationField> & Pick<ApplicationField, 'key' | 'type'>): ApplicationField => ({
  label: f.key,
  required: false,
  help: null,
  options: [],
  max: null,
  min: null,
  accept: [],
  max_mb: null,
  ...f,
});

export const TEST_FIELDS: ApplicationField[] = [
  field({ key: 'business_name', type: 'text', required: true, max: 80 }),
  field({ key: 'turnover', type: 'number', required: true, min: 0, max: 10_000_000 }),
  field({ key: 'started_on', type: 'date' }),
  field({ key: 'entity', type: 'choice', required: true, options: ['Proprietorship', 'Partnership', 'Company'] }),
  field({ key: 'pan_card', type: 'file', required: true, accept: ['application/pdf', 'image/jpeg'], max_mb: 1 }),
  field({ key: 'address_proof', type: 'file', accept: ['application/pdf'] }),
];

/**
 * Makes a seeded published product a service (what part A's owner editor writes) and puts the
 * shop in services mode (where applications are taken); answers its id and slug. `offset` picks
 * a different product for each service of a test file.
 */
export async function makeService(
  db: Db,
  offset: number,
  details: Partial<ServiceDetails> = {},
): Promise<{ id: string; slug: string }> {
  // eslint-disable-next-line no-restricted-syntax -- test support the app never imports (named-query.test would not see it)
  const [p] = await queryRows<{ id: string; slug: string }>(
    db,
    sql`select id, slug from products where is_published and archived_at is null
         order by id limit 1 offset ${offset}`,
  );
  await setStoreSetting(db, 'store_mode', 'services');
  const d = { fee_kind: 'fixed', stages: TEST_STAGES, form_fields: TEST_FIELDS, ...details };
  await db.execute(
    sql`insert into service_details (product_id, fee_kind, stages, form_fields)
        values (${p!.id}, ${d.fee_kind}, ${JSON.stringify(d.stages)}::jsonb, ${JSON.stringify(d.form_fields)}::jsonb)`,
  );
  return p!;
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);

/** The good answers of TEST_FIELDS. */
export const GOOD_FIELDS = {
  business_name: 'Asha Traders',
  turnover: '2500000',
  started_on: '2024-04-01',
  entity: 'Proprietorship',
};
export const GOOD_FILES: FilePart[] = [
  { field: 'pan_card', filename: 'pan.pdf', type: 'application/pdf', data: PDF },
  { field: 'address_proof', filename: 'rent agreement.pdf', type: 'application/pdf', data: PDF },
];

/** POST /api/applications as a browser sends it. */
export function apply(
  t: TestApp,
  fields: Record<string, string>,
  files: FilePart[] = GOOD_FILES,
  headers: Record<string, string> = {},
  ip = '10.77.0.1',
) {
  const { payload, contentType } = formData(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/applications',
    payload,
    headers: { ...headers, 'content-type': contentType },
    remoteAddress: ip,
  });
}
