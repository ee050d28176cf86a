import { LEGAL_PAGES, type ContentBlockInput, type LegalPageBody, type LegalPageKey } from '@shopfront/shared';

type Block = { type: 'heading' | 'paragraph'; text: string };

/**
 * Starting texts of the legal pages, for a small shop selling in India: plain, short, and meant
 * to be read and edited by the owner before opening (they are not legal advice). `{shop}` and
 * `{email}` are filled in.
 */
const TEMPLATES: Record<LegalPageKey, string> = {
  terms: `These terms apply to every order placed with {shop}. By placing an order you accept them.

## Orders and prices
Prices are shown in the shop's currency and include GST. An order is confirmed when we send you the order confirmation; if an item turns out to be unavailable we tell you and refund what you paid for it.

## Payment
You can pay online or, where offered, in cash on delivery. A Cash on Delivery order may carry the fee shown at checkout.

## Delivery
We ship to the addresses the checkout accepts, within the times shown there. Risk in the goods passes to you on delivery.

## Returns
Our returns and refunds policy explains how to return an item and how refunds are made.

## Contact
Questions about an order: write to {email}.`,
  privacy: `This policy explains what {shop} does with your personal data.

## What we collect
Your name, e-mail address, phone number and delivery address when you order or create an account, and the orders you place. We keep visit statistics only if you agree to optional cookies.

## Why
To deliver your orders, tell you about them, answer your questions and keep our accounts. We never sell your data.

## Who else sees it
The courier who delivers your order and the payment provider who takes your payment, only as far as they need to.

## How long
Order records are kept as long as tax law requires; your account until you ask us to delete it.

## Your rights
You may ask for a copy of your data, correct it or have it deleted: write to {email}.`,
  returns: `You may return an unused item in its original packing within 7 days of delivery.

## How to return
Write to {email} with your order number and the item you want to return. We tell you where to send it.

## Refunds
Once the item reaches us and is checked, we refund it within 7 working days: to the card, UPI or account you paid with, or by bank transfer for a Cash on Delivery order. Shipping and Cash on Delivery fees are not refunded unless the item was faulty or wrong.

## Items that cannot be returned
Personalised items, and anything that cannot be resold for hygiene reasons, unless it arrived damaged or faulty.

## Damaged or wrong items
Tell us within 48 hours of delivery with a photo, and we replace or refund it including shipping.`,
};

/** A template as an editable page: its title and text, filled with the shop's name and e-mail. */
export function legalTemplate(key: LegalPageKey, shop: string, email: string): LegalPageBody {
  return {
    title: LEGAL_PAGES[key].title,
    body: TEMPLATES[key].replaceAll('{shop}', shop).replaceAll('{email}', email || 'us'),
  };
}

/** A page's text as blocks: a line starting "## " is a heading; other lines make paragraphs, ended by a blank line or a heading. */
export function bodyToBlocks(body: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of body.split(/\r\n?|\n/)) {
    const line = raw.trim();
    if (line.startsWith('## ')) {
      flush();
      const text = line.slice(3).trim();
      if (text) blocks.push({ type: 'heading', text });
    } else if (line) paragraph.push(line);
    else flush();
  }
  flush();
  return blocks;
}

/** A page's blocks as the setup step's plain text (a list's items one a line; pictures left out). */
export function blocksToBody(all: readonly ContentBlockInput[]): string {
  const blocks: Block[] = all.flatMap((b) =>
    b.type === 'heading' || b.type === 'paragraph'
      ? [{ type: b.type, text: b.text }]
      : b.type === 'quote'
        ? [{ type: 'paragraph' as const, text: b.text }]
        : b.type === 'list'
          ? [{ type: 'paragraph' as const, text: b.items.join('\n') }]
          : [],
  );
  // A heading sits on the line above its paragraph, as the templates are written.
  return blocks
    .map(
      (b, i) =>
        (i === 0 ? '' : blocks[i - 1]!.type === 'heading' ? '\n' : '\n\n') +
        (b.type === 'heading' ? `## ${b.text}` : b.text),
    )
    .join('');
}
