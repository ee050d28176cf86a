import { createDataTemplates } from './data-templates.ts';

/**
 * Playwright's globalSetup: the run's migrated, seeded and services templates (data-templates.ts),
 * handed to the workers in E2E_DATA_TEMPLATES (data-dir.ts reads it; workers inherit what
 * globalSetup puts in process.env). The returned function removes them after the run.
 * E2E_FRESH_SHOPS=true skips this: every shop then migrates and seeds itself.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.E2E_FRESH_SHOPS === 'true') return undefined;
  const { templates, remove } = await createDataTemplates();
  process.env.E2E_DATA_TEMPLATES = JSON.stringify(templates);
  return remove;
}
