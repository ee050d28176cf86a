import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ShellQuerySchema, ShellSchema, storefrontApi, type StoreAccess } from '@shopfront/shared';
import { ContentMemo } from '../../lib/content-memo.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError } from '../../lib/http.ts';
import { shopOriginWith } from '../../lib/origin.ts';
import { toUser } from '../../lib/session.ts';
import type { ShopContext } from '../../lib/shop-context.ts';
import { nationalPhone } from '../../lib/shop-country.ts';
import { getCategoryTree, getCollections } from '../catalog/taxonomy.ts';
import { listChannels } from '../channels/service.ts';
import { getMenu } from '../content/service.ts';
import { visitorAccess } from '../store-state/access.ts';
import { getInitialValues } from './service.ts';

const NOT_CONFIGURED = 'The storefront is not configured';
const CLOSED_NAVIGATION = { categories: [], super_categories: [], collections: [] };
const SharedShellSchema = ShellSchema.omit({ account: true, access: true });

/**
 * What every visitor of one channel gets in the shell, as the JSON members of the answer's `data`
 * (without braces): computed once per process and content generation (ADR 28), then spliced
 * into each answer with the visitor's own account and access, so the big part is neither
 * queried nor serialised again. null without a storefront.
 */
async function sharedShell(
  app: FastifyInstance,
  req: FastifyRequest,
  shop: ShopContext,
  menuSlugs: string[],
): Promise<string | null> {
  // Menus and navigation decorate the shell: one that fails must not take the shop down.
  const decoration = <T>(what: string, p: Promise<T>) =>
    p.catch((err: unknown) => {
      req.log.error({ err }, `shell: ${what} failed`);
      return null;
    });
  const [values, menus, tree, collections] = await Promise.all([
    getInitialValues(app.db, (u) => shopOriginWith(app.env, req, u), undefined, shop.channelId),
    Promise.all(menuSlugs.map((slug) => decoration(`menu ${slug}`, getMenu(app.db, slug)))),
    decoration('category tree', getCategoryTree(app.db)),
    decoration('collections', getCollections(app.db)),
  ]);
  if (!values) return null;
  let channels = null;
  if (shop.multiChannel) {
    const list = await listChannels(app.db, shop);
    if (list.enabled && list.channels.length > 1) channels = list;
  }
  const { account: _none, ...shared } = values;
  const data = {
    ...shared,
    menus: Object.fromEntries(menuSlugs.map((slug, i) => [slug, menus[i] ?? null])),
    channels,
    navigation: {
      categories: tree?.categories ?? [],
      super_categories: tree?.super_categories ?? [],
      collections: collections?.collections ?? [],
    },
  };
  // Checked against the contract once per fill, as the route's serializer would each time.
  return JSON.stringify(SharedShellSchema.parse(data)).slice(1, -1);
}

export async function shellRoutes(app: FastifyInstance): Promise<void> {
  const memo = new ContentMemo<string | null>(app.contentVersion);
  registerEndpoint(
    app,
    storefrontApi.shell,
    {
      schemas: { query: ShellQuerySchema, data: ShellSchema },
      tags: ['storefront'],
      summary:
        'The storefront shell in one call: initial values, the named menus, the channel picker and every category and collection',
      description:
        'Everything but `account` and `access` is the same for every visitor of a channel and is kept by each process until the shop’s content changes (ADR 28). 503 without a storefront.',
    },
    async (req, reply: FastifyReply) => {
      const menuSlugs = req.query.menus ? [...new Set(req.query.menus.split(','))] : [];
      let shop: ShopContext;
      try {
        shop = await req.shop();
      } catch {
        throw new HttpError(503, NOT_CONFIGURED);
      }
      const key = `${req.protocol}://${req.host}\n${shop.channelId}\n${menuSlugs.join(',')}`;
      const [shared, customer, visitor] = await Promise.all([
        app.env.PAGE_CACHE_MB > 0
          ? memo.get(key, () => sharedShell(app, req, shop, menuSlugs))
          : sharedShell(app, req, shop, menuSlugs),
        req.getCustomer(),
        visitorAccess(req, { withStaff: true }),
      ]);
      if (shared === null) throw new HttpError(503, NOT_CONFIGURED);
      // A closed shop shows its visitors none of its catalogue (the gate refuses the rest of it).
      const members =
        visitor.state === 'open'
          ? shared
          : JSON.stringify({
              ...JSON.parse(`{${shared}}`),
              menus: {},
              channels: null,
              navigation: CLOSED_NAVIGATION,
            }).slice(1, -1);
      const access: StoreAccess = {
        state: visitor.state,
        staff: visitor.staff ? { name: visitor.staff.name } : null,
        shopper_state: visitor.shopperState,
      };
      const account = customer ? toUser(customer, await nationalPhone(app.db, customer.phone)) : null;
      if (visitor.state !== 'open') reply.header('x-robots-tag', 'noindex');
      // Personal (the account, the staff link): never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      reply.type('application/json; charset=utf-8');
      return reply.send(
        `{"status":"success","data":{${members},"account":${JSON.stringify(account)},"access":${JSON.stringify(access)}}}`,
      );
    },
  );
}
