import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps the query builder inside repositories (eslint.config.js): shown to
// fire on a handler that imports drizzle or the schema, and to let a repository do so.

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

const QUERYING = [
  "import { eq } from 'drizzle-orm';",
  "import { products } from '../../db/schema/index.ts';",
  'export const byId = (id: number) => [eq(products.id, id)];',
  '',
].join('\n');

async function restrictedImports(filePath: string, code = QUERYING) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the server query boundary', () => {
  it('fails a handler, a plugin or an adapter that imports drizzle-orm or db/schema', async () => {
    for (const file of [
      'server/src/modules/example/handlers.ts',
      'server/src/plugins/example.ts',
      'server/src/auth/example.ts',
    ]) {
      const messages = await restrictedImports(file);
      expect(messages, file).toHaveLength(2);
      expect(messages[0]).toMatch(/Only a module's repository .* queries the database/);
      expect(messages[1]).toMatch(/Only a module's repository .* reads the schema/);
    }
  }, 60_000);

  it('fails a type-only import of the schema and a drizzle subpath too', async () => {
    const code =
      "import type { products } from '../../db/schema/index.ts';\nimport { alias } from 'drizzle-orm/pg-core';\nexport type P = typeof products | typeof alias;\n";
    expect(await restrictedImports('server/src/modules/example/rules.ts', code)).toHaveLength(2);
  }, 60_000);

  it('lets a repository, db/, demo data and tests import them', async () => {
    for (const file of [
      'server/src/modules/example/example-repository.ts',
      'server/src/sandbox/example/example-repository.ts',
      'server/src/db/example.ts',
      'server/src/modules/example/demo-example.ts',
      'server/src/modules/example/example.test.ts',
    ]) {
      expect(await restrictedImports(file), file).toEqual([]);
    }
  }, 60_000);
});
