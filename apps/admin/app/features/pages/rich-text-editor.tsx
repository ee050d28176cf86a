import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { SECTION_LINK_MESSAGE, isPicturePath, isSafeLink, type ContentBlock } from '@shopfront/shared';
import { MediaPickerButton } from '../media/picker';
import { blocksToDoc, docToBlocks } from './rich-text';

/**
 * The page's text in Tiptap, with only what the contract's blocks hold: headings (two levels),
 * paragraphs with bold, italic and links (by the link rule), bulleted and numbered lists, quotes
 * and pictures by address. Every change is handed up as blocks (rich-text.ts).
 */
export function RichTextEditor({
  initial,
  onChange,
  error,
  focusRequest = 0,
}: {
  initial: readonly ContentBlock[];
  onChange: (blocks: ContentBlock[]) => void;
  error?: string;
  /** Each new number puts the caret at the start of the text and scrolls it into view (the preview's Edit Page). */
  focusRequest?: number;
}) {
  const editor = useEditor({
    // Tiptap's own <style> element would be refused by the panel's CSP (no inline styles); the classes below style it.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        hardBreak: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          isAllowedUri: (url) => isSafeLink(url),
        },
      }),
      Image.configure({ inline: false }),
    ],
    content: blocksToDoc(initial),
    editorProps: {
      attributes: {
        'aria-label': 'Page text',
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'page-body',
        class:
          'min-h-64 px-4 py-3 whitespace-pre-wrap break-words outline-none [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:max-h-64 [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6',
      },
    },
    onUpdate: ({ editor: e }) => onChange(docToBlocks(e.getJSON())),
  });
  // A request made before this editor was mounted (it remounts with another version's text) is not one.
  const focused = useRef(focusRequest);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!editor || focused.current === focusRequest) return;
    focused.current = focusRequest;
    editor.commands.focus('start', { scrollIntoView: false });
    // The label and toolbar with it, below the sticky header (and a phone's tab bar).
    box.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [editor, focusRequest]);
  return (
    <div ref={box} className="flex scroll-mt-32 flex-col gap-1.5">
      <span className="text-sm font-medium" id="page-text-label">
        Text
      </span>
      <div
        className={`overflow-hidden rounded-xl border bg-white ${error ? 'border-red-700' : 'border-line'} focus-within:outline focus-within:outline-2 focus-within:outline-stone-800`}
      >
        <Toolbar editor={editor} />
        <EditorContent editor={editor} />
      </div>
      {error && (
        <p className="text-sm font-medium text-red-700" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type Panel = 'none' | 'link' | 'image';

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [panel, setPanel] = useState<Panel>('none');
  const chain = () => editor.chain().focus();
  const tools: { label: string; short: string; active: boolean; run: () => void; className?: string }[] = [
    { label: 'Heading', short: 'H2', active: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: 'Subheading', short: 'H3', active: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: 'Bold', short: 'B', active: state.bold, run: () => chain().toggleBold().run(), className: 'font-bold' },
    { label: 'Italic', short: 'I', active: state.italic, run: () => chain().toggleItalic().run(), className: 'italic' },
    { label: 'Bulleted list', short: '•', active: state.bullet, run: () => chain().toggleBulletList().run() },
    { label: 'Numbered list', short: '1.', active: state.ordered, run: () => chain().toggleOrderedList().run() },
    { label: 'Quote', short: '“', active: state.quote, run: () => chain().toggleBlockquote().run() },
  ];
  return (
    <div className="border-b border-line bg-stone-50">
      <div role="toolbar" aria-label="Text formatting" className="flex flex-wrap gap-1 p-1.5">
        {tools.map((t) => (
          <button
            key={t.label}
            type="button"
            title={t.label}
            aria-pressed={t.active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={t.run}
            className={`min-h-11 min-w-11 rounded-lg px-2 text-sm ${t.className ?? 'font-semibold'} ${t.active ? 'bg-stone-800 text-white' : 'text-ink hover:bg-white'}`}
          >
            <span aria-hidden="true">{t.short}</span>
            <span className="sr-only">{t.label}</span>
          </button>
        ))}
        <button
          type="button"
          aria-pressed={state.link}
          aria-expanded={panel === 'link'}
          onClick={() => setPanel(panel === 'link' ? 'none' : 'link')}
          className={`min-h-11 rounded-lg px-3 text-sm font-semibold ${state.link ? 'bg-stone-800 text-white' : 'text-ink hover:bg-white'}`}
        >
          Link
        </button>
        <button
          type="button"
          aria-expanded={panel === 'image'}
          onClick={() => setPanel(panel === 'image' ? 'none' : 'image')}
          className="min-h-11 rounded-lg px-3 text-sm font-semibold text-ink hover:bg-white"
        >
          Picture
        </button>
      </div>
      {panel === 'link' && (
        <LinkForm
          key={state.href}
          href={state.href}
          onApply={(href) => {
            chain().extendMarkRange('link').setLink({ href }).run();
            setPanel('none');
          }}
          onRemove={() => {
            chain().extendMarkRange('link').unsetLink().run();
            setPanel('none');
          }}
        />
      )}
      {panel === 'image' && (
        <ImageForm
          onAdd={(src, alt) => {
            chain().setImage({ src, alt }).run();
            setPanel('none');
          }}
        />
      )}
    </div>
  );
}

function LinkForm({
  href,
  onApply,
  onRemove,
}: {
  href: string;
  onApply: (href: string) => void;
  onRemove: () => void;
}) {
  const [value, setValue] = useState(href);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="flex flex-col gap-2 border-t border-line p-2 sm:flex-row sm:items-start"
      onSubmit={(e) => {
        e.preventDefault();
        const v = value.trim();
        if (!isSafeLink(v)) return setError(SECTION_LINK_MESSAGE);
        onApply(v);
      }}
    >
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor="page-link" className="sr-only">
          Link address
        </label>
        <input
          id="page-link"
          className="input"
          placeholder="/about-us or https://…"
          inputMode="url"
          autoCapitalize="off"
          spellCheck={false}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'page-link-error' : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          data-testid="link-href"
        />
        {error && (
          <p id="page-link-error" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" data-testid="link-apply">
          Apply link
        </button>
        {href && (
          <button type="button" className="btn btn-outline" onClick={onRemove}>
            Remove link
          </button>
        )}
      </div>
    </form>
  );
}

function ImageForm({ onAdd }: { onAdd: (src: string, alt: string) => void }) {
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const ok = isPicturePath(src.trim());
  return (
    <form
      className="flex flex-col gap-2 border-t border-line p-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) onAdd(src.trim(), alt.trim());
      }}
    >
      <MediaPickerButton onChoose={({ path, alt: text }) => onAdd(path, text)} />
      <label className="flex flex-col gap-1 text-sm font-medium">
        Or paste a picture address
        <input
          className="input font-normal"
          placeholder="/media/… or https://…"
          value={src}
          onChange={(e) => setSrc(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Describe the picture (for screen readers)
        <input className="input font-normal" value={alt} onChange={(e) => setAlt(e.target.value)} />
      </label>
      <p className="text-sm text-muted">A /media/… address from a product or an upload, or an https:// address.</p>
      <button type="submit" className="btn btn-primary self-start" disabled={!ok}>
        Add picture
      </button>
    </form>
  );
}
