import { describe, expect, it } from 'vitest';
import type { ContentBlock } from '@shopfront/shared';
import { blocksToDoc, docToBlocks } from './rich-text';

const blocks: ContentBlock[] = [
  { type: 'heading', text: 'Our workshop', level: 2 },
  { type: 'heading', text: 'Where', level: 3 },
  { type: 'paragraph', text: 'Plain words.' },
  {
    type: 'paragraph',
    text: 'Made by hand in Jaipur, see us.',
    spans: [
      { text: 'Made ' },
      { text: 'by hand', bold: true },
      { text: ' in ' },
      { text: 'Jaipur', bold: true, italic: true, href: 'https://example.com/jaipur' },
      { text: ', see ' },
      { text: 'us', href: '/about-us' },
      { text: '.' },
    ],
  },
  { type: 'list', items: ['Block printing', 'Dyeing'], ordered: false },
  { type: 'list', items: ['Wash', 'Dry'], ordered: true },
  { type: 'quote', text: 'Slow is smooth.', cite: 'Our founder' },
  { type: 'quote', text: 'No one said it.', cite: null },
  { type: 'image', url: '/media/seed/studio.webp', alt: 'The studio', caption: 'Morning light' },
];

describe('page rich text', () => {
  it('turns blocks into the editor’s document and back unchanged', () => {
    expect(docToBlocks(blocksToDoc(blocks))).toEqual(blocks);
    expect(blocksToDoc([])).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    expect(docToBlocks(blocksToDoc([]))).toEqual([]);
  });

  it('drops marks and links the contract has no place for, and joins runs that end up alike', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Struck', marks: [{ type: 'strike' }] },
            { type: 'text', text: ' and ', marks: [{ type: 'underline' }] },
            { type: 'text', text: 'bad', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
            { type: 'text', text: ' bold', marks: [{ type: 'bold' }, { type: 'code' }] },
          ],
        },
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Big', marks: [{ type: 'bold' }] }] },
        { type: 'heading', attrs: { level: 5 }, content: [{ type: 'text', text: 'Small' }] },
        { type: 'codeBlock', content: [{ type: 'text', text: 'rm -rf /' }] },
        { type: 'paragraph', content: [{ type: 'text', text: '   ' }] },
        { type: 'paragraph' },
      ],
    };
    expect(docToBlocks(doc)).toEqual([
      {
        type: 'paragraph',
        text: 'Struck and bad bold',
        spans: [{ text: 'Struck and bad' }, { text: ' bold', bold: true }],
      },
      { type: 'heading', text: 'Big', level: 2 },
      { type: 'heading', text: 'Small', level: 3 },
    ]);
  });

  it('flattens nested list items and keeps a quote’s later lines as who said it', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                { type: 'paragraph', content: [{ type: 'text', text: 'Cotton' }] },
                {
                  type: 'bulletList',
                  content: [
                    {
                      type: 'listItem',
                      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Organic' }] }],
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          type: 'blockquote',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Buy less.' }] },
            { type: 'paragraph', content: [{ type: 'text', text: 'A customer' }] },
          ],
        },
      ],
    };
    expect(docToBlocks(doc)).toEqual([
      { type: 'list', items: ['Cotton', 'Organic'], ordered: false },
      { type: 'quote', text: 'Buy less.', cite: 'A customer' },
    ]);
  });
});
