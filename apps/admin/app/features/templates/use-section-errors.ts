import { useEffect, useState } from 'react';
import type { SectionInput } from '@shopfront/shared';

/**
 * The shared AdminTemplateDraftBodySchema's messages for the editor's sections, by path
 * (`sections.2.settings.title`), checked after every change. The schema loads on first use
 * (ADR 0034: zod is not in the panel's first screens), in a chunk of its own: the section types
 * would weigh on every screen that loads lib/schemas.
 */
export function useSectionErrors(sections: SectionInput[]): Record<string, string> {
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    void import('./schema').then(({ AdminTemplateDraftBodySchema }) => {
      if (!live) return;
      const result = AdminTemplateDraftBodySchema.safeParse({ sections });
      const next: Record<string, string> = {};
      if (!result.success) {
        for (const issue of result.error.issues) {
          const path = issue.path.join('.');
          next[path] ??= issue.message;
        }
      }
      setErrors(next);
    });
    return () => {
      live = false;
    };
  }, [sections]);
  return errors;
}

/** The errors of section `index`, by field within it (`settings.title`). */
export function errorsOfSection(errors: Record<string, string>, index: number): Record<string, string> {
  const prefix = `sections.${index}.`;
  return Object.fromEntries(
    Object.entries(errors).flatMap(([k, v]) =>
      k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : k === `sections.${index}` ? [['', v]] : [],
    ),
  );
}

/** The keys of sections that have an error. */
export function keysWithErrors(errors: Record<string, string>, sections: SectionInput[]): Set<string> {
  const out = new Set<string>();
  for (const k of Object.keys(errors)) {
    const m = /^sections\.(\d+)/.exec(k);
    const s = m ? sections[Number(m[1])] : undefined;
    if (s) out.add(s.key);
  }
  return out;
}
