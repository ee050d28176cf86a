import { sql, type SQL } from 'drizzle-orm';
import {
  SLIDER_LIMITS,
  adminSliderMessages as msg,
  type AdminSlide,
  type AdminSlider,
  type AdminSliderList,
  type AdminSliderRow,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { recordAudit } from '../../staff/audit.ts';
import { idCandidates } from '../content-ids.ts';
import type { OwnerAct } from '../if-match.ts';
import { templatesShowing } from '../template-usage.ts';
import { lockShownPictures } from '../media/shown-pictures.ts';
import { dropVersions, stateVersions, type VersionState } from '../versions/service.ts';

/**
 * The slider editor (issue 28). A slider's slides are saved whole in one short transaction that
 * first claims the slider row by a conditional update (`version = If-Match`), so of several
 * editors saving against the same version exactly one wins and the others are refused with 409.
 * sliders' and slides' triggers tell every process's page cache at commit (content-version.ts).
 * A slides save may carry the name too, so the editor's one Save is one request and one version.
 * Each rename and slides save keeps the slider's whole editor state as a version (History, kind
 * `slider`, subject the slider id); deleting the slider deletes them.
 */

const EXAMPLE_SLIDER = { id: 'slider_example' };

/** The sliders (all, or the one `id`) with their slide count and the templates that show them. */
const sliderRowsQuery = namedQuery<AdminSliderRow>()({
  name: 'admin.sliders.rows',
  columns: ['id', 'name', 'version', 'slide_count', 'used_by'],
  example: EXAMPLE_SLIDER as { id: string | undefined },
  build: (p: { id: string | undefined }) =>
    sql`select l.id, l.name, l.version,
               (select count(*)::int from slides s where s.slider_id = l.id) as slide_count,
               ${templatesShowing('hero_slider', 'slider_id', sql`l.id`)} as used_by
          from sliders l
         where ${p.id === undefined ? sql`true` : sql`l.id = ${p.id}`}
         order by l.name, l.id`,
});

const sliderRows = (db: Db, id?: string) => sliderRowsQuery(db, { id });

/** Every slider by name, with its slide count and where it is shown. */
export async function listSliders(db: Db): Promise<AdminSliderList> {
  return { sliders: await sliderRows(db) };
}

// An empty image_url is a slide without a picture (the column predates the editor and is not null).
const slideRowsQuery = namedQuery<AdminSlide>()({
  name: 'admin.sliders.slides',
  columns: ['title', 'subtitle', 'image_url', 'image_alt', 'link_url', 'link_text'],
  example: EXAMPLE_SLIDER,
  build: (p: { id: string }) =>
    sql`select title, subtitle, nullif(image_url, '') as image_url, image_alt, link_url, link_text
          from slides where slider_id = ${p.id} order by position, id`,
});

const slideRows = (db: Db, id: string) => slideRowsQuery(db, { id });

/** The slider's name; `lock` takes its row lock too. */
const sliderName = namedQuery<{ name: string }>()({
  name: 'admin.sliders.name',
  columns: ['name'],
  example: { id: 'slider_example', lock: true },
  build: (p: { id: string; lock: boolean }) =>
    sql`select name from sliders where id = ${p.id}${p.lock ? sql` for update` : sql``}`,
});

/**
 * The slider as its editor edits it (name, slides): a version's body, in the shape the slides save
 * takes. Restoring puts it back in the form; the editor's Save sends it.
 */
async function sliderState(tx: Db, id: string): Promise<VersionState | null> {
  const [l] = await sliderName(tx, { id, lock: false });
  return l ? { body: { name: l.name, slides: await slideRows(tx, id) }, at: null } : null;
}

const sliderVersions = stateVersions('slider', sliderState);

/** One slider with its slides in order; 404 for an unknown id. */
export async function loadSlider(db: Db, id: string): Promise<AdminSlider> {
  const [row] = await sliderRows(db, id);
  if (!row) throw notFound(msg.notFound);
  return { ...row, slides: await slideRows(db, id) };
}

const insertSlider = namedQuery<{ id: string }>()({
  name: 'admin.sliders.insert',
  columns: ['id'],
  example: { id: 'slider_example', name: 'Hero' },
  build: (p: { id: string; name: string }) =>
    sql`insert into sliders (id, name) values (${p.id}, ${p.name}) on conflict (id) do nothing returning id`,
});

/**
 * Makes an empty slider. Without an id, one is made from the name (`-2`, `-3`… when taken); a
 * given id that is taken is 422 at `id`.
 */
export async function createSlider(
  db: Db,
  act: OwnerAct,
  body: { id?: string | undefined; name: string },
): Promise<AdminSlider> {
  const candidates = idCandidates(body.id, body.name, SLIDER_LIMITS.idMax, 'slider');
  const id = await db.transaction(async (tx) => {
    for (const candidate of candidates) {
      const [made] = await insertSlider(tx, { id: candidate, name: body.name });
      if (!made) continue;
      await recordAudit(tx, {
        staff: act.staff,
        action: 'slider.create',
        target: `slider:${made.id}`,
        after: { name: body.name },
        ip: act.ip,
      });
      return made.id;
    }
    throw fieldError('id', msg.idTaken);
  });
  return loadSlider(db, id);
}

const claimSlider = namedQuery<{ version: number; name: string }>()({
  name: 'admin.sliders.claim',
  columns: ['version', 'name'],
  example: { id: 'slider_example', ifMatch: 1 as number | null, set: sql`name = ${'Hero'},` as SQL },
  build: (p: { id: string; ifMatch: number | null; set: SQL }) =>
    sql`update sliders set ${p.set} version = version + 1
         where id = ${p.id} and ${p.ifMatch === null ? sql`true` : sql`version = ${p.ifMatch}`}
         returning version, name`,
});

/** The slider's id; `lock` takes its row lock too. */
const sliderId = namedQuery<{ id: string }>()({
  name: 'admin.sliders.id',
  columns: ['id'],
  example: { id: 'slider_example', lock: true },
  build: (p: { id: string; lock: boolean }) =>
    sql`select id from sliders where id = ${p.id}${p.lock ? sql` for update` : sql``}`,
});

/** Claims the slider at the If-Match version (`set` changes it too), or 404 / 409. */
async function claim(tx: Db, act: OwnerAct, id: string, set = sql``): Promise<{ version: number; name: string }> {
  const [claimed] = await claimSlider(tx, { id, ifMatch: act.ifMatch, set });
  if (claimed) return claimed;
  const [exists] = await sliderId(tx, { id, lock: false });
  throw exists ? new HttpError(409, msg.stale) : notFound(msg.notFound);
}

/** The slider's new name, if it is still at the If-Match version; audited. */
export async function renameSlider(db: Db, act: OwnerAct, id: string, name: string): Promise<AdminSlider> {
  await db.transaction(async (tx) => {
    const [before] = await sliderName(tx, { id, lock: true });
    const first = await sliderVersions.first(tx, id);
    const claimed = await claim(tx, act, id, sql`name = ${name},`);
    await sliderVersions.keep(tx, act.staff.email, id, first);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'slider.rename',
      target: `slider:${id}`,
      before: before ?? null,
      after: { version: claimed.version, name },
      ip: act.ip,
    });
  });
  return loadSlider(db, id);
}

/** What the audit log keeps of a slide list. */
const outline = (slides: readonly AdminSlide[]) => slides.map((s) => s.title);

/** What a slides save takes: the whole list, and the name when it changed too. */
export interface SliderSave {
  slides: AdminSlide[];
  name?: string | undefined;
}

/**
 * Replaces the slider's whole slide list, and its name when given, if it is still at the If-Match
 * version: one transaction, one conditional update of the slider row, one version (never one with
 * the new name and the old slides), audited. Shoppers see it at once.
 */
export async function saveSlides(db: Db, act: OwnerAct, id: string, body: SliderSave): Promise<AdminSlider> {
  const { slides, name } = body;
  await db.transaction(async (tx) => {
    await lockShownPictures(tx, ...slides.map((s) => s.image_url));
    // The row is locked before anything is read, so a save that waited on another sees what
    // that one left, and what it was before is read before the claim changes its name.
    const [slider] = await sliderName(tx, { id, lock: true });
    const first = await sliderVersions.first(tx, id);
    const before = await slideRows(tx, id);
    const claimed = await claim(tx, act, id, name === undefined ? sql`` : sql`name = ${name},`);
    await tx.execute(sql`delete from slides where slider_id = ${id}`);
    if (slides.length)
      await tx.execute(
        sql`insert into slides (slider_id, title, subtitle, image_url, image_alt, link_url, link_text, position) values ${sql.join(
          slides.map(
            (s, position) =>
              sql`(${id}, ${s.title}, ${s.subtitle}, ${s.image_url ?? ''}, ${s.image_url === null ? '' : s.image_alt}, ${s.link_url}, ${s.link_text}, ${position})`,
          ),
          sql`, `,
        )}`,
      );
    await sliderVersions.keep(tx, act.staff.email, id, first);
    // The name is in the audit only when this save changed it.
    const renamed = name === undefined ? null : { before: slider, after: { name } };
    await recordAudit(tx, {
      staff: act.staff,
      action: 'slider.save',
      target: `slider:${id}`,
      before: { ...renamed?.before, slides: outline(before) },
      after: { version: claimed.version, ...renamed?.after, slides: outline(slides) },
      ip: act.ip,
    });
  });
  return loadSlider(db, id);
}

/**
 * Deletes a slider, its slides and its kept versions; 409 naming the templates while any live or draft section
 * shows it. The slider row is locked first, so a rename or save of it waits. Template saves take
 * no lock on the sliders they name (a section whose slider is gone renders without it, and the
 * template editor flags it), so a template saved during the delete can still name it.
 */
export async function deleteSlider(db: Db, act: OwnerAct, id: string): Promise<{ id: string }> {
  await db.transaction(async (tx) => {
    const [locked] = await sliderId(tx, { id, lock: true });
    if (!locked) throw notFound(msg.notFound);
    const [row] = await sliderRows(tx, id);
    if (row!.used_by.length) throw new HttpError(409, msg.inUse(row!.used_by.map((t) => t.name)));
    if (act.ifMatch !== null && row!.version !== act.ifMatch) throw new HttpError(409, msg.stale);
    const slides = await slideRows(tx, id);
    await tx.execute(sql`delete from sliders where id = ${id}`);
    await dropVersions(tx, 'slider', id);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'slider.delete',
      target: `slider:${id}`,
      before: { name: row!.name, slides: outline(slides) },
      ip: act.ip,
    });
  });
  return { id };
}
