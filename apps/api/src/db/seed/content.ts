import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  FormFieldSchema,
  SectionSchema,
  countBlockWords,
  type ContentBlock,
  type FormFieldInput,
  type SectionInput,
} from '@shopfront/shared';
import type { Db } from '../client.ts';
import * as t from '../schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 86_400_000;

/** Cover art: flat shapes on a gradient, no text (no fonts needed, nothing to translate). */
const covers = {
  'linen-care': { from: '#e9e1d3', to: '#b9a88a', shape: 'waves' },
  potters: { from: '#f1d9c4', to: '#c9773c', shape: 'rings' },
  houseplants: { from: '#dbeed8', to: '#5f9c6c', shape: 'leaves' },
  'natural-dyes': { from: '#d6dcf0', to: '#3b4f8f', shape: 'drops' },
  balcony: { from: '#f6ecd6', to: '#d9ae3f', shape: 'arches' },
  'summer-wardrobe': { from: '#dcebf5', to: '#1f6f5c', shape: 'stripes' },
} as const;
type CoverName = keyof typeof covers;

function coverSvg(name: CoverName, w: number, h: number): string {
  const { from, to, shape } = covers[name];
  const fg = '#ffffff';
  let art = '';
  if (shape === 'waves') {
    for (let i = 0; i < 6; i++) {
      const y = h * (0.25 + i * 0.11);
      art += `<path d="M0 ${y} C ${w * 0.25} ${y - h * 0.08}, ${w * 0.5} ${y + h * 0.08}, ${w} ${y - h * 0.02}" stroke="${fg}" stroke-opacity="${0.18 + i * 0.05}" stroke-width="${h * 0.025}" fill="none"/>`;
    }
  } else if (shape === 'rings') {
    for (let i = 0; i < 5; i++)
      art += `<circle cx="${w * 0.62}" cy="${h * 0.55}" r="${h * (0.08 + i * 0.08)}" stroke="${fg}" stroke-opacity="${0.5 - i * 0.08}" stroke-width="${h * 0.03}" fill="none"/>`;
    art += `<ellipse cx="${w * 0.62}" cy="${h * 0.9}" rx="${w * 0.3}" ry="${h * 0.06}" fill="#000" fill-opacity="0.08"/>`;
  } else if (shape === 'leaves') {
    for (let i = 0; i < 7; i++) {
      const a = -60 + i * 20;
      art += `<ellipse cx="${w * 0.5}" cy="${h * 0.42}" rx="${h * 0.08}" ry="${h * 0.3}" fill="${fg}" fill-opacity="${0.15 + (i % 3) * 0.08}" transform="rotate(${a} ${w * 0.5} ${h * 0.85})"/>`;
    }
    art += `<rect x="${w * 0.43}" y="${h * 0.72}" width="${w * 0.14}" height="${h * 0.22}" rx="${h * 0.02}" fill="#7a4b2a" fill-opacity="0.55"/>`;
  } else if (shape === 'drops') {
    for (let i = 0; i < 9; i++) {
      const cx = w * (0.12 + (i % 5) * 0.19);
      const cy = h * (0.3 + Math.floor(i / 5) * 0.38);
      art += `<path d="M${cx} ${cy - h * 0.14} C ${cx + h * 0.12} ${cy}, ${cx + h * 0.1} ${cy + h * 0.12}, ${cx} ${cy + h * 0.12} C ${cx - h * 0.1} ${cy + h * 0.12}, ${cx - h * 0.12} ${cy}, ${cx} ${cy - h * 0.14} Z" fill="${fg}" fill-opacity="${0.14 + (i % 4) * 0.07}"/>`;
    }
  } else if (shape === 'arches') {
    for (let i = 0; i < 4; i++) {
      const x = w * (0.14 + i * 0.2);
      art += `<path d="M${x} ${h * 0.9} V ${h * 0.45} A ${w * 0.075} ${w * 0.075} 0 0 1 ${x + w * 0.15} ${h * 0.45} V ${h * 0.9} Z" fill="${fg}" fill-opacity="${0.18 + i * 0.06}"/>`;
    }
  } else {
    for (let i = 0; i < 8; i++)
      art += `<rect x="${w * (0.05 + i * 0.12)}" y="0" width="${w * 0.05}" height="${h}" fill="${fg}" fill-opacity="${0.1 + (i % 3) * 0.06}" transform="rotate(18 ${w / 2} ${h / 2})"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${art}</svg>`;
}

/**
 * Renders the six blog covers (1600 × 900 WebP) outside the transaction; files that exist are
 * kept, so a second seed costs nothing. Answers their /media URLs by name.
 */
export async function renderContentImages(mediaDir: string): Promise<Record<CoverName, string>> {
  const names = Object.keys(covers) as CoverName[];
  const urls = await Promise.all(
    names.map(async (name) => {
      const rel = `seed/blog/${name}.webp`;
      const file = path.join(mediaDir, rel);
      if (!existsSync(file)) {
        mkdirSync(path.dirname(file), { recursive: true });
        await sharp(Buffer.from(coverSvg(name, 1600, 900)))
          .webp({ quality: 82, effort: 0 })
          .toFile(file);
      }
      return `/media/${rel}`;
    }),
  );
  return Object.fromEntries(names.map((n, i) => [n, urls[i]!])) as Record<CoverName, string>;
}

type ContentImages = Awaited<ReturnType<typeof renderContentImages>>;

const p = (text: string): ContentBlock => ({ type: 'paragraph', text });
const h = (text: string): ContentBlock => ({ type: 'heading', text, level: 2 });

function blogPosts(img: ContentImages, now: number) {
  return [
    {
      slug: 'how-to-care-for-linen',
      title: 'How to care for linen so it lasts for decades',
      excerpt:
        'Linen gets better with every wash, if you treat it right. Our simple routine for shirts, dresses and bedding.',
      cover: img['linen-care'],
      coverAlt: 'Soft beige waves like folded linen',
      author: 'Ira Menon',
      tags: ['care-guides', 'linen'],
      daysAgo: 3,
      body: [
        p(
          'Linen is one of the oldest fabrics there is, and one of the toughest. A well-kept linen shirt can be worn for twenty summers. Most of what shortens its life happens in the washing machine and on the clothes line.',
        ),
        h('Wash cool, wash gentle'),
        p(
          'Wash at 30 to 40 °C on a gentle cycle with a mild liquid detergent. Skip bleach and fabric softener: both weaken the flax fibres, and softener coats them so they stop breathing.',
        ),
        {
          type: 'list',
          ordered: true,
          items: [
            'Turn the garment inside out.',
            'Wash with similar colours, never with towels.',
            'Take it out as soon as the cycle ends.',
          ],
        },
        h('Dry in the shade'),
        p(
          'Shake it out, pull the seams straight and dry it on a hanger in the shade. Strong sun yellows white linen and fades colours. Tumble drying shrinks it and sets creases.',
        ),
        {
          type: 'quote',
          text: 'Creases are part of linen’s charm. If you do iron, iron it slightly damp and on the reverse.',
          cite: 'Our studio manager',
        },
        h('Store it breathing'),
        p(
          'Keep linen in a cotton bag or on a hanger, never in plastic. A few neem leaves in the cupboard keep moths away during the monsoon.',
        ),
      ] as ContentBlock[],
    },
    {
      slug: 'meet-the-potters-of-kiln-and-co',
      title: 'Meet the potters behind our stoneware',
      excerpt: 'A morning at the Kiln & Co studio in Bengaluru, where every mug is thrown, trimmed and glazed by hand.',
      cover: img.potters,
      coverAlt: 'Concentric terracotta rings like a turning wheel',
      author: 'Arjun Rao',
      tags: ['makers', 'ceramics'],
      daysAgo: 10,
      body: [
        p(
          'Kiln & Co started with one wheel in a garage in Jayanagar. Today six potters work there, and every mug and cup you buy from us passed through their hands at least eleven times.',
        ),
        h('From clay to cup'),
        {
          type: 'list',
          ordered: true,
          items: [
            'Wedging the clay to push the air out.',
            'Throwing on the wheel.',
            'Trimming the foot once it is leather-hard.',
            'Pulling and attaching the handle.',
            'A first firing, then glazing, then a second firing at 1,240 °C.',
          ],
        },
        {
          type: 'image',
          url: img.potters,
          alt: 'Concentric rings in warm glaze colours',
          caption: 'Every glaze batch is tested on a tile before it touches a mug.',
        },
        h('Why no two are the same'),
        p(
          'Reactive glazes move in the kiln. The speckles, the pooling at the base and the slight differences in height are the marks of a hand-made piece, not flaws.',
        ),
      ] as ContentBlock[],
    },
    {
      slug: 'five-forgiving-houseplants',
      title: 'Five houseplants that forgive forgetful owners',
      excerpt: 'Travel a lot? These plants cope with missed waterings, low light and Indian summers.',
      cover: img.houseplants,
      coverAlt: 'Green leaves fanning out of a pot',
      author: 'Ira Menon',
      tags: ['plants', 'care-guides'],
      daysAgo: 18,
      body: [
        p(
          'Not everyone has a green thumb or the time to water every other day. These five plants from our nursery partners are the ones we recommend to first-time plant parents.',
        ),
        {
          type: 'list',
          ordered: false,
          items: [
            'Snake plant: water once every two to three weeks.',
            'ZZ plant: thrives on neglect and low light.',
            'Pothos: tells you when it is thirsty by drooping.',
            'Jade: a succulent that likes a sunny sill.',
            'Rubber plant: big glossy leaves, happy indoors.',
          ],
        },
        h('The one rule'),
        p(
          'More houseplants die from too much water than too little. Push a finger into the soil: if the top two centimetres are dry, water; if not, wait.',
        ),
      ] as ContentBlock[],
    },
    {
      slug: 'why-we-dye-with-plants',
      title: 'Why we dye with indigo, madder and marigold',
      excerpt: 'Natural dyes take longer and cost more. Here is why we use them anyway.',
      cover: img['natural-dyes'],
      coverAlt: 'Indigo drops on a pale blue ground',
      author: 'Arjun Rao',
      tags: ['materials', 'makers'],
      daysAgo: 26,
      body: [
        p(
          'Most of our block-printed cushion covers and shirts are coloured with plant dyes: indigo for blues, madder root for reds and marigold flowers for yellows.',
        ),
        h('Kinder to rivers'),
        p(
          'Synthetic dye houses are among the largest polluters of water in textile towns. The workshops we buy from treat their dye water and reuse the spent plant matter as compost.',
        ),
        {
          type: 'quote',
          text: 'The colour is alive. It softens with every wash instead of turning dull.',
          cite: 'Rekha, block printer in Bagru',
        },
        h('What to expect'),
        p(
          'Naturally dyed fabric can bleed a little in the first two washes. Wash it alone in cold water, and it will settle into its final, softer shade.',
        ),
      ] as ContentBlock[],
    },
    {
      slug: 'styling-a-small-balcony',
      title: 'Styling a small balcony garden',
      excerpt: 'Two square metres are enough for a green corner. Planters, plants and light that make the most of it.',
      cover: img.balcony,
      coverAlt: 'Sunlit arches in warm yellow',
      author: 'Meera Pillai',
      tags: ['plants', 'home'],
      daysAgo: 35,
      body: [
        p(
          'City balconies are small, windy and often get only a few hours of sun. Good news: that is plenty for a lush corner if you plan it.',
        ),
        h('Go vertical'),
        p(
          'Hanging macramé planters and a narrow shelf against the wall free up the floor. Put sun-lovers high and shade plants low.',
        ),
        h('Group by thirst'),
        p(
          'Pot plants with similar water needs together: herbs with herbs, succulents with succulents. Watering becomes a two-minute job.',
        ),
        {
          type: 'list',
          ordered: false,
          items: [
            'Terracotta breathes and suits succulents.',
            'Glazed and self-watering pots suit thirsty plants.',
            'A jute basket hides a plain nursery pot.',
          ],
        },
      ] as ContentBlock[],
    },
    {
      slug: 'summer-wardrobe-essentials',
      title: 'Seven pieces for a cooler summer wardrobe',
      excerpt: 'Breathable fabrics, relaxed cuts and colours that do not show the heat.',
      cover: img['summer-wardrobe'],
      coverAlt: 'Diagonal stripes in sea green',
      author: 'Meera Pillai',
      tags: ['linen', 'styling'],
      daysAgo: 47,
      body: [
        p(
          'When it is 38 °C outside, fabric matters more than fashion. These seven pieces carry our team through April to June.',
        ),
        {
          type: 'list',
          ordered: true,
          items: [
            'A linen camp shirt.',
            'Drawstring linen trousers.',
            'An organic cotton crew tee in a light colour.',
            'A tiered cotton midi dress.',
            'A washed canvas cap.',
            'A copper water bottle.',
            'A handwoven jute tote.',
          ],
        },
        h('Light colours, loose cuts'),
        p(
          'Pale colours reflect heat and loose cuts let air move. Linen and cotton voile dry fast, so a sweaty afternoon does not mean a damp evening.',
        ),
      ] as ContentBlock[],
    },
  ].map((post) => ({ ...post, publishedAt: new Date(now - post.daysAgo * DAY) }));
}

const contactFields: FormFieldInput[] = [
  { name: 'name', label: 'Your name', type: 'text', required: true, max_length: 100 },
  { name: 'email', label: 'E-mail', type: 'email', required: true },
  { name: 'phone', label: 'Phone', type: 'tel', required: false },
  {
    name: 'topic',
    label: 'Topic',
    type: 'select',
    required: true,
    options: ['An order', 'Returns and refunds', 'A product question', 'Something else'],
  },
  {
    name: 'message',
    label: 'Message',
    type: 'textarea',
    required: true,
    min_length: 10,
    max_length: 2000,
    placeholder: 'How can we help?',
  },
];

const tradeFields: FormFieldInput[] = [
  { name: 'business_name', label: 'Business name', type: 'text', required: true, max_length: 150 },
  { name: 'contact_name', label: 'Contact person', type: 'text', required: true, max_length: 100 },
  { name: 'email', label: 'Work e-mail', type: 'email', required: true },
  { name: 'phone', label: 'Phone', type: 'tel', required: true },
  { name: 'city', label: 'City', type: 'text', required: true, max_length: 80 },
  {
    name: 'business_type',
    label: 'Type of business',
    type: 'select',
    required: true,
    options: [
      'Retail store',
      'Interior or architecture studio',
      'Hotel, café or restaurant',
      'Corporate gifting',
      'Other',
    ],
  },
  {
    name: 'quantity',
    label: 'Expected order size',
    type: 'select',
    required: false,
    options: ['Under 50 pieces', '50 to 200 pieces', 'Over 200 pieces'],
  },
  {
    name: 'gst_number',
    label: 'GSTIN',
    type: 'text',
    required: false,
    min_length: 15,
    max_length: 15,
    placeholder: '15 characters',
  },
  {
    name: 'message',
    label: 'What are you looking for?',
    type: 'textarea',
    required: true,
    min_length: 20,
    max_length: 3000,
  },
];

const faq: [string, string][] = [
  [
    'How long does delivery take?',
    'Orders placed before 2 pm ship the same working day. Delivery takes 2 to 5 working days across India, depending on your pincode.',
  ],
  ['Is shipping free?', 'Shipping is free on orders of ₹999 or more. Below that, a flat ₹79 is added at checkout.'],
  [
    'Can I pay cash on delivery?',
    'Yes, Cash on Delivery is available on orders up to ₹10,000. We call to confirm COD orders before they ship.',
  ],
  [
    'How do returns work?',
    'Return unused items with their tags within 14 days of delivery. Start a return from Orders & Refunds in your account; we arrange the pickup.',
  ],
  [
    'When will I get my refund?',
    'Refunds reach your original payment method within 5 to 7 working days of the return reaching us. COD orders are refunded by bank transfer.',
  ],
  [
    'Why does my mug look slightly different from the photo?',
    'Our ceramics are thrown and glazed by hand, and reactive glazes move in the kiln. Small variations in colour and speckling make every piece one of a kind.',
  ],
  [
    'Do you ship outside India?',
    'We currently ship to India and the United Arab Emirates. Duties for the UAE are included in the price at checkout.',
  ],
  [
    'Do you offer wholesale prices?',
    'Yes. Retailers, studios and hotels can send a trade enquiry and we will reply with our trade catalogue within two working days.',
  ],
];

const testimonialRows = [
  {
    authorName: 'Aditi Raman',
    authorTitle: 'Bengaluru',
    quote: 'The linen camp shirt is the best thing I bought this year. Three summers in and it only gets softer.',
    rating: 5,
  },
  {
    authorName: 'Farah Qureshi',
    authorTitle: 'Mumbai',
    quote:
      'Ordered mugs as a housewarming gift. They arrived wrapped in paper and straw, not a scrap of plastic. My friend loved them.',
    rating: 5,
  },
  {
    authorName: 'Vikram Sethi',
    authorTitle: 'Delhi',
    quote:
      'One lamp arrived with a dent. Customer care had a replacement at my door in three days, no questions asked.',
    rating: 4,
  },
  {
    authorName: 'Kavya Das',
    authorTitle: 'Kochi',
    quote: 'My snake plant survived a month of me travelling. The care card that came with it was actually useful.',
    rating: 5,
  },
  {
    authorName: 'Rohan Ghosh',
    authorTitle: 'Kolkata',
    quote:
      'Prices are fair for what you get, and you can tell who made what. I like knowing where my things come from.',
    rating: 5,
  },
  {
    authorName: 'Zoya Hussain',
    authorTitle: 'Dubai',
    quote: 'Shipping to the UAE took a week, duties included. The block-print cushions look even better in person.',
    rating: 4,
  },
];

/** A menu entry: label, URL and, for a parent, its children. */
export type DemoMenuItem = [label: string, url: string, children?: [string, string][]];

/**
 * The header and footer menus. Categories and collections are not listed here: the header's
 * Shop menu and the mobile menu show every one of them from the catalogue itself. The content
 * pages sit where shoppers look for them: the story, the blog and trade under About Us, help
 * and contact in the footer. Terms and privacy are not in a menu: the footer's legal line links
 * the storefront's configured pages.
 */
const demoMenus: { id: string; name: string; items: DemoMenuItem[] }[] = [
  {
    id: 'main-menu',
    name: 'Main menu',
    items: [
      ['Home', '/'],
      ['Shop', '/shop-online'],
      [
        'About Us',
        '/about-us',
        [
          ['Our story', '/about-us'],
          ['Blog', '/blogs'],
          ['Trade & Wholesale', '/trade-enquiry'],
          ['Contact Us', '/contact-us'],
        ],
      ],
      ['Shipping & Returns', '/shipping-and-returns'],
    ],
  },
  {
    id: 'footer-shop',
    name: 'Shop',
    items: [
      ['All products', '/shop-online'],
      ['New Arrivals', '/product-collection/new-arrivals'],
      ['Bestsellers', '/product-collection/bestsellers'],
      ['Gifts under ₹999', '/product-collection/gifts-under-999'],
      ['Blog', '/blogs'],
      ['About Us', '/about-us'],
    ],
  },
  {
    id: 'footer-help',
    name: 'Help',
    items: [
      ['Track an order', '/track-order'],
      ['Shipping & Returns', '/shipping-and-returns'],
      ['FAQ', '/faq'],
      ['Contact Us', '/contact-us'],
      ['Trade & Wholesale', '/trade-enquiry'],
    ],
  },
];

/** Inserts the main menu and the two footer menus (ids fixed: the storefront asks for them). */
export async function seedMenus(tx: Tx, menus: { id: string; name: string; items: DemoMenuItem[] }[] = demoMenus) {
  await tx.insert(t.menus).values(menus.map(({ id, name }) => ({ id, name })));
  for (const menu of menus) {
    const parents = await tx
      .insert(t.menuItems)
      .values(menu.items.map(([label, url], position) => ({ menuId: menu.id, label, url, position })))
      .returning({ id: t.menuItems.id, position: t.menuItems.position });
    const parentAt = new Map(parents.map((row) => [row.position, row.id]));
    const children = menu.items.flatMap(([, , kids], i) =>
      (kids ?? []).map(([label, url], position) => ({
        menuId: menu.id,
        parentId: parentAt.get(i)!,
        label,
        url,
        position,
      })),
    );
    if (children.length) await tx.insert(t.menuItems).values(children);
  }
}

/**
 * Inserts the content: six published blog posts and one draft, a FAQ group, testimonials, a
 * contact and a trade-enquiry form, the FAQ, contact and trade pages, and templates for the
 * home page, the about page, those pages and the default page.
 */
export async function seedContent(tx: Tx, opts: { images: ContentImages; now?: number }) {
  const now = opts.now ?? Date.now();
  const img = opts.images;

  const posts = blogPosts(img, now);
  await tx.insert(t.blogPosts).values([
    ...posts.map((post) => ({
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      body: post.body,
      coverImagePath: post.cover,
      coverImageAlt: post.coverAlt,
      authorName: post.author,
      tags: post.tags,
      wordCount: countBlockWords(post.body),
      publishedAt: post.publishedAt,
      isPublished: true,
      seoTitle: `${post.title} | Loom & Leaf Blog`,
      seoDescription: post.excerpt,
      createdAt: post.publishedAt,
      updatedAt: post.publishedAt,
    })),
    {
      slug: 'autumn-lookbook',
      title: 'Autumn lookbook (draft)',
      excerpt: 'Layers for the first cool evenings.',
      body: [p('Work in progress.')],
      authorName: 'Meera Pillai',
      tags: ['styling'],
      wordCount: 3,
      publishedAt: null,
      isPublished: false,
    },
  ]);

  await tx.insert(t.faqGroups).values({
    id: 'shopping-help',
    title: 'Frequently asked questions',
    description: 'Orders, delivery, payments and returns.',
  });
  await tx
    .insert(t.faqItems)
    .values(faq.map(([question, answer], position) => ({ groupId: 'shopping-help', question, answer, position })));

  await tx.insert(t.testimonials).values(testimonialRows.map((row, position) => ({ ...row, position })));

  await tx.insert(t.forms).values([
    {
      id: 'contact',
      name: 'Contact us',
      description: 'Questions about an order, a product or anything else. We answer within one working day.',
      fields: contactFields.map((f) => FormFieldSchema.parse(f)),
      submitLabel: 'Send message',
      successMessage: 'Thank you! We have received your message and will reply within one working day.',
    },
    {
      id: 'trade-enquiry',
      name: 'Trade enquiry',
      description:
        'For shops, studios, hotels and corporate gifting. Tell us about your business and we will send our trade catalogue.',
      fields: tradeFields.map((f) => FormFieldSchema.parse(f)),
      submitLabel: 'Send enquiry',
      successMessage: 'Thank you for your enquiry. Our trade team will be in touch within two working days.',
    },
  ]);

  const newPages = await tx
    .insert(t.pages)
    .values([
      {
        slug: 'faq',
        title: 'FAQ',
        metaDescription: 'Answers about delivery, payment, returns and our handmade products.',
      },
      {
        slug: 'contact-us',
        title: 'Contact Us',
        metaDescription: 'Write to the Loom & Leaf team or visit our Bengaluru studio.',
      },
      {
        slug: 'trade-enquiry',
        title: 'Trade & Wholesale',
        metaDescription: 'Stock Loom & Leaf in your shop, studio or hotel.',
      },
    ])
    .returning({ id: t.pages.id, slug: t.pages.slug });
  const [about] = await tx.select({ id: t.pages.id }).from(t.pages).where(eq(t.pages.slug, 'about-us'));
  const pageId = new Map([...newPages.map((r) => [r.slug, r.id] as const), ['about-us', about?.id ?? null] as const]);

  const templates: { id: string; name: string; pageType?: string; page?: string; sections: SectionInput[] }[] = [
    {
      id: 'home',
      name: 'Home page',
      pageType: 'Home',
      sections: [
        { key: 'hero', type: 'hero_slider', settings: { slider_id: 'home-hero' } },
        {
          key: 'promise',
          type: 'marquee',
          settings: {
            // Not the notice bar's or the top bar's offer again: the marquee says something new.
            items: [
              'Handmade in small batches',
              'Natural fibres and plant dyes',
              'Eleven partner workshops',
              'Plastic-free packaging',
            ],
          },
        },
        {
          key: 'new-arrivals',
          type: 'product_grid',
          settings: {
            title: 'New arrivals',
            source: 'latest',
            items: 8,
            layout: 'carousel',
            view_all_url: '/product-collection/new-arrivals',
          },
        },
        {
          key: 'shop-by-category',
          type: 'category_grid',
          settings: {
            title: 'Shop by category',
            category_slugs: ['shirts', 't-shirts', 'mugs-and-cups', 'plants', 'bags', 'lighting'],
            limit: 6,
          },
        },
        {
          key: 'collections',
          type: 'collection_grid',
          settings: {
            title: 'Featured collections',
            collection_slugs: ['summer-linen', 'handmade-ceramics', 'gifts-under-999', 'bestsellers'],
            limit: 4,
          },
        },
        {
          key: 'our-story',
          type: 'image_with_text',
          settings: {
            title: 'Made slowly, made to last',
            text: 'We work with eleven small workshops across India, paying fairly and publishing where every piece comes from. Natural materials, honest prices and things that get better with use.',
            image: { url: img.potters, alt: 'Warm concentric rings like a potter’s wheel' },
            image_position: 'right',
            link_url: '/about-us',
            link_text: 'Our story',
          },
        },
        {
          key: 'featured',
          type: 'product_grid',
          // Best rated, not featured: the featured products are mostly the newest, which the
          // New arrivals rail above already shows.
          settings: { title: 'Customer favourites', source: 'best_rated', items: 4, layout: 'grid' },
        },
        { key: 'testimonials', type: 'testimonials', settings: { title: 'What our customers say', limit: 6 } },
        { key: 'journal', type: 'blog_list', settings: { title: 'From the blog', items: 3 } },
      ],
    },
    {
      id: 'about-us',
      name: 'About us',
      page: 'about-us',
      sections: [
        { key: 'content', type: 'page_content' },
        {
          key: 'makers',
          type: 'image_with_text',
          settings: {
            title: 'Meet the makers',
            text: 'From block printers in Bagru to potters in Bengaluru, our makers set their own prices and their own pace.',
            image: { url: img['natural-dyes'], alt: 'Indigo drops on a pale blue ground' },
            image_position: 'left',
            link_url: '/blogs/meet-the-potters-of-kiln-and-co',
            link_text: 'Read their story',
          },
        },
        {
          key: 'studio',
          type: 'gallery',
          settings: {
            title: 'Inside the studio',
            columns: 3,
            images: [
              { url: img.potters, alt: 'Glaze rings', caption: 'Glaze tests' },
              { url: img['linen-care'], alt: 'Folded linen waves', caption: 'Washed linen' },
              { url: img.houseplants, alt: 'Leaves in a pot', caption: 'Our nursery' },
            ],
          },
        },
        { key: 'testimonials', type: 'testimonials', settings: { title: 'Kind words', limit: 3 } },
      ],
    },
    {
      id: 'faq',
      name: 'FAQ',
      page: 'faq',
      sections: [
        { key: 'questions', type: 'faq', settings: { faq_id: 'shopping-help' } },
        {
          key: 'still-stuck',
          type: 'rich_text',
          settings: {
            title: 'Still have a question?',
            blocks: [
              p('Write to care@loomandleaf.example or call +91 80 4000 1234, 10 am to 7 pm, Monday to Saturday.'),
            ],
          },
        },
      ],
    },
    {
      id: 'contact-us',
      name: 'Contact us',
      page: 'contact-us',
      sections: [
        {
          key: 'visit',
          type: 'rich_text',
          settings: {
            title: 'Visit the studio',
            blocks: [
              p('12 Residency Road, Bengaluru 560025. Open every day from 10 am to 8 pm.'),
              p('Customer care: +91 80 4000 1234, care@loomandleaf.example.'),
            ],
          },
        },
        { key: 'form', type: 'form', settings: { title: 'Send us a message', form_id: 'contact' } },
      ],
    },
    {
      id: 'trade-enquiry',
      name: 'Trade & wholesale',
      page: 'trade-enquiry',
      sections: [
        {
          key: 'intro',
          type: 'rich_text',
          settings: {
            title: 'Stock Loom & Leaf',
            blocks: [
              p('Over forty independent shops, studios and hotels stock our linen, ceramics and plants.'),
              {
                type: 'list',
                ordered: false,
                items: [
                  'Trade prices from 10 pieces per design',
                  'Custom glazes and prints from 100 pieces',
                  'GST invoices and delivery across India',
                ],
              },
            ],
          },
        },
        { key: 'form', type: 'form', settings: { title: 'Tell us about your business', form_id: 'trade-enquiry' } },
      ],
    },
    { id: 'page', name: 'Default page', sections: [{ key: 'content', type: 'page_content' }] },
  ];

  await tx.insert(t.templates).values(
    templates.map((tpl) => ({
      id: tpl.id,
      name: tpl.name,
      pageType: tpl.pageType ?? 'Page',
      pageId: tpl.page ? (pageId.get(tpl.page) ?? null) : null,
    })),
  );
  await tx.insert(t.templateSections).values(
    templates.flatMap((tpl) =>
      tpl.sections.map((s, position) => {
        // Checked (and defaults filled) here, so stored settings always fit the contract.
        const section = SectionSchema.parse(s);
        return { templateId: tpl.id, key: section.key, type: section.type, settings: section.settings, position };
      }),
    ),
  );

  return { posts: posts.length, templates: templates.length };
}
