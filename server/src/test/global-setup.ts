import type { TestProject } from 'vitest/node';

import { buildTemplate, removeTemplate } from './template.ts';

/**
 * Once per server project (vitest.config.ts): the migrated and the seeded database every test file starts
 * from (template.ts). Its teardown removes them.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await buildTemplate(project.name === 'server-postgres' ? 'postgres' : 'pglite');
  project.provide('serverTestTemplate', template);
  return () => removeTemplate(template);
}
