import type { AdminProduct, AdminProductCreate, ProductDescriptionBlock } from '@shopfront/shared';
import { minorToInput, parseMoney } from './money';

/**
 * The editor's form and how it becomes the API's body. Prices are typed in rupees (dirhams…)
 * and sent as minor units; the description is one plain textarea whose blank-line-separated
 * paragraphs become paragraph blocks; tags are comma separated; each option's values too.
 */
export interface PriceCell {
  channel_id: string;
  currency: string;
  price: string;
  compare_at: string;
}
export interface VariantRow {
  id?: string;
  sku: string;
  options: Record<string, string>;
  prices: PriceCell[];
  /** A new variant's opening stock; an existing one's stock is shown, changed from the list. */
  stock: string;
}
export interface ProductForm {
  title: string;
  slug: string;
  status: 'draft' | 'published' | 'scheduled';
  /** datetime-local, the browser's time zone. */
  publish_at: string;
  short_description: string;
  description: string;
  brand: string;
  category: string;
  /** Collection slugs. */
  collections: string[];
  tags: string;
  seo_title: string;
  seo_description: string;
  hsn_code: string;
  tax_class: string;
  weight_grams: string;
  options: { name: string; values: string }[];
  variants: VariantRow[];
}
export interface Channel {
  id: string;
  currency: string;
}

export const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

const list = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The options as typed, without empty ones. */
export function parsedOptions(options: ProductForm['options']) {
  return options.map((o) => ({ name: o.name.trim(), values: list(o.values) })).filter((o) => o.name && o.values.length);
}

const comboKey = (options: Record<string, string>) =>
  JSON.stringify(Object.entries(options).sort(([a], [b]) => a.localeCompare(b)));

const skuPart = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The variants grid for the options: one row per combination (Size × Colour), keeping the rows
 * (id, SKU, prices, stock) of combinations that were there already.
 */
export function variantsFor(form: ProductForm, channels: Channel[]): VariantRow[] {
  const options = parsedOptions(form.options);
  let combos: Record<string, string>[] = [{}];
  for (const o of options) combos = combos.flatMap((c) => o.values.map((v) => ({ ...c, [o.name]: v })));
  const old = new Map(form.variants.map((v) => [comboKey(v.options), v]));
  const base = skuPart(form.slug || form.title) || 'SKU';
  const firstPrices = form.variants[0]?.prices;
  return combos.map((c) => {
    const kept =
      old.get(comboKey(c)) ?? (combos.length === 1 && form.variants.length === 1 ? form.variants[0] : undefined);
    if (kept) return { ...kept, options: c };
    return {
      sku: [base, ...Object.values(c).map(skuPart)].join('-').slice(0, 64),
      options: c,
      prices: channels.map((ch) => ({
        channel_id: ch.id,
        currency: ch.currency,
        price: firstPrices?.find((p) => p.channel_id === ch.id)?.price ?? '',
        compare_at: '',
      })),
      stock: '0',
    };
  });
}

/**
 * The variants' price cells for `channels`, in their order: a channel's cell kept as typed, a new
 * channel's empty, a removed channel's gone. The same rows back when nothing changes, so a
 * channel added or deleted elsewhere in the panel gives the form its column without a reset.
 */
export function withChannels(variants: VariantRow[], channels: Channel[]): VariantRow[] {
  const same = variants.every(
    (v) =>
      v.prices.length === channels.length &&
      v.prices.every((p, i) => p.channel_id === channels[i]!.id && p.currency === channels[i]!.currency),
  );
  if (same) return variants;
  return variants.map((v) => ({
    ...v,
    prices: channels.map((ch) => {
      const had = v.prices.find((p) => p.channel_id === ch.id);
      return had
        ? { ...had, currency: ch.currency }
        : { channel_id: ch.id, currency: ch.currency, price: '', compare_at: '' };
    }),
  }));
}

/** The same combinations in the same order (the grid needs no rebuilding). */
export const sameGrid = (a: VariantRow[], b: VariantRow[]) =>
  a.length === b.length && a.every((v, i) => comboKey(v.options) === comboKey(b[i]!.options));

const paragraphs = (text: string): ProductDescriptionBlock[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ type: 'paragraph', text: p }));

/** A description's blocks as the textarea shows them (headings and lists as plain lines). */
export function blocksToText(blocks: ProductDescriptionBlock[]): string {
  return blocks
    .map((b) =>
      b.type === 'list' ? b.items.map((i, n) => (b.ordered ? `${n + 1}. ${i}` : `- ${i}`)).join('\n') : b.text,
    )
    .join('\n\n');
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);
const num = (s: string): number | null => {
  if (!s.trim()) return null;
  const n = Number(s.replace(/[,\s]/g, ''));
  return Number.isFinite(n) ? n : Number.NaN;
};

/** The API body (create; the edit sends the same fields, the description only when changed). */
export function toBody(f: ProductForm, { withDescription = true } = {}): AdminProductCreate {
  const options = parsedOptions(f.options);
  return {
    title: f.title,
    slug: f.slug,
    status: f.status,
    publish_at: f.status === 'scheduled' && f.publish_at ? new Date(f.publish_at).toISOString() : null,
    short_description: f.short_description,
    ...(withDescription ? { description: paragraphs(f.description) } : {}),
    brand: orNull(f.brand),
    category: orNull(f.category),
    collections: f.collections,
    tags: list(f.tags),
    seo_title: orNull(f.seo_title),
    seo_description: orNull(f.seo_description),
    hsn_code: orNull(f.hsn_code),
    tax_class: f.tax_class,
    weight_grams: num(f.weight_grams),
    options,
    variants: f.variants.map((v) => ({
      ...(v.id ? { id: v.id } : {}),
      sku: v.sku,
      options: v.options,
      prices: v.prices
        .filter((p) => p.price.trim() !== '')
        .map((p) => ({
          channel_id: p.channel_id,
          price_minor: parseMoney(p.price) ?? Number.NaN,
          compare_at_minor: parseMoney(p.compare_at),
        })),
      stock: v.id ? 0 : (num(v.stock) ?? 0),
    })),
  } as AdminProductCreate;
}

/**
 * Where an API (or schema) message belongs in the form: `variants.0.prices.1.price_minor` is the
 * price cell of that channel, `description.3.text` the description, `tags.2` the tags.
 */
export function formPath(apiPath: string, f: ProductForm): string | null {
  const price = /^variants\.(\d+)\.prices\.(\d+)\.(price_minor|compare_at_minor|channel_id)$/.exec(apiPath);
  if (price) {
    const [, v, sent, field] = price;
    // The body leaves out channels without a price: find the cell the n-th sent price came from.
    const cells = f.variants[Number(v)]?.prices ?? [];
    const withPrice = cells.map((c, i) => ({ c, i })).filter(({ c }) => c.price.trim() !== '');
    const cell = withPrice[Number(sent)]?.i ?? 0;
    return `variants.${v}.prices.${cell}.${field === 'compare_at_minor' ? 'compare_at' : 'price'}`;
  }
  const m = /^variants\.(\d+)\.(sku|stock|options)/.exec(apiPath);
  if (m) return `variants.${m[1]}.${m[2]}`;
  const whole = /^variants\.(\d+)\.prices$/.exec(apiPath);
  if (whole) return `variants.${whole[1]}.prices.0.price`;
  if (/^variants(\.\d+)?$/.test(apiPath)) return apiPath === 'variants' ? 'options' : `${apiPath}.sku`;
  const o = /^options\.(\d+)\.(name|values)/.exec(apiPath);
  if (o) return `options.${o[1]}.${o[2]}`;
  const top = apiPath.split('.')[0]!;
  const fields: (keyof ProductForm)[] = [
    'title',
    'slug',
    'status',
    'publish_at',
    'short_description',
    'description',
    'brand',
    'category',
    'collections',
    'tags',
    'seo_title',
    'seo_description',
    'hsn_code',
    'tax_class',
    'weight_grams',
    'options',
  ];
  return (fields as string[]).includes(top) ? top : null;
}

const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export function emptyForm(channels: Channel[]): ProductForm {
  return {
    title: '',
    slug: '',
    status: 'draft',
    publish_at: '',
    short_description: '',
    description: '',
    brand: '',
    category: '',
    collections: [],
    tags: '',
    seo_title: '',
    seo_description: '',
    hsn_code: '',
    tax_class: 'standard',
    weight_grams: '',
    options: [],
    variants: [
      {
        sku: '',
        options: {},
        prices: channels.map((c) => ({ channel_id: c.id, currency: c.currency, price: '', compare_at: '' })),
        stock: '0',
      },
    ],
  };
}

export function fromProduct(p: AdminProduct, channels: Channel[]): ProductForm {
  return {
    title: p.title,
    slug: p.slug,
    status: p.status === 'archived' ? 'draft' : p.status,
    publish_at: localInput(p.publish_at),
    short_description: p.short_description,
    description: blocksToText(p.description),
    brand: p.brand ?? '',
    category: p.category ?? '',
    collections: p.collections,
    tags: p.tags.join(', '),
    seo_title: p.seo_title ?? '',
    seo_description: p.seo_description ?? '',
    hsn_code: p.hsn_code ?? '',
    tax_class: p.tax_class,
    weight_grams: p.weight_grams === null ? '' : String(p.weight_grams),
    options: p.options.map((o) => ({ name: o.name, values: o.values.join(', ') })),
    variants: p.variants.map((v) => {
      // Every channel of the shop gets a cell; a channel the variant has no price in stays empty.
      const extra = v.prices.filter((x) => !channels.some((c) => c.id === x.channel_id));
      const all = [...channels, ...extra.map((x) => ({ id: x.channel_id, currency: x.currency }))];
      return {
        id: v.id,
        sku: v.sku,
        options: v.options,
        prices: all.map((c) => {
          const price = v.prices.find((x) => x.channel_id === c.id);
          return {
            channel_id: c.id,
            currency: c.currency,
            price: minorToInput(price?.price_minor),
            compare_at: minorToInput(price?.compare_at_minor),
          };
        }),
        stock: String(v.stock),
      };
    }),
  };
}

/** What "Apply to all variants" fills in; an empty field is left as each variant has it. */
export interface AllVariants {
  /** By channel id. */
  prices: Record<string, { price: string; compare_at: string }>;
  stock: string;
}

/**
 * Every variant gets the values typed in the "Apply to all variants" row: each channel's price
 * and compare-at, and the opening stock of the variants not saved yet (a saved one's stock is
 * changed from the list, as a counted change).
 */
export function applyToAll(variants: VariantRow[], all: AllVariants): VariantRow[] {
  const stock = all.stock.trim();
  return variants.map((v) => ({
    ...v,
    stock: !v.id && stock !== '' ? stock : v.stock,
    prices: v.prices.map((p) => {
      const typed = all.prices[p.channel_id];
      return {
        ...p,
        price: typed?.price.trim() ? typed.price.trim() : p.price,
        compare_at: typed?.compare_at.trim() ? typed.compare_at.trim() : p.compare_at,
      };
    }),
  }));
}

/**
 * For a published product: each channel some variants have no price in, in words
 * ("Not on sale in AED: 3 variants have no AED price."). Such a variant is not sold there.
 */
export function unpricedWarnings(variants: VariantRow[]): string[] {
  const missing = new Map<string, number>();
  for (const v of variants) {
    for (const p of v.prices) {
      if (p.price.trim() === '') missing.set(p.currency, (missing.get(p.currency) ?? 0) + 1);
    }
  }
  return [...missing].map(([currency, n]) =>
    n === variants.length && n > 1
      ? `Not on sale in ${currency}: no variant is priced in ${currency}.`
      : `Not on sale in ${currency}: ${n} ${n === 1 ? 'variant has' : 'variants have'} no ${currency} price.`,
  );
}
