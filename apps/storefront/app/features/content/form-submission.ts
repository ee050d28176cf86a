/** What a page's action answers after a form section was submitted (progressive: no JS needed). */
export type FormSectionResult =
  | {
      section: string;
      ok: true;
      message: string;
      /** The server's own success text (a plugin's), shown first. */
      successMessage?: string;
    }
  | { section: string; ok: false; message: string; errors: Record<string, string[]>; values: Record<string, string> };

/** Hidden fields that tell the page action which section and form a submission belongs to. */
export const FORM_SECTION_FIELD = '_section';
export const FORM_ID_FIELD = '_form';
