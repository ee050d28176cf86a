import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminSliderCreateSchema,
  AdminSliderDeletedSchema,
  AdminSliderListSchema,
  AdminSliderParamsSchema,
  AdminSliderRenameSchema,
  AdminSliderSchema,
  AdminSlidesBodySchema,
  SLIDER_LIMITS,
  adminSliderMessages as msg,
  adminSlidersApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { ownerAct, ownerRouteDoc, setVersionTag } from '../if-match.ts';
import { createSlider, deleteSlider, listSliders, loadSlider, renameSlider, saveSlides } from './service.ts';

/**
 * The slider editor (issue 28): hero sliders and their slides. Registered inside the owner API's
 * protected scope; area `content` (owner, manager, content editor).
 */
export const adminSliderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('content');
  const ifMatchNote =
    'Send `If-Match: <version>` (the slider’s `version`, also its ETag) to be refused with 409 when another editor saved it since.';

  registerEndpoint(
    app,
    adminSlidersApi.list,
    {
      schemas: { data: AdminSliderListSchema },
      ...doc('The sliders: name, slide count, version and the templates that show each'),
    },
    async () => ok(await listSliders(db)),
  );

  registerEndpoint(
    app,
    adminSlidersApi.create,
    {
      schemas: { body: AdminSliderCreateSchema, data: AdminSliderSchema },
      ...doc(
        `A new, empty slider: name (1–${SLIDER_LIMITS.nameMax} characters) and id (what a hero_slider section names; made from the name when left out, 422 when a given one is taken)`,
      ),
    },
    async (req, reply) => {
      const slider = await createSlider(db, await ownerAct(req, msg.ifMatch), req.body);
      setVersionTag(reply, slider.version);
      return ok(slider, msg.created);
    },
  );

  registerEndpoint(
    app,
    adminSlidersApi.get,
    {
      schemas: { params: AdminSliderParamsSchema, data: AdminSliderSchema },
      ...doc('One slider with its slides in order and its version (ETag)', [404, 422]),
    },
    async (req, reply) => {
      const slider = await loadSlider(db, req.params.id);
      setVersionTag(reply, slider.version);
      return ok(slider);
    },
  );

  registerEndpoint(
    app,
    adminSlidersApi.rename,
    {
      schemas: { params: AdminSliderParamsSchema, body: AdminSliderRenameSchema, data: AdminSliderSchema },
      ...doc(`The slider’s name (the carousel’s label for screen readers). ${ifMatchNote}`, [404, 409, 422]),
    },
    async (req, reply) => {
      const slider = await renameSlider(db, await ownerAct(req, msg.ifMatch), req.params.id, req.body.name);
      setVersionTag(reply, slider.version);
      return ok(slider, msg.renamed);
    },
  );

  registerEndpoint(
    app,
    adminSlidersApi.saveSlides,
    {
      schemas: { params: AdminSliderParamsSchema, body: AdminSlidesBodySchema, data: AdminSliderSchema },
      ...doc(
        `Replace the slider’s whole slide list, in order (shoppers see it at once): title 1–${SLIDER_LIMITS.titleMax} characters, subtitle, image_url (a /media/… path or an https:// address) with image_alt required beside it, link_url (a shop path, http(s), mailto: or tel:) and link_text both or neither; plain text, shown as text; at most ${SLIDER_LIMITS.slidesMax} (422 at slides.N.…). An optional name (checked as the rename checks it) is saved with it: one save, one History version. ${ifMatchNote}`,
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const slider = await saveSlides(db, await ownerAct(req, msg.ifMatch), req.params.id, req.body);
      setVersionTag(reply, slider.version);
      return ok(slider, msg.saved);
    },
  );

  registerEndpoint(
    app,
    adminSlidersApi.remove,
    {
      schemas: { params: AdminSliderParamsSchema, data: AdminSliderDeletedSchema },
      ...doc(
        'Delete a slider and its slides; 409 naming the templates while a live or draft section shows it (If-Match optional)',
        [404, 409, 422],
      ),
    },
    async (req) => ok(await deleteSlider(db, await ownerAct(req, msg.ifMatch), req.params.id), msg.deleted),
  );
};
