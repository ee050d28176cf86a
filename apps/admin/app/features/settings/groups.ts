import type { StoreSettingKey, StoreSettings } from '@shopfront/shared';
import { counted } from '../../lib/format';

/**
 * The store settings (spec section 3) in the groups the panel edits them in, one short screen
 * each. Every key of StoreSettingsSchema is in exactly one group but `store_mode`, which has the
 * Shop mode screen of its own (settings-groups.test.ts holds this).
 */

export type SettingKind =
  /** A yes/no switch. */
  | 'switch'
  /** One line of text; `optional`: empty is saved as none (null). */
  | 'text'
  | 'email'
  | 'url'
  | 'longtext'
  /** A whole number of days. */
  | 'days'
  /** One of `options`. */
  | 'choice'
  /** One of the shop's channels. */
  | 'channel';

export interface SettingField {
  key: Exclude<StoreSettingKey, 'store_mode'>;
  kind: SettingKind;
  label: string;
  description?: string;
  /** Empty means "none": saved as null (the key is nullable in the contract). */
  optional?: boolean;
  /** Only an owner may change it (the API answers 403 to anyone else). */
  ownerOnly?: boolean;
  options?: readonly { value: string; label: string }[];
}

export interface SettingsGroup {
  slug: string;
  title: string;
  description: string;
  fields: readonly SettingField[];
  /** A screen where what the group chooses from is managed (Channels for the default channel). */
  link?: { to: string; label: string };
  /** A line of what is set now, for the list of groups (`channelName`: a channel's name by its id). */
  summary: (s: Partial<StoreSettings>, channelName: (id: string) => string) => string;
}

const on = (v: unknown) => v === true;
const social = (key: SettingField['key'], label: string): SettingField => ({
  key,
  kind: 'url',
  label,
  optional: true,
});

export const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  {
    slug: 'checkout',
    title: 'Checkout and sign-in',
    description: 'Who may buy without an account, how customers sign in, and what checkout asks for.',
    fields: [
      {
        key: 'enable_guest_checkout',
        kind: 'switch',
        label: 'Guest checkout',
        description: 'Off: shoppers sign in or create an account before they can check out.',
      },
      {
        key: 'enable_login_at_checkout',
        kind: 'switch',
        label: 'Offer sign-in at checkout',
        description: 'A “Log in” link on the checkout’s first step, for shoppers who have an account.',
      },
      {
        key: 'enable_customer_register',
        kind: 'switch',
        label: 'Customers may create an account',
        description: 'Off: the sign-in dialog has no Register; existing accounts still sign in.',
      },
      {
        key: 'enable_register_at_checkout',
        kind: 'switch',
        label: 'Offer an account at checkout',
        description: 'A “Create an account” link at checkout (needs customers to be allowed accounts).',
      },
      {
        key: 'enable_otp_auth',
        kind: 'switch',
        label: 'Sign in with a one-time code',
        description: 'A code sent by SMS or e-mail instead of a password.',
      },
      {
        key: 'enable_legacy_auth',
        kind: 'switch',
        label: 'Sign in with a password',
      },
      {
        key: 'account_verification_for',
        kind: 'choice',
        label: 'Verify customers’ contact details',
        description: 'Which of a customer’s e-mail and phone number their account shows as verified or not.',
        options: [
          { value: 'none', label: 'Neither' },
          { value: 'email', label: 'E-mail' },
          { value: 'phone', label: 'Phone number' },
          { value: 'both', label: 'E-mail and phone number' },
        ],
      },
      {
        key: 'order_email_mandatory',
        kind: 'switch',
        label: 'An e-mail address is required to order',
      },
      {
        key: 'order_sms_mandatory',
        kind: 'switch',
        label: 'A phone number is required to order',
      },
      {
        key: 'allow_tnc_checkout',
        kind: 'switch',
        label: 'Ask shoppers to accept the terms',
        description: 'A box to tick (“I agree to the terms and conditions”) before placing an order.',
      },
      {
        key: 'privacy_policy_page',
        kind: 'text',
        label: 'Privacy policy page',
        description: 'The address of the page after the shop’s domain, e.g. privacy-policy. Empty: none.',
        optional: true,
      },
      {
        key: 'checkout_instruction',
        kind: 'longtext',
        label: 'Note at checkout',
        description: 'Shown to every shopper on the checkout, e.g. “Orders placed after 4 pm ship the next day”.',
        optional: true,
      },
    ],
    summary: (s) =>
      [
        on(s.enable_guest_checkout) ? 'Guest checkout on' : 'Sign-in needed to buy',
        [on(s.enable_otp_auth) && 'one-time code', on(s.enable_legacy_auth) && 'password']
          .filter(Boolean)
          .join(' or ') || 'no sign-in',
      ].join(' · '),
  },
  {
    slug: 'orders',
    title: 'Orders: cancel and refund',
    description: 'What customers may do with an order themselves, from My Orders.',
    fields: [
      {
        key: 'enable_cancel_order',
        kind: 'switch',
        label: 'Customers may cancel an order',
        description: 'While it has not been shipped; the stock goes back and a paid order is refunded.',
      },
      {
        key: 'enable_refund',
        kind: 'switch',
        label: 'Customers may ask for a refund',
        description: 'After delivery; each request waits in the Orders inbox for you to approve or decline.',
      },
    ],
    summary: (s) =>
      `Cancel ${on(s.enable_cancel_order) ? 'on' : 'off'} · Refund requests ${on(s.enable_refund) ? 'on' : 'off'}`,
  },
  {
    slug: 'care',
    title: 'Customer care and social links',
    description: 'How customers reach you: shown in the footer, at checkout and on the contact page.',
    fields: [
      {
        key: 'enable_customer_care',
        kind: 'switch',
        label: 'Show customer care contacts',
        description: 'In the footer and the checkout’s header.',
      },
      { key: 'customer_care_email', kind: 'email', label: 'Customer care e-mail', optional: true },
      { key: 'customer_care_phone', kind: 'text', label: 'Customer care phone', optional: true },
      { key: 'customer_care_address', kind: 'longtext', label: 'Customer care address', optional: true },
      {
        key: 'google_embed_url',
        kind: 'url',
        label: 'Map on the contact page',
        description:
          'Google Maps → Share → Embed a map: the https://www.google.com/maps/embed?… address. Empty: no map.',
        optional: true,
      },
      social('facebook', 'Facebook'),
      social('instagram', 'Instagram'),
      social('youtube', 'YouTube'),
      social('twitter', 'X (Twitter)'),
      social('pinterest', 'Pinterest'),
      social('linkedin', 'LinkedIn'),
    ],
    summary: (s) => {
      const links = (['facebook', 'instagram', 'youtube', 'twitter', 'pinterest', 'linkedin'] as const).filter(
        (k) => s[k],
      ).length;
      return `Contacts ${on(s.enable_customer_care) ? 'shown' : 'hidden'} · ${links} social ${links === 1 ? 'link' : 'links'}`;
    },
  },
  {
    slug: 'cart',
    title: 'Cart',
    description: 'How long a shopper’s cart keeps what they put in it.',
    fields: [
      {
        key: 'cart_expire_days',
        kind: 'days',
        label: 'Keep carts for',
        description: 'A cart nobody touched for this long is emptied (1 to 365 days).',
      },
    ],
    summary: (s) => `Carts kept ${s.cart_expire_days == null ? '– days' : counted(s.cart_expire_days, 'day')}`,
  },
  {
    slug: 'store',
    title: 'Store details',
    description: 'The shop’s name and contact details, on its pages, e-mails and invoices.',
    fields: [
      { key: 'store_name', kind: 'text', label: 'Shop name' },
      { key: 'store_email', kind: 'email', label: 'Shop e-mail', description: 'Orders and messages are sent from it.' },
      { key: 'store_phone', kind: 'text', label: 'Shop phone' },
      { key: 'store_address', kind: 'longtext', label: 'Shop address' },
      {
        key: 'store_country',
        kind: 'text',
        label: 'Country code',
        description: 'Two letters, e.g. IN for India.',
      },
      { key: 'store_state', kind: 'text', label: 'State' },
      {
        key: 'store_url',
        kind: 'url',
        label: 'Shop address on the web',
        description: 'Links in e-mails (password resets, orders) and the sitemap point here.',
        ownerOnly: true,
      },
    ],
    summary: (s) => [s.store_name, s.store_email].filter(Boolean).join(' · ') || 'Not set yet',
  },
  {
    slug: 'channels',
    title: 'Channels',
    description: 'The store a shopper starts in, and whether they may switch to another.',
    link: { to: '/channels', label: 'Add, rename or delete channels' },
    fields: [
      {
        key: 'default_channel',
        kind: 'channel',
        label: 'Default channel',
        description: 'Its currency and country are what a new shopper sees first.',
      },
      {
        key: 'enable_multi_channel',
        kind: 'switch',
        label: 'Shoppers may pick another channel',
        description: 'A picker in the header when the shop has more than one channel.',
      },
    ],
    summary: (s, channelName) =>
      `${s.default_channel ? channelName(s.default_channel) : '–'} · ${on(s.enable_multi_channel) ? 'shoppers may switch' : 'one channel'}`,
  },
];

export const settingsGroup = (slug: string | undefined) => SETTINGS_GROUPS.find((g) => g.slug === slug);

/** A setting's label on its screen ("Guest checkout"); a key without one reads as words ("tax rate percent"). */
export function settingLabel(key: string): string {
  for (const g of SETTINGS_GROUPS) for (const f of g.fields) if (f.key === key) return f.label;
  return key.replace(/_/g, ' ');
}
