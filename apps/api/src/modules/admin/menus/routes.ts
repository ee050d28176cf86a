import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminMenuBodySchema,
  AdminMenuChoicesSchema,
  AdminMenuListSchema,
  AdminMenuParamsSchema,
  AdminMenuSchema,
  adminMenuMessages as msg,
  adminMenusApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { ownerAct, ownerRouteDoc, setVersionTag } from '../if-match.ts';
import { listMenus, loadAdminMenu, menuChoices, saveMenu } from './service.ts';

/**
 * The menu editor (issue 28): the header's and the footer's menus. Registered inside the owner
 * API's protected scope; area `content` (owner, manager, content editor).
 */
export const adminMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('content');

  registerEndpoint(
    app,
    adminMenusApi.list,
    {
      schemas: { data: AdminMenuListSchema },
      ...doc('The menus the storefront shows (header, footer columns): name, place, item count, version'),
    },
    async () => ok(await listMenus(db)),
  );

  registerEndpoint(
    app,
    adminMenusApi.choices,
    {
      schemas: { data: AdminMenuChoicesSchema },
      ...doc('What a menu item can link to: the published pages, the categories and the collections'),
    },
    async () => ok(await menuChoices(db)),
  );

  registerEndpoint(
    app,
    adminMenusApi.get,
    {
      schemas: { params: AdminMenuParamsSchema, data: AdminMenuSchema },
      ...doc('One menu as a tree, with its version (ETag); 0 for a menu the shop does not have yet', [404, 422]),
    },
    async (req, reply) => {
      const menu = await loadAdminMenu(db, req.params.id);
      setVersionTag(reply, menu.version);
      return ok(menu);
    },
  );

  registerEndpoint(
    app,
    adminMenusApi.save,
    {
      schemas: { params: AdminMenuParamsSchema, body: AdminMenuBodySchema, data: AdminMenuSchema },
      ...doc(
        'Replace the menu’s name and whole item tree (shoppers see it at once). Each item: label (1–60 characters), link_type url (a /path, http(s), mailto: or tel:) or page, category or collection (its slug; it must exist), at most 100 items; sub-items one level deep in the header, none in a footer column (422 at items.N.…). Send `If-Match: <version>` (the menu’s `version`, also its ETag) to be refused with 409 when another editor saved it since.',
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const a = await ownerAct(req, msg.ifMatch);
      const menu = await saveMenu(db, a, req.params.id, req.body);
      setVersionTag(reply, menu.version);
      return ok(menu, msg.saved);
    },
  );
};
