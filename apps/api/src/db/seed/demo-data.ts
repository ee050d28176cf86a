import type { StoreSettings, ThemeColours } from '@shopfront/shared';
import { POSTCODE_DIGITS, REGION_STATES } from './regions.ts';

export const DEMO_STOREFRONT_ID = 'sf_default';
export const DEMO_CHANNEL_ID = 'ch_web';

export const demoSettings: StoreSettings = {
  default_channel: DEMO_CHANNEL_ID,
  enable_multi_channel: false,
  enable_guest_checkout: true,
  enable_login_at_checkout: true,
  enable_customer_register: true,
  enable_register_at_checkout: true,
  privacy_policy_page: 'privacy-policy',
  store_name: 'Loom & Leaf',
  store_email: 'hello@loomandleaf.example',
  store_phone: '+91 98765 43210',
  store_address: '12 Residency Road, Bengaluru 560025',
  store_country: 'IN',
  store_state: 'KA',
  store_url: 'http://localhost:3000',
  enable_otp_auth: true,
  enable_legacy_auth: true,
  facebook: 'https://facebook.com/loomandleaf',
  instagram: 'https://instagram.com/loomandleaf',
  youtube: 'https://youtube.com/@loomandleaf',
  twitter: null,
  pinterest: 'https://pinterest.com/loomandleaf',
  linkedin: null,
  cart_expire_days: 30,
  enable_customer_care: true,
  customer_care_email: 'care@loomandleaf.example',
  customer_care_phone: '+91 80 4000 1234',
  customer_care_address: '12 Residency Road, Bengaluru 560025',
  enable_refund: true,
  enable_cancel_order: true,
  account_verification_for: 'phone',
  order_sms_mandatory: true,
  order_email_mandatory: false,
  allow_tnc_checkout: true,
  checkout_instruction: 'Orders placed before 2 pm ship the same day.',
  google_embed_url: null,
  store_mode: 'products',
};

export const demoTheme: ThemeColours = {
  primary: '#1f6f5c',
  secondary: '#c9773c',
  accent: '#f2c14e',
  background: '#ffffff',
  surface: '#f6f4ef',
  text: '#1c1917',
  muted: '#6b6560',
  topbar_background: '#1c1917',
  topbar_text: '#f6f4ef',
  footer_background: '#14231f',
  footer_text: '#e7ece9',
};

/** The demo's countries; their states and postcode rules are in regions.ts. */
export const demoCountries = [
  {
    name: 'India',
    iso2: 'IN',
    mobileCode: '+91',
    mobileNumberLength: 10,
    currencyCode: 'INR',
    hasPostcodes: true,
    postcodeDigits: POSTCODE_DIGITS.IN ?? null,
    states: REGION_STATES.IN,
  },
  {
    name: 'United Arab Emirates',
    iso2: 'AE',
    mobileCode: '+971',
    mobileNumberLength: 9,
    currencyCode: 'AED',
    // Addresses in the UAE carry no postcode (migration 0017 sets the same on existing shops).
    hasPostcodes: false,
    postcodeDigits: null,
    states: REGION_STATES.AE,
  },
];

/** [slug, name, brand, icon, priceRupees, mrpRupees|null, stock, featured, gradient from, to] */
export const demoProducts: [string, string, string, string, number, number | null, number, boolean, string, string][] =
  [
    ['organic-cotton-crew-tee', 'Organic Cotton Crew Tee', 'Loom', 'tee', 799, 999, 42, true, '#d7e8e1', '#9fcbbb'],
    ['linen-camp-shirt', 'Linen Camp Shirt', 'Loom', 'tee', 1899, 2499, 18, true, '#f3e3cf', '#e2b98e'],
    ['stoneware-coffee-mug', 'Stoneware Coffee Mug', 'Kiln & Co', 'mug', 549, null, 64, true, '#e8e2f3', '#b9a9dc'],
    ['handwoven-jute-tote', 'Handwoven Jute Tote', 'Leaf', 'bag', 899, 1199, 25, true, '#efe6c8', '#d8c07a'],
    ['brass-desk-lamp', 'Brass Desk Lamp', 'Lumen', 'lamp', 3499, 4299, 7, false, '#f6ecd6', '#e2c37b'],
    [
      'snake-plant-ceramic-pot',
      'Snake Plant in Ceramic Pot',
      'Leaf',
      'plant',
      1299,
      null,
      12,
      true,
      '#dbeed8',
      '#9dcf93',
    ],
    [
      'block-print-cushion-cover',
      'Block-Print Cushion Cover',
      'Loom',
      'cushion',
      649,
      799,
      0,
      false,
      '#f5d9d6',
      '#e29b93',
    ],
    ['copper-water-bottle', 'Copper Water Bottle', 'Kiln & Co', 'bottle', 1149, 1399, 30, false, '#f4ddcb', '#d9976a'],
    ['washed-canvas-cap', 'Washed Canvas Cap', 'Loom', 'cap', 599, null, 55, false, '#dde6f2', '#9db4d6'],
    ['herb-garden-planter', 'Herb Garden Planter', 'Leaf', 'plant', 999, 1299, 16, false, '#f3dccc', '#d49a73'],
    ['merino-lounge-tee', 'Merino Lounge Tee', 'Loom', 'tee', 2299, null, 9, false, '#e4e4e4', '#b5b5b5'],
    [
      'speckled-espresso-cups',
      'Speckled Espresso Cups (Set of 2)',
      'Kiln & Co',
      'mug',
      749,
      899,
      21,
      false,
      '#f1ede4',
      '#cfc4ab',
    ],
  ];

export const demoPages: { slug: string; title: string; blocks: { type: 'heading' | 'paragraph'; text: string }[] }[] = [
  {
    slug: 'about-us',
    title: 'About Us',
    blocks: [
      {
        type: 'paragraph',
        text: 'Loom & Leaf started in 2019 as a two-person studio in Bengaluru, making linen shirts and stoneware for friends. Today we work with eleven workshops across India.',
      },
      { type: 'heading', text: 'Made slowly, made to last' },
      {
        type: 'paragraph',
        text: 'Every piece is made in small batches from natural materials: organic cotton, linen, jute, clay and brass. We pay our makers fairly and publish where each product comes from.',
      },
      { type: 'heading', text: 'Visit us' },
      { type: 'paragraph', text: 'Our studio store at 12 Residency Road is open every day from 10 am to 8 pm.' },
    ],
  },
  {
    slug: 'shipping-and-returns',
    title: 'Shipping & Returns',
    blocks: [
      { type: 'paragraph', text: 'We ship across India within 2 to 5 working days. Orders above ₹999 ship free.' },
      { type: 'heading', text: 'Returns' },
      {
        type: 'paragraph',
        text: 'Changed your mind? Return unused items within 14 days of delivery for a full refund.',
      },
    ],
  },
  {
    slug: 'terms-and-conditions',
    title: 'Terms & Conditions',
    blocks: [
      {
        type: 'paragraph',
        text: 'By using this store you agree to these terms. Prices include GST. Orders are confirmed once payment is received or, for Cash on Delivery, once we call to confirm.',
      },
    ],
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    blocks: [
      {
        type: 'paragraph',
        text: 'We collect only what we need to deliver your order and never sell your data. Optional cookies are used only with your consent.',
      },
    ],
  },
];
