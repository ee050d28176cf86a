import { sql } from 'drizzle-orm';
import type { Section, TemplateWarning } from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { textArray } from '../../../db/sql-array.ts';

/** The table and noun of each kind of row a section may name. */
const KINDS = {
  slider: { table: sql`sliders`, column: sql`id`, noun: 'slider' },
  faq: { table: sql`faq_groups`, column: sql`id`, noun: 'FAQ group' },
  form: { table: sql`forms`, column: sql`id`, noun: 'form' },
  gallery: { table: sql`galleries`, column: sql`id`, noun: 'gallery' },
  category: { table: sql`categories`, column: sql`slug`, noun: 'category' },
  collection: { table: sql`collections`, column: sql`slug`, noun: 'collection' },
} as const;
type Kind = keyof typeof KINDS;

/** Of the values, those the kind's table has: one statement per kind, each named and checked. */
const knownRows = (kind: Kind) =>
  namedQuery<{ v: string }>()({
    name: `admin.templates.known-${kind}`,
    columns: ['v'],
    example: { values: ['example'] },
    build: ({ values }: { values: string[] }) => {
      const { table, column } = KINDS[kind];
      return sql`select ${column} as v from ${table} where ${column} = any(${textArray(values)})`;
    },
  });
const KNOWN_ROWS: Record<Kind, ReturnType<typeof knownRows>> = {
  slider: knownRows('slider'),
  faq: knownRows('faq'),
  form: knownRows('form'),
  gallery: knownRows('gallery'),
  category: knownRows('category'),
  collection: knownRows('collection'),
};

interface Reference {
  key: string;
  field: string;
  kind: Kind;
  value: string;
}

/** Every id or slug the sections name, with the field that names it. */
function referencesOf(sections: readonly Section[]): Reference[] {
  return sections.flatMap((s): Reference[] => {
    const one = (field: string, kind: Kind, value: string | null | undefined) =>
      value ? [{ key: s.key, field: `settings.${field}`, kind, value }] : [];
    switch (s.type) {
      case 'hero_slider':
        return one('slider_id', 'slider', s.settings.slider_id);
      case 'faq':
        return one('faq_id', 'faq', s.settings.faq_id);
      case 'form':
        return one('form_id', 'form', s.settings.form_id);
      case 'gallery':
        return one('gallery_id', 'gallery', s.settings.gallery_id);
      case 'category_grid':
        return s.settings.category_slugs.flatMap((v, i) => one(`category_slugs.${i}`, 'category', v));
      case 'collection_grid':
        return s.settings.collection_slugs.flatMap((v, i) => one(`collection_slugs.${i}`, 'collection', v));
      default:
        return [];
    }
  });
}

/**
 * What the sections name that the shop does not have (a deleted slider, FAQ group, form, gallery,
 * category or collection). Saving is not refused for it (issue 28): the storefront renders such a
 * section without the missing part, and the editor shows the warning at the field. One query per
 * kind named.
 */
export async function sectionWarnings(db: Db, sections: readonly Section[]): Promise<TemplateWarning[]> {
  const refs = referencesOf(sections);
  const known = new Map<Kind, Set<string>>();
  for (const kind of new Set(refs.map((r) => r.kind))) {
    const values = [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.value))];
    const rows = await KNOWN_ROWS[kind](db, { values });
    known.set(kind, new Set(rows.map((r) => r.v)));
  }
  return refs
    .filter((r) => !known.get(r.kind)?.has(r.value))
    .map((r) => ({
      key: r.key,
      field: r.field,
      message: `The ${KINDS[r.kind].noun} “${r.value}” no longer exists: shoppers see this section without it`,
    }));
}
