import type { ThemeDraft } from './draft';

const GROUPS: Record<keyof ThemeDraft, string> = {
  theme: 'Colour',
  typography: 'Font',
  logo: 'Logo',
  custom_css: 'Custom CSS',
  page_layout: 'Page width',
  is_sticky_header_enabled: 'Sticky header',
  is_scroll_button_enabled: 'Scroll-to-top button',
  notice_bar: 'Notice bar',
  topbar: 'Top bar',
  is_cookie_warning_enabled: 'Cookie banner',
  cookie_warning: 'Cookie banner',
};

function shown(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  const text = String(v).trim();
  if (!text) return '(empty)';
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * What differs between the theme someone else published (`theirs`) and the owner's unpublished
 * draft, field by field, as lines of the conflict notice: "Colour · primary: theirs #0f766e, yours #7c3aed".
 */
export function themeDiff(theirs: ThemeDraft, yours: ThemeDraft): string[] {
  const lines: string[] = [];
  for (const key of Object.keys(GROUPS) as (keyof ThemeDraft)[]) {
    const a = theirs[key];
    const b = yours[key];
    if (a !== null && typeof a === 'object' && b !== null && typeof b === 'object') {
      for (const [field, value] of Object.entries(a)) {
        const mine = (b as Record<string, unknown>)[field];
        if (value !== mine)
          lines.push(`${GROUPS[key]} · ${field.replace(/_/g, ' ')}: theirs ${shown(value)}, yours ${shown(mine)}`);
      }
    } else if (a !== b) {
      lines.push(`${GROUPS[key]}: theirs ${shown(a)}, yours ${shown(b)}`);
    }
  }
  return lines;
}
