/** The template editor's schema, in a chunk of its own (loaded on the editor's first check). */
export { AdminTemplateDraftBodySchema } from '@shopfront/shared';
