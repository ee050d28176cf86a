import { sql } from 'drizzle-orm';
import { swatchMessages, type OptionSwatch, type OptionSwatchList } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { notFound } from '../../lib/http.ts';
import { recordAudit, type AuditActor } from '../staff/audit.ts';

interface SwatchRow {
  option_name: string;
  value: string;
  colour: string;
  updated_at: Date | string;
}

const toSwatch = (r: SwatchRow): OptionSwatch => ({
  option_name: r.option_name,
  value: r.value,
  colour: r.colour,
  updated_at: new Date(r.updated_at).toISOString(),
});

const target = (s: { option_name: string; value: string }) => `swatch:${s.option_name}/${s.value}`;

const SWATCH_COLUMNS = ['option_name', 'value', 'colour', 'updated_at'] as const;
const EXAMPLE_KEY = { option_name: 'Colour', value: 'Red' };

const swatchRows = namedQuery<SwatchRow>()({
  name: 'admin.swatches.list',
  columns: SWATCH_COLUMNS,
  example: {},
  build: () =>
    sql`select option_name, value, colour, updated_at from option_swatches order by lower(option_name), lower(value)`,
});

/** Sets the swatch of the key, answering it with the colour and name it had before (null when new). */
const upsertSwatch = namedQuery<SwatchRow & { before: string | null; before_name: string | null }>()({
  name: 'admin.swatches.set',
  columns: [...SWATCH_COLUMNS, 'before', 'before_name'],
  example: { ...EXAMPLE_KEY, colour: '#ff0000' },
  build: (body: { option_name: string; value: string; colour: string }) =>
    sql`with old as (
            select colour, option_name || '/' || value as name from option_swatches
             where lower(option_name) = lower(${body.option_name}) and lower(value) = lower(${body.value}))
          insert into option_swatches (option_name, value, colour) values (${body.option_name}, ${body.value}, ${body.colour})
          on conflict ((lower(option_name)), (lower(value))) do update
             set option_name = excluded.option_name, value = excluded.value, colour = excluded.colour, updated_at = now()
          returning option_name, value, colour, updated_at,
                    (select colour from old) as before, (select name from old) as before_name`,
});

const deleteSwatch = namedQuery<SwatchRow>()({
  name: 'admin.swatches.remove',
  columns: SWATCH_COLUMNS,
  example: EXAMPLE_KEY,
  build: (key: { option_name: string; value: string }) =>
    sql`delete from option_swatches
           where lower(option_name) = lower(${key.option_name}) and lower(value) = lower(${key.value})
          returning option_name, value, colour, updated_at`,
});

/** Every swatch of the shop, by option name then value. */
export async function listSwatches(db: Db): Promise<OptionSwatchList> {
  const rows = await swatchRows(db, {});
  return { swatches: rows.map(toSwatch) };
}

/**
 * Sets the swatch of an option value: one upsert on the case-insensitive key, so two owners
 * setting the same value at once both land (the last one wins) and no duplicate can appear. The
 * names are stored as last sent. An audit entry records the colour before and after, unless the
 * save changed nothing.
 */
export async function setSwatch(
  db: Db,
  actor: AuditActor,
  body: { option_name: string; value: string; colour: string },
  ip: string | null,
): Promise<OptionSwatch> {
  return db.transaction(async (tx) => {
    // Saves of one key take turns, so each audit entry's "before" is what that save replaced.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('option_swatches'), hashtext(lower(${body.option_name}) || '/' || lower(${body.value})))`,
    );
    const [row] = await upsertSwatch(tx, body);
    const saved = toSwatch(row!);
    const sameName = row!.before_name === `${saved.option_name}/${saved.value}`;
    if (row!.before !== saved.colour || !sameName) {
      await recordAudit(tx, {
        staff: actor,
        action: 'swatch.set',
        target: target(saved),
        before: row!.before === null ? null : { colour: row!.before },
        after: { colour: saved.colour },
        ip,
      });
    }
    return saved;
  });
}

/** Removes the swatch of an option value (404 when it has none), with an audit entry. */
export async function removeSwatch(
  db: Db,
  actor: AuditActor,
  key: { option_name: string; value: string },
  ip: string | null,
): Promise<OptionSwatch> {
  return db.transaction(async (tx) => {
    const [row] = await deleteSwatch(tx, key);
    if (!row) throw notFound(swatchMessages.notFound);
    const removed = toSwatch(row);
    await recordAudit(tx, {
      staff: actor,
      action: 'swatch.remove',
      target: target(removed),
      before: { colour: removed.colour },
      after: null,
      ip,
    });
    return removed;
  });
}
