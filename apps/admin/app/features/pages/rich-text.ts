import { isSafeLink, type ContentBlock, type InlineSpan } from '@shopfront/shared';
import type { JSONContent } from '@tiptap/core';

/**
 * The page editor's document (Tiptap's JSON) and the contract's blocks, both ways, as pure
 * functions: the editor offers only what the blocks can hold, and what it cannot (a strike, an
 * underline, a link by another scheme, a third heading level) is dropped on the way to the blocks.
 *
 * A quote is a blockquote whose first paragraph is the quote and whose later paragraphs are who
 * said it (`cite`); a list item is its text (nested lists become items of their own).
 */

type Marks = Pick<InlineSpan, 'bold' | 'italic' | 'href'>;

const plain = (node: JSONContent): string =>
  node.type === 'text' ? (node.text ?? '') : (node.content ?? []).map(plain).join('');

function marksOf(node: JSONContent): Marks {
  const marks: Marks = {};
  for (const m of node.marks ?? []) {
    if (m.type === 'bold') marks.bold = true;
    else if (m.type === 'italic') marks.italic = true;
    else if (m.type === 'link') {
      const href = typeof m.attrs?.href === 'string' ? m.attrs.href.trim() : '';
      if (href && isSafeLink(href)) marks.href = href;
    }
  }
  return marks;
}

const sameMarks = (a: Marks, b: Marks) => !!a.bold === !!b.bold && !!a.italic === !!b.italic && a.href === b.href;

/** A paragraph's text runs, neighbours with the same marks joined. */
function spansOf(node: JSONContent): InlineSpan[] {
  const spans: InlineSpan[] = [];
  for (const child of node.content ?? []) {
    const text = child.type === 'text' ? (child.text ?? '') : child.type === 'hardBreak' ? ' ' : plain(child);
    if (!text) continue;
    const marks = child.type === 'text' ? marksOf(child) : {};
    const last = spans.at(-1);
    if (last && sameMarks(last, marks)) last.text += text;
    else spans.push({ text, ...marks });
  }
  return spans;
}

function paragraphBlock(node: JSONContent): ContentBlock | null {
  const spans = spansOf(node);
  const text = spans.map((s) => s.text).join('');
  if (!text.trim()) return null;
  const marked = spans.some((s) => s.bold || s.italic || s.href);
  return marked ? { type: 'paragraph', text, spans } : { type: 'paragraph', text };
}

/** The text of each item of a list, nested lists' items after their parent's. */
function listItems(list: JSONContent): string[] {
  return (list.content ?? []).flatMap((item) => {
    const own = (item.content ?? [])
      .filter((c) => c.type !== 'bulletList' && c.type !== 'orderedList')
      .map(plain)
      .join(' ')
      .trim();
    const nested = (item.content ?? []).filter((c) => c.type === 'bulletList' || c.type === 'orderedList');
    return [...(own ? [own] : []), ...nested.flatMap(listItems)];
  });
}

/** The editor's document as the contract's blocks (empty paragraphs and unknown nodes left out). */
export function docToBlocks(doc: JSONContent): ContentBlock[] {
  return (doc.content ?? []).flatMap((node): ContentBlock[] => {
    switch (node.type) {
      case 'heading': {
        const text = plain(node).trim();
        const level = Number(node.attrs?.level) >= 3 ? 3 : 2;
        return text ? [{ type: 'heading', text, level }] : [];
      }
      case 'paragraph': {
        const block = paragraphBlock(node);
        return block ? [block] : [];
      }
      case 'bulletList':
      case 'orderedList': {
        const items = listItems(node);
        return items.length ? [{ type: 'list', items, ordered: node.type === 'orderedList' }] : [];
      }
      case 'blockquote': {
        const [first, ...rest] = (node.content ?? []).map((c) => plain(c).trim()).filter(Boolean);
        return first ? [{ type: 'quote', text: first, cite: rest.length ? rest.join(' ') : null }] : [];
      }
      case 'image': {
        const url = typeof node.attrs?.src === 'string' ? node.attrs.src : '';
        const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
        const caption = typeof node.attrs?.title === 'string' && node.attrs.title ? node.attrs.title : null;
        return url ? [{ type: 'image', url, alt, caption }] : [];
      }
      default:
        return [];
    }
  });
}

const textNode = (text: string, marks: JSONContent['marks'] = []): JSONContent =>
  marks.length ? { type: 'text', text, marks } : { type: 'text', text };

const paragraph = (text: string): JSONContent =>
  text ? { type: 'paragraph', content: [textNode(text)] } : { type: 'paragraph' };

function spanNode(s: InlineSpan): JSONContent {
  const marks: NonNullable<JSONContent['marks']> = [];
  if (s.bold) marks.push({ type: 'bold' });
  if (s.italic) marks.push({ type: 'italic' });
  if (s.href) marks.push({ type: 'link', attrs: { href: s.href } });
  return textNode(s.text, marks);
}

/** The contract's blocks as the editor's document. */
export function blocksToDoc(blocks: readonly ContentBlock[]): JSONContent {
  const content = blocks.map((b): JSONContent => {
    switch (b.type) {
      case 'heading':
        return { type: 'heading', attrs: { level: b.level }, content: [textNode(b.text)] };
      case 'paragraph':
        return b.spans?.length
          ? { type: 'paragraph', content: b.spans.filter((s) => s.text).map(spanNode) }
          : paragraph(b.text);
      case 'list':
        return {
          type: b.ordered ? 'orderedList' : 'bulletList',
          content: b.items.map((item) => ({ type: 'listItem', content: [paragraph(item)] })),
        };
      case 'quote':
        return { type: 'blockquote', content: [paragraph(b.text), ...(b.cite ? [paragraph(b.cite)] : [])] };
      case 'image':
        return { type: 'image', attrs: { src: b.url, alt: b.alt, title: b.caption } };
    }
  });
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}
