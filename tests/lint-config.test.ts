// The boundaries the linter enforces, shown rule by rule on small snippets linted with
// the project's own eslint.config.js, and knip failing on an unused export in a tiny project.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
let eslint: ESLint;

// Loading the config and its plugins takes seconds on a busy machine; every test after is quick.
const slow = { timeout: 60_000 };
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  await eslint.lintText('export {};\n', { filePath: join(root, 'src/lib/warm-up.ts') });
}, 120_000);

/** The rule ids that fire on `code` as if it were the file at `filePath` (relative to the repo). */
async function rulesFiring(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

describe('lint: feature boundaries (import-x/no-restricted-paths)', slow, () => {
  it("refuses a deep import of another feature's file, and accepts the same feature's index.ts", async () => {
    const deep = "import { useAuth } from '../auth/auth-store.ts';\nexport const hook = useAuth;\n";
    expect(await rulesFiring(deep, 'src/features/profile/some-file.ts')).toContain('import-x/no-restricted-paths');
    const viaIndex = "import { useAuth } from '../auth/index.ts';\nexport const hook = useAuth;\n";
    expect(await rulesFiring(viaIndex, 'src/features/profile/some-file.ts')).toEqual([]);
  });

  it("refuses the app a feature's internals, and accepts its index.ts", async () => {
    const deep =
      "import { LoginForm } from '../features/auth/components/login-form.tsx';\nexport const form = LoginForm;\n";
    expect(await rulesFiring(deep, 'src/app/some-file.ts')).toContain('import-x/no-restricted-paths');
    const viaIndex = "import { LoginForm } from '../features/auth/index.ts';\nexport const form = LoginForm;\n";
    expect(await rulesFiring(viaIndex, 'src/app/some-file.ts')).toEqual([]);
  });

  it('refuses shared code any import of a feature, even its index.ts, or of the app', async () => {
    const feature = "import { useAuth } from '../features/auth/index.ts';\nexport const hook = useAuth;\n";
    expect(await rulesFiring(feature, 'src/lib/some-file.ts')).toContain('import-x/no-restricted-paths');
    expect(await rulesFiring(feature, 'src/components/some-file.ts')).toContain('import-x/no-restricted-paths');
    const app = "import { system } from '../app/providers.tsx';\nexport const s = system;\n";
    expect(await rulesFiring(app, 'src/config/some-file.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuses a feature an import of the app', async () => {
    const code = "import { AppProviders } from '../../app/providers.tsx';\nexport const p = AppProviders;\n";
    expect(await rulesFiring(code, 'src/features/auth/some-file.ts')).toContain('import-x/no-restricted-paths');
  });

  it("lets a feature's tests (not its code) render the whole app through src/test/render-app.tsx, never src/app itself", async () => {
    const renderApp = "import { renderApp } from '../../test/render-app.tsx';\nexport const r = renderApp;\n";
    expect(await rulesFiring(renderApp, 'src/features/auth/some-page.test.tsx')).toEqual([]);
    expect(await rulesFiring(renderApp, 'src/features/auth/some-file.ts')).toContain('import-x/no-restricted-paths');
    const app = "import { AppProviders } from '../../app/providers.tsx';\nexport const p = AppProviders;\n";
    expect(await rulesFiring(app, 'src/features/auth/some-page.test.tsx')).toContain('import-x/no-restricted-paths');
    const deep = "import { useAuth } from '../auth/auth-store.ts';\nexport const hook = useAuth;\n";
    expect(await rulesFiring(deep, 'src/features/profile/some-page.test.tsx')).toContain(
      'import-x/no-restricted-paths',
    );
  });
});

describe('lint: import cycles (import-x/no-cycle)', slow, () => {
  // Two real files: the rule follows imports on disk. Inside the repository, where the config applies.
  const folder = join(root, 'tests', `lint-fixture-${process.pid}`);
  beforeAll(() => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'cycle-a.ts'), "import { b } from './cycle-b.ts';\nexport const a = () => b;\n");
    writeFileSync(join(folder, 'cycle-b.ts'), "import { a } from './cycle-a.ts';\nexport const b = () => a;\n");
    writeFileSync(join(folder, 'types-a.ts'), "import type { B } from './types-b.ts';\nexport type A = { b?: B };\n");
    writeFileSync(join(folder, 'types-b.ts'), "import type { A } from './types-a.ts';\nexport type B = { a?: A };\n");
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses two modules that import each other', async () => {
    const results = await eslint.lintFiles([join(folder, 'cycle-a.ts'), join(folder, 'cycle-b.ts')]);
    for (const result of results) expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  it('lets type-only imports go both ways (they are gone at run time)', async () => {
    const results = await eslint.lintFiles([join(folder, 'types-a.ts'), join(folder, 'types-b.ts')]);
    for (const result of results) expect(result.messages).toEqual([]);
  });
});

describe('lint: server modules (import-x/no-restricted-paths, import-x/no-cycle)', slow, () => {
  /** The messages of the restricted-paths rule on `code` as if it were the file at `filePath`. */
  async function boundaryMessages(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
      .map((message) => message.message);
  }

  it("refuses a deep import of another module's file, and accepts that module's index.ts", async () => {
    const deep =
      "import { cloudPhonesOf } from '../products/products-read-model.ts';\nexport const of = cloudPhonesOf;\n";
    expect(await boundaryMessages(deep, 'server/src/modules/signup/some-file.ts')).toEqual([
      expect.stringContaining('import the products module through its index.ts'),
    ]);
    const viaIndex = "import { cloudPhonesOf } from '../products/index.ts';\nexport const of = cloudPhonesOf;\n";
    expect(await boundaryMessages(viaIndex, 'server/src/modules/signup/some-file.ts')).toEqual([]);
    // Inside the module, its files import each other freely.
    expect(
      await boundaryMessages(deep.replace('../products/', './'), 'server/src/modules/products/some-file.ts'),
    ).toEqual([]);
  });

  it("refuses an import of another module's handlers", async () => {
    const handlers = "import { numberHandlers } from '../numbers/handlers.ts';\nexport const h = numberHandlers;\n";
    expect(await boundaryMessages(handlers, 'server/src/modules/signup/some-file.ts')).toContainEqual(
      expect.stringContaining("a module never imports another's handlers"),
    );
  });

  it("refuses another module's schema file, and lets the module's own files import it", async () => {
    const schema = "import { numberInventory } from '../../db/schema/numbers.ts';\nexport const t = numberInventory;\n";
    expect(await boundaryMessages(schema, 'server/src/modules/signup/some-repository.ts')).toEqual([
      expect.stringContaining("the numbers module's tables are its own"),
    ]);
    expect(await boundaryMessages(schema, 'server/src/modules/numbers/some-repository.ts')).toEqual([]);
    // A read model reads another module's tables (tests/server-tables.test.ts keeps it from writing them).
    expect(await boundaryMessages(schema, 'server/src/modules/signup/signup-read-model.ts')).toEqual([]);
  });

  it('refuses a module the whole schema, and lets its tests look at every table', async () => {
    const whole = "import { numberInventory } from '../../db/schema/index.ts';\nexport const t = numberInventory;\n";
    expect(await boundaryMessages(whole, 'server/src/modules/numbers/some-repository.ts')).toEqual([
      expect.stringContaining('a module imports its own tables'),
    ]);
    expect(await boundaryMessages(whole, 'server/src/modules/signup/some-repository.test.ts')).toEqual([]);
  });

  it("refuses a module the tables that belong to no module (the sandbox's, the audio store's)", async () => {
    const sandbox = "import { outbox } from '../../db/schema/outbox.ts';\nexport const t = outbox;\n";
    expect(await boundaryMessages(sandbox, 'server/src/modules/signup/some-repository.ts')).toEqual([
      expect.stringContaining('belong to no module'),
    ]);
  });

  it('refuses a cycle between modules, even through their index.ts files', async () => {
    // self-signup's repository makes its customer through customers/index.ts; customers importing it back closes a loop.
    const back =
      "import { createSelfSignupRepository } from '../self-signup/self-signup-repository.ts';\nexport const r = createSelfSignupRepository;\n";
    expect(await rulesFiring(back, 'server/src/modules/customers/customers-repository.ts')).toContain(
      'import-x/no-cycle',
    );
  });

  it("holds every module to its index.ts, whatever its name: a deep import of any module's file is refused", async () => {
    const modules = readdirSync(join(root, 'server/src/modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(modules.length).toBeGreaterThan(30);
    for (const module of modules) {
      const other = module === 'signup' ? 'numbers' : 'signup';
      const file = readdirSync(join(root, 'server/src/modules', module)).find(
        (name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.test.ts'),
      );
      const deep = `import * as x from '../${module}/${file}';\nexport const y = x;\n`;
      expect(await boundaryMessages(deep, `server/src/modules/${other}/some-file.ts`), module).toContainEqual(
        expect.stringContaining(`import the ${module} module through its index.ts`),
      );
    }
  });
});

describe('lint: the arrows of ARCHITECTURE.md for the call runtime (no-restricted-imports)', slow, () => {
  it('lets call-runtime import editor-core and contract, never server or src; nothing imports call-runtime', async () => {
    const core = "import { walkCall } from '@portal/editor-core';\nexport const w = walkCall;\n";
    expect(await rulesFiring(core, 'call-runtime/src/some-file.ts')).toEqual([]);
    const server = "import { buildApp } from '../../server/src/app.ts';\nexport const b = buildApp;\n";
    expect(await rulesFiring(server, 'call-runtime/src/some-file.ts')).toContain('no-restricted-imports');
    const runtime =
      "import { CallRuntime } from '../../../call-runtime/src/runtime.ts';\nexport const r = CallRuntime;\n";
    expect(await rulesFiring(runtime, 'server/src/modules/some-file.ts')).toContain('no-restricted-imports');
    expect(await rulesFiring(runtime.replace('../../../', '../../'), 'src/lib/some-file.ts')).toContain(
      'no-restricted-imports',
    );
  });
});

describe('lint: file names (check-file)', slow, () => {
  const code = 'export const x = 1;\n';

  it('refuses a camelCase or PascalCase file name anywhere', async () => {
    expect(await rulesFiring(code, 'src/lib/useThing.ts')).toContain('check-file/filename-naming-convention');
    expect(await rulesFiring(code, 'editor-core/src/nodeTypes.ts')).toContain('check-file/filename-naming-convention');
    expect(await rulesFiring(code, 'server/src/MailThing.ts')).toContain('check-file/filename-naming-convention');
  });

  it('accepts kebab-case, with a middle extension such as .test or .worker', async () => {
    expect(await rulesFiring(code, 'src/lib/use-thing.ts')).toEqual([]);
    expect(await rulesFiring(code, 'src/lib/use-thing.test.ts')).toEqual([]);
    expect(await rulesFiring(code, 'src/lib/layout.worker.ts')).toEqual([]);
  });
});

describe('knip: dead code', () => {
  it('fails on an unused export in a tiny project, and passes once it is gone', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'knip-fixture-'));
    try {
      writeFileSync(
        join(folder, 'package.json'),
        JSON.stringify({ name: 'fixture', private: true, type: 'module', main: 'src/index.ts' }),
      );
      mkdirSync(join(folder, 'src'));
      writeFileSync(join(folder, 'src/index.ts'), "import { used } from './used.ts';\nconsole.log(used);\n");
      writeFileSync(join(folder, 'src/used.ts'), 'export const used = 1;\nexport const unusedThing = 2;\n');
      const knip = (cwd: string) =>
        promisify(execFile)(process.execPath, [
          join(root, 'node_modules/knip/bin/knip.js'),
          '--directory',
          cwd,
          '--no-progress',
        ]).then(
          ({ stdout }) => ({ code: 0, stdout }),
          (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
        );

      const failed = await knip(folder);
      expect(failed.code).toBe(1);
      expect(failed.stdout).toMatch(/Unused exports[\s\S]*unusedThing\s+src\/used\.ts/);

      writeFileSync(join(folder, 'src/used.ts'), 'export const used = 1;\n');
      expect(await knip(folder)).toEqual({ code: 0, stdout: '' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
