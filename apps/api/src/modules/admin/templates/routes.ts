import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  AdminTemplateChoicesSchema,
  AdminTemplateDraftBodySchema,
  AdminTemplateListSchema,
  AdminTemplateParamsSchema,
  AdminTemplateSchema,
  AdminTemplateVersionListSchema,
  AdminTemplateVersionParamsSchema,
  AdminTemplateVersionSchema,
  adminTemplateMessages as msg,
  adminTemplatesApi,
  type AdminTemplate,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { notFound, ok } from '../../../lib/http.ts';
import { ownerAct, ownerRouteDoc, setVersionTag } from '../if-match.ts';
import {
  discardTemplateDraft,
  getTemplateVersion,
  listTemplateVersions,
  listTemplates,
  loadAdminTemplate,
  publishTemplate,
  restoreTemplateVersion,
  saveTemplateDraft,
  templateChoices,
} from './service.ts';

const IF_MATCH_NOTE =
  ' Send `If-Match: <version>` (the template’s `version`, also its ETag) to be refused with 409 when another editor changed it since.';

/**
 * The home page and template editor (issue 28). Registered inside the owner API's protected
 * scope; area `content` (owner, manager, content editor).
 */
export const adminTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('content');
  const answer = (reply: FastifyReply, t: AdminTemplate, message?: string) => {
    setVersionTag(reply, t.version);
    return ok(t, message);
  };
  const One = { params: AdminTemplateParamsSchema, data: AdminTemplateSchema };

  registerEndpoint(
    app,
    adminTemplatesApi.list,
    {
      schemas: { data: AdminTemplateListSchema },
      ...doc('The templates (page layouts), the home page first: the page each lays out, sections, draft, version'),
    },
    async () => ok(await listTemplates(db)),
  );

  registerEndpoint(
    app,
    adminTemplatesApi.choices,
    {
      schemas: { data: AdminTemplateChoicesSchema },
      ...doc('What sections can name: the sliders, FAQ groups, active forms, categories and collections'),
    },
    async () => ok(await templateChoices(db)),
  );

  registerEndpoint(
    app,
    adminTemplatesApi.get,
    {
      schemas: One,
      ...doc(
        'One template: its live sections (hidden ones with hidden: true), its unpublished draft (or null), version (ETag) and warnings: fields naming a slider, FAQ, form, gallery, category or collection the shop no longer has',
        [404, 422],
      ),
    },
    async (req, reply) => {
      const t = await loadAdminTemplate(db, req.params.id);
      if (!t) throw notFound(msg.notFound);
      return answer(reply, t);
    },
  );

  registerEndpoint(
    app,
    adminTemplatesApi.saveDraft,
    {
      schemas: { ...One, body: AdminTemplateDraftBodySchema },
      ...doc(
        'Save the whole section list as the draft (shoppers see nothing until publish). Each section is checked by SectionSchema (422 at sections.N.…; keys unique; links only /path, http(s), mailto: or tel:; an image with text’s picture and a gallery’s own images a /media/… or https:// address with alt text, else 422 at sections.N.settings.image.url or .alt). A section naming something the shop no longer has is saved and answered in warnings.' +
          IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const a = await ownerAct(req, msg.ifMatch);
      return answer(reply, await saveTemplateDraft(db, a, req.params.id, req.body.sections), msg.draftSaved);
    },
  );

  registerEndpoint(
    app,
    adminTemplatesApi.discardDraft,
    {
      schemas: One,
      ...doc('Drop the draft: the template stays as shoppers see it.' + IF_MATCH_NOTE, [404, 409, 422]),
    },
    async (req, reply) => {
      const a = await ownerAct(req, msg.ifMatch);
      return answer(reply, await discardTemplateDraft(db, a, req.params.id), msg.draftDiscarded);
    },
  );

  registerEndpoint(
    app,
    adminTemplatesApi.publish,
    {
      schemas: One,
      ...doc(
        'Publish the draft: it becomes what shoppers see (cached pages follow on every process) and a new version in the history. 409 "There is no draft to publish" without one.' +
          IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const a = await ownerAct(req, msg.ifMatch);
      return answer(reply, await publishTemplate(db, a, req.params.id), msg.published);
    },
  );

  registerEndpoint(
    app,
    adminTemplatesApi.versions,
    {
      schemas: { params: AdminTemplateParamsSchema, data: AdminTemplateVersionListSchema },
      ...doc(
        'The published versions, newest first (the first publish also keeps what the template showed before it, published_by null)',
        [404, 422],
      ),
    },
    async (req) => {
      const list = await listTemplateVersions(db, req.params.id);
      if (!list) throw notFound(msg.notFound);
      return ok(list);
    },
  );

  registerEndpoint(
    app,
    adminTemplatesApi.version,
    {
      schemas: { params: AdminTemplateVersionParamsSchema, data: AdminTemplateVersionSchema },
      ...doc('One published version with its sections (to preview it)', [404, 422]),
    },
    async (req) => {
      const v = await getTemplateVersion(db, req.params.id, req.params.version);
      if (!v) throw notFound(msg.versionNotFound);
      return ok(v);
    },
  );

  registerEndpoint(
    app,
    adminTemplatesApi.restore,
    {
      schemas: { params: AdminTemplateVersionParamsSchema, data: AdminTemplateSchema },
      ...doc(
        'Restore a version into the draft: preview it, then publish (which adds a new version; nothing earlier is lost).' +
          IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const a = await ownerAct(req, msg.ifMatch);
      const t = await restoreTemplateVersion(db, a, req.params.id, req.params.version);
      return answer(reply, t, msg.restored);
    },
  );
};
