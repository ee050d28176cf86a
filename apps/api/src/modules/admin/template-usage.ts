import { sql, type SQL } from 'drizzle-orm';

/**
 * The templates whose live or draft sections of `type` name a row by `settings.<key>`, as a json
 * array of `{ id, name }` by name: what the FAQ, slider and form editors list as "shown by", and what
 * stops a delete. `rowId` is the SQL of the row's id in the caller's query (e.g. `g.id`); `type`
 * and `key` are the callers' own names, never input.
 */
export function templatesShowing(
  type: 'faq' | 'hero_slider' | 'form',
  key: 'faq_id' | 'slider_id' | 'form_id',
  rowId: SQL,
): SQL {
  return sql`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name, t.id)
                  from templates t
                 where exists (select 1 from template_sections s
                                where s.template_id = t.id and s.type = ${type} and s.settings->>${key} = ${rowId})
                    or t.draft_sections @> jsonb_build_array(jsonb_build_object('type', ${type}::text,
                         'settings', jsonb_build_object(${key}::text, ${rowId})))), '[]'::json)`;
}
