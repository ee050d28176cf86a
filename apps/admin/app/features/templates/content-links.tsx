import { Link } from 'react-router';

/** The content a section picks from a select, and where its editor lives (Content → …). */
export const CONTENT_EDITORS = {
  slider_id: { path: '/sliders', noun: 'slider', plural: 'sliders' },
  faq_id: { path: '/faqs', noun: 'FAQ group', plural: 'FAQ groups' },
  form_id: { path: '/forms', noun: 'form', plural: 'forms' },
} as const;
export type ContentField = keyof typeof CONTENT_EDITORS;

const linkClass = 'inline-flex min-h-11 items-center text-sm font-medium underline underline-offset-2 lg:min-h-0';

/**
 * Under a section's slider, FAQ group or form select: "Edit this …" to its editor, and
 * "New …" to the list that makes one (the only way when the shop has none yet). Both are panel
 * links, so the template editor's leave guard asks before unsaved changes are left behind.
 */
export function ContentEditorLinks({
  field,
  chosen,
  count,
}: {
  field: ContentField;
  chosen: string | null;
  count: number;
}) {
  const { path, noun, plural } = CONTENT_EDITORS[field];
  return (
    <div className="-mt-1 flex flex-wrap items-center gap-x-4" data-testid={`edit-${field}`}>
      {count === 0 && <span className="text-sm text-muted">No {plural} yet.</span>}
      {chosen && (
        <Link to={`${path}/${encodeURIComponent(chosen)}`} className={linkClass}>
          Edit this {noun}
        </Link>
      )}
      <Link to={path} className={linkClass}>
        New {noun}
      </Link>
    </div>
  );
}
