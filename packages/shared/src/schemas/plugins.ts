import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { ABANDONED_CART } from './abandoned-cart.ts';
import { emailField } from './auth.ts';
import { plainText } from './text.ts';
import type { PluginName } from '../plugins/catalog.ts';
import { PluginSchema } from './storefront.ts';
import { pluginMessages } from './plugin-messages.ts';

/**
 * The typed config of every known plugin (ADR 26), checked when the owner installs or configures
 * one (PUT /api/admin/plugins/{name}); unknown keys are refused, so a typo is an error, not a
 * silently ignored setting. Each key's `meta` title and description are what the panel's
 * settings form, generated from the schema, labels its field with.
 */

const text = (max: number) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .max(max, { error: messages.maxLength(max) }),
  );
const requiredText = (max: number) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .max(max, { error: messages.maxLength(max) }),
  );
const pattern = (re: RegExp, error: string) => z.string({ error: messages.required }).trim().regex(re, { error });
const none = z.strictObject({});

export { pluginMessages };

export const CHAT_LOCATIONS = ['Bottom Right', 'Bottom Left'] as const;

export const PLUGIN_CONFIG_SCHEMAS = {
  Review: none,
  ProductCustomisation: none,
  AbandonedCart: z.strictObject({
    delay_minutes: z
      .number({ error: messages.integer })
      .int({ error: messages.integer })
      .min(ABANDONED_CART.delayMinutes.min, { error: messages.fallback })
      .max(ABANDONED_CART.delayMinutes.max, { error: messages.fallback })
      .default(ABANDONED_CART.delayMinutes.default)
      .meta({
        title: 'Send the reminder after (minutes)',
        description: `Minutes after the cart was left: ${ABANDONED_CART.delayMinutes.min} to ${ABANDONED_CART.delayMinutes.max} (a week).`,
      }),
  }),
  GoogleGtag: z.strictObject({
    google_tag_id: pattern(/^(G|AW|DC)-[A-Z0-9]{4,20}$/, pluginMessages.googleTagId).meta({
      title: 'Google tag ID',
      description: 'In Google Analytics: Admin → Data streams → your web stream, e.g. G-XXXXXXX.',
    }),
  }),
  GoogleTagManager: z.strictObject({
    code: pattern(/^GTM-[A-Z0-9]{4,12}$/, pluginMessages.gtmCode).meta({
      title: 'Container ID',
      description: 'At the top of Google Tag Manager, e.g. GTM-XXXXXXX.',
    }),
  }),
  FacebookPixel: z.strictObject({
    tag_code: pattern(/^\d{15,16}$/, pluginMessages.pixelId).meta({
      title: 'Pixel ID',
      description: 'The 15 or 16 digits under the pixel’s name in Meta Events Manager.',
    }),
  }),
  MicrosoftClarity: z.strictObject({
    code: pattern(/^[a-z0-9]{8,12}$/, pluginMessages.clarityId).meta({
      title: 'Project ID',
      description: 'In Clarity: Settings → Overview, 8 to 12 letters and digits.',
    }),
  }),
  UmamiAnalytics: z.strictObject({
    website_id: pattern(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      pluginMessages.umamiWebsiteId,
    ).meta({ title: 'Website ID', description: 'In Umami: Settings → Websites → Edit.' }),
    script_url: z
      .url({ error: pluginMessages.httpsUrl, protocol: /^https$/ })
      .max(300, { error: messages.maxLength(300) })
      .meta({
        title: 'Script address',
        description: 'Your Umami server’s script, e.g. https://stats.example.com/script.js.',
      }),
  }),
  ShopAnalytics: none,
  WhatsApp: z.strictObject({
    mobile_no: pattern(/^\d{8,15}$/, pluginMessages.mobileNo).meta({
      title: 'Phone number',
      description: 'With the country code, without + or spaces, e.g. 919876543210.',
    }),
    default_message: text(500)
      .default('Hello! I have a question about your shop.')
      .meta({ title: 'Message the chat starts with' }),
    chat_location: z
      .enum(CHAT_LOCATIONS, { error: messages.fallback })
      .default('Bottom Right')
      .meta({ title: 'Button position' }),
  }),
  PincodeAvaliability: none,
  TradeEnquiry: z.strictObject({
    title: requiredText(120).default('Trade enquiry').meta({ title: 'Form title' }),
    success_message: requiredText(300)
      .default('Thank you. Our trade team will reply within two working days.')
      .meta({ title: 'Message after sending' }),
    /** Who is told of each enquiry (never shown to shoppers); the store e-mail when absent. */
    notify_email: emailField.optional().meta({
      title: 'Send enquiries to',
      description: 'Never shown to shoppers. Empty: the shop’s e-mail.',
    }),
  }),
  emailSubscription: z.strictObject({
    title: requiredText(120).default('Join our newsletter').meta({ title: 'Title' }),
    description: text(300)
      .default('New arrivals and offers, about twice a month. Unsubscribe at any time.')
      .meta({ title: 'Text under the title' }),
  }),
  Gallery: none,
  customGallery: none,
} satisfies Record<PluginName, z.ZodType>;

export type PluginConfig<N extends PluginName> = z.output<(typeof PLUGIN_CONFIG_SCHEMAS)[N]>;

/** GET /api/plugins/config/{name}: a plugin's module name (case as the catalogue writes it). */
export const PluginNameParamsSchema = z.object({ name: plainText(z.string().min(1).max(60)) });

/** GET /api/plugins/all: the installed plugins, each with its public config only. */
export const PluginListSchema = z.array(PluginSchema);
