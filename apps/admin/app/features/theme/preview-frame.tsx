import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ThemeColours } from '@shopfront/shared';

/** The frame's width per device: a phone's, and a laptop's (then scaled down to fit). */
const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Device = keyof typeof WIDTHS;

/**
 * The storefront's home page in preview mode (docs/preview-protocol.md) beside the editor. The
 * panel is served by the shop's own host (/admin), so the shop's origin is this page's origin:
 * messages go only there, and only the framed shop's own messages are read. Each change of
 * `theme` is posted at once, and again when the frame says it is ready (after every reload);
 * a new `version` reloads the frame (after a publish).
 */
export function PreviewFrame({
  theme,
  version,
  onEdit,
}: {
  theme: ThemeColours;
  version: number;
  /** An Edit Header / Footer / Page button in the frame was pressed. */
  onEdit: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // A phone previews at its own width first; a wider screen at a laptop's.
  const [device, setDevice] = useState<Device>(() => (window.innerWidth < 1024 ? 'phone' : 'desktop'));
  const [size, setSize] = useState({ width: 0, height: 0 });
  const latest = useRef(theme);

  const post = useCallback(() => {
    frame.current?.contentWindow?.postMessage(
      { type: 'shopfront:preview:theme', theme: latest.current },
      window.location.origin,
    );
  }, []);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow) return;
      const type = (e.data as { type?: unknown } | null)?.type;
      if (type === 'shopfront:preview:ready') post();
      // Edit Header, Edit Footer and Edit Page in the frame: their editors are not built yet.
      if (type === 'shopfront:edit') onEdit();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [post, onEdit]);

  useEffect(() => {
    latest.current = theme;
    post();
  }, [theme, post]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

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
          key={version}
          ref={frame}
          src="/?preview=1"
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
