import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** The frame's width per device: a phone's, and a laptop's (then scaled down to fit). */
const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Device = keyof typeof WIDTHS;

/** A message of docs/preview-protocol.md from the panel to the shop (`shopfront:preview:…`). */
export interface PreviewMessage {
  type: string;
  [field: string]: unknown;
}

/** What an Edit Header / Footer / Page button in the frame asked for. */
export interface EditRequest {
  target: 'header' | 'footer' | 'page';
  /** The page on show: a CMS page's slug and page_type; the home page is `home` / `Home`. */
  page: { slug: string; page_type: string } | null;
}

function editRequestOf(data: Record<string, unknown>): EditRequest | null {
  const { target, page } = data;
  if (target !== 'header' && target !== 'footer' && target !== 'page') return null;
  const p = page as { slug?: unknown; page_type?: unknown } | null | undefined;
  const ok = p && typeof p.slug === 'string' && typeof p.page_type === 'string';
  return { target, page: ok ? { slug: p.slug as string, page_type: p.page_type as string } : null };
}

/**
 * The storefront in preview mode (docs/preview-protocol.md) beside an editor. The panel is served
 * by the shop's own host (/admin), so the shop's origin is this page's origin: messages go only
 * there, and only the framed shop's own messages are read. `message` is posted at once when it
 * changes, and again when the frame says it is ready (after every reload), but with
 * `samePageOnly` only while the frame shows `path` (sections belong to one page: the owner may
 * follow a link inside the frame). A new `version` reloads the frame (after a publish).
 * A new `focus` asks the shop to scroll that section into view (`shopfront:preview:focus`), after
 * `message`; it is asked again after a reload and when a hidden preview (a phone's tab) shows.
 */
export function PreviewFrame({
  path = '/',
  message,
  samePageOnly = false,
  version,
  focus,
  onEdit,
}: {
  path?: string;
  /** None: the frame shows the saved shop (an editor whose changes show after saving). */
  message?: PreviewMessage;
  samePageOnly?: boolean;
  version: number;
  /** The section the owner is working on: each new object brings it into view. */
  focus?: { section: string } | null;
  /** An Edit Header / Footer / Page button in the frame was pressed. */
  onEdit: (request: EditRequest) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // A phone previews at its own width first; a wider screen at a laptop's.
  const [device, setDevice] = useState<Device>(() => (window.innerWidth < 1024 ? 'phone' : 'desktop'));
  const [size, setSize] = useState({ width: 0, height: 0 });
  const latest = useRef(message);
  /** The path the frame last said it shows (null before its first ready). */
  const shown = useRef<string | null>(null);

  const latestFocus = useRef(focus);

  const post = useCallback(() => {
    if (!latest.current || (samePageOnly && shown.current !== null && shown.current !== path)) return;
    frame.current?.contentWindow?.postMessage(latest.current, window.location.origin);
  }, [samePageOnly, path]);
  const postFocus = useCallback(() => {
    const section = latestFocus.current?.section;
    if (!section || (samePageOnly && shown.current !== null && shown.current !== path)) return;
    frame.current?.contentWindow?.postMessage({ type: 'shopfront:preview:focus', section }, window.location.origin);
  }, [samePageOnly, path]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow) return;
      const data = e.data as Record<string, unknown> | null;
      if (!data || typeof data !== 'object') return;
      if (data.type === 'shopfront:preview:ready') {
        shown.current = typeof data.path === 'string' ? data.path : null;
        post();
        postFocus();
      }
      if (data.type === 'shopfront:edit') {
        const request = editRequestOf(data);
        if (request) onEdit(request);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [post, postFocus, onEdit]);

  useEffect(() => {
    latest.current = message;
    post();
  }, [message, post]);

  // After the message effect above: the shop looks for the section in the sections just sent.
  useEffect(() => {
    latestFocus.current = focus;
    postFocus();
  }, [focus, postFocus]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A hidden frame (the Edit tab on a phone) has no size to scroll in: ask again once it shows,
  // and when another width moves the section.
  const showing = size.width > 0 && size.height > 0;
  useEffect(() => {
    if (showing) postFocus();
  }, [showing, device, postFocus]);

  const width = WIDTHS[device];
  const scale = size.width > 0 ? Math.min(1, size.width / width) : 1;
  return (
    <div className="flex h-full flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <div
          role="radiogroup"
          aria-label="Preview width"
          className="grid grid-cols-2 overflow-hidden rounded-xl border border-line bg-white"
        >
          {(['phone', 'desktop'] as const).map((d, i) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={device === d}
              data-testid={`preview-${d}`}
              onClick={() => setDevice(d)}
              className={`min-h-11 px-4 text-sm font-semibold ${i > 0 ? 'border-l border-line' : ''} ${device === d ? 'bg-stone-800 text-white' : 'text-ink hover:bg-stone-50'}`}
            >
              {d === 'phone' ? 'Phone' : 'Desktop'}
            </button>
          ))}
        </div>
        <span className="text-xs text-muted">
          {width} px{scale < 1 ? ` · ${Math.round(scale * 100)}%` : ''}
        </span>
      </div>
      <div
        ref={box}
        className="relative min-h-[28rem] flex-1 overflow-hidden rounded-xl border border-line bg-stone-100"
      >
        <iframe
          key={`${path}:${version}`}
          ref={frame}
          src={`${path}?preview=1`}
          title="Preview of the shop"
          data-testid="preview-frame"
          className="absolute top-0 border-0 bg-white"
          style={{
            width,
            height: size.height > 0 ? size.height / scale : '100%',
            left: Math.max(0, (size.width - width * scale) / 2),
            transform: `scale(${scale})`,
            transformOrigin: 'top left',
          }}
        />
      </div>
    </div>
  );
}
