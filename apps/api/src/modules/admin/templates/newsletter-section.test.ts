import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NEWSLETTER_SECTION_LIMITS,
  STAFF_ROLES,
  messages,
  roleMayUse,
  type AdminTemplate,
  type SectionInput,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { ifMatch, ownerRequest } from '../../../test/owner-request.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The newsletter section (issue 28) on PGlite and (TEST_DATABASE_URL) PostgreSQL: its settings'
 * checks and defaults, the rendered section posting to the footer band's own signup action, the
 * signup it makes (source `section`, double opt-in as the footer's), and nothing shown while the
 * E-mail subscription plugin is not installed (the editor's choices say so).
 */
let t: TestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ storefront: true });
  owner = (await signedInOwner(t)).headers;
}, 300_000);
afterAll(() => t.close());

const req = ownerRequest(
  () => t,
  () => owner,
);

async function home(): Promise<AdminTemplate> {
  const res = await req('GET', '/api/admin/templates/home');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const draft = async (sections: unknown[]) => {
  const current = await home();
  return req('PUT', '/api/admin/templates/home/draft', { body: { sections }, headers: ifMatch(current.version) });
};
const newsletter = (settings: object, key = 'news'): SectionInput =>
  ({ key, type: 'newsletter', settings }) as SectionInput;

/** Publishes `section` at the top of the home page. */
async function publishOnHome(section: SectionInput) {
  const current = await home();
  const saved = await req('PUT', '/api/admin/templates/home/draft', {
    body: { sections: [section, ...current.sections.filter((s) => s.key !== section.key)] },
    headers: ifMatch(current.version),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const res = await req('POST', '/api/admin/templates/home/publish', { headers: ifMatch(saved.json().data.version) });
  expect(res.statusCode, res.body).toBe(200);
}
const homeHtml = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
/** The section's own markup: from its opening tag to the end of its <section>. */
const sectionHtml = (html: string, key: string) => {
  const start = html.indexOf(`data-newsletter-section="${key}"`);
  return start < 0 ? '' : html.slice(start, html.indexOf('</section>', start));
};

describe('newsletter section settings', () => {
  it('answers 422 at the field of a missing or too long heading, text or button label, or an unknown background', async () => {
    const cases: [object, string, string][] = [
      [{}, 'title', messages.required],
      [{ title: '' }, 'title', messages.required],
      [
        { title: 'x'.repeat(NEWSLETTER_SECTION_LIMITS.title + 1) },
        'title',
        messages.maxLength(NEWSLETTER_SECTION_LIMITS.title),
      ],
      [
        { title: 'Letters', text: 'x'.repeat(NEWSLETTER_SECTION_LIMITS.text + 1) },
        'text',
        messages.maxLength(NEWSLETTER_SECTION_LIMITS.text),
      ],
      [{ title: 'Letters', button_label: '' }, 'button_label', messages.required],
      [
        { title: 'Letters', button_label: 'x'.repeat(NEWSLETTER_SECTION_LIMITS.button_label + 1) },
        'button_label',
        messages.maxLength(NEWSLETTER_SECTION_LIMITS.button_label),
      ],
      [{ title: 'Letters', background: 'neon' }, 'background', messages.fallback],
      [{ title: 'Letters\u0000' }, 'title', messages.invalidCharacters],
      [{ title: 'Letters', button_label: 'Join\nus' }, 'button_label', messages.invalidCharacters],
    ];
    for (const [settings, field, message] of cases) {
      const res = await draft([newsletter(settings)]);
      expect(res.statusCode, JSON.stringify(settings)).toBe(422);
      expect(res.json().errors[`sections.0.settings.${field}`], JSON.stringify(settings)).toContain(message);
    }
  });

  it('saves a heading alone with the defaults filled in, and keeps the line breaks of the text', async () => {
    const res = await draft([newsletter({ title: 'Letters from the studio' })]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.draft.sections[0].settings).toEqual({
      title: 'Letters from the studio',
      text: '',
      button_label: 'Subscribe',
      background: 'tinted',
    });
    const full = { title: 'Letters', text: 'New pieces.\nTwice a month.', button_label: 'Join', background: 'brand' };
    const res2 = await draft([newsletter(full)]);
    expect(res2.json().data.draft.sections[0].settings).toEqual(full);
    const current = await home();
    await req('DELETE', '/api/admin/templates/home/draft', { headers: ifMatch(current.version) });
  });
});

describe('the newsletter section on the storefront', () => {
  it('renders the owner’s heading, text and button over the footer band’s form, which signs up with source `section`', async () => {
    await publishOnHome(
      newsletter({ title: 'Letters from the kiln', text: 'Twice a month.', button_label: 'Count me in' }),
    );
    const html = sectionHtml(await homeHtml(), 'news');
    expect(html).toContain('Letters from the kiln');
    expect(html).toContain('Twice a month.');
    expect(html).toContain('Count me in');
    expect(html).toMatch(/<form(?=[^>]*method="post")(?=[^>]*action="\/newsletter")/);
    expect(html).toContain('name="source" value="section"');

    // The form's post, as a browser without JavaScript sends it: the /newsletter action.
    const res = await t.app.inject({
      method: 'POST',
      url: '/newsletter',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:80',
        accept: 'text/html',
      },
      payload: new URLSearchParams({ source: 'section', email: 'Section.Reader@example.com' }).toString(),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.body).toContain('data-newsletter-result="success"');
    const rows = await queryRows<{ status: string; source: string }>(
      t.database.db,
      sql`select status, source from email_subscribers where lower(email) = 'section.reader@example.com'`,
    );
    // Double opt-in, as from the footer: pending until the e-mailed link is followed.
    expect(rows).toEqual([{ status: 'pending', source: 'section' }]);

    // The owner's list of sign-ups has it first (newest first), with where it came from.
    const list = await req('GET', '/api/admin/newsletter-subscribers');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.subscribers[0]).toMatchObject({
      email: expect.stringMatching(/^section\.reader@example\.com$/i),
      status: 'pending',
      source: 'section',
      confirmed_at: null,
    });
    expect(list.json().data.pagination).toMatchObject({ page: 1, total: expect.any(Number) });
    for (const role of STAFF_ROLES) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/newsletter-subscribers',
        headers: (await signedInOwner(t, role)).headers,
      });
      expect([role, res.statusCode]).toEqual([role, roleMayUse(role, 'customers') ? 200 : 403]);
    }
  });

  it('shows nothing while the E-mail subscription plugin is not installed, and the editor’s choices say so', async () => {
    expect((await req('GET', '/api/admin/templates/choices')).json().data.newsletter_plugin).toBe(true);
    const removed = await req('DELETE', '/api/admin/plugins/emailSubscription');
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await req('GET', '/api/admin/templates/choices')).json().data.newsletter_plugin).toBe(false);
    const html = await homeHtml();
    expect(html).not.toContain('data-newsletter-section="news"');
    // (The template's settings still travel in the loader data; only the rendered section goes.)
    expect(html).not.toMatch(/>Letters from the kiln</);
    // The section stays in the template, for when the plugin comes back.
    expect((await home()).sections.map((s) => s.type)).toContain('newsletter');
  });
});
