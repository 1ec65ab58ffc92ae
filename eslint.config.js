import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports only go along the arrows of ARCHITECTURE.md:
// editor-core -> nothing of ours; contract -> editor-core; src, server and call-runtime -> contract, editor-core.
const ours = (...names) =>
  names.map((name) => ({
    group: [`**/${name}/**`, `@portal/${name}`],
    message: `ARCHITECTURE.md: this folder may not import ${name}/`,
  }));

// The SPA's layers (ARCHITECTURE.md, bulletproof-react's zones): a feature is used by others only
// through its index.ts; shared code (lib, components, config) never imports a feature or the app;
// features never import the app. src/app and src/test/render-app.tsx (the whole app for tests) sit on top
// (a feature's *.test.tsx may use render-app.tsx to test its pages in the real app);
// the rest of src/test (fake fetch, fake XHR) is test support any test may use.
const root = import.meta.dirname;
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const boundaryZones = [
  ...features.map((feature) => ({
    target: [
      './src/app',
      './src/test',
      ...features.filter((other) => other !== feature).map((other) => `./src/features/${other}`),
    ],
    from: `./src/features/${feature}`,
    // testing.ts: a feature's fakes for other features' tests.
    except: ['./index.ts', './testing.ts'],
    message: `ARCHITECTURE.md: import the ${feature} feature through its index.ts (export what you need there)`,
  })),
  {
    target: ['./src/lib', './src/components', './src/config'],
    from: ['./src/features', './src/app', './src/test/render-app.tsx'],
    message:
      'ARCHITECTURE.md: shared code never imports a feature or the app; move the shared piece into src/lib or src/components',
  },
  {
    target: './src/features',
    from: ['./src/app', './src/test/render-app.tsx'],
    message: 'ARCHITECTURE.md: a feature never imports the app',
  },
];
// A feature's own tests live beside it and may render the whole app through src/test/render-app.tsx
// (never src/app directly); the feature's code still may not.
const featureTestZones = boundaryZones.map((zone) =>
  zone.target === './src/features' && zone.from.includes('./src/app') ? { ...zone, from: ['./src/app'] } : zone,
);

// The server's modules (ARCHITECTURE.md, server modules), generated from the folder listing like the SPA's zones: another
// module comes in only through a module's index.ts; no module imports another's handlers (modules/index.ts, which mounts
// them all, is no module); a module's schema file (db/schema/<module>.ts) is imported by no other module.
const serverModules = readdirSync(`${root}/server/src/modules`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const otherServerModules = (module) =>
  serverModules.filter((other) => other !== module).map((other) => `./server/src/modules/${other}`);
const handlerFiles = (module) =>
  readdirSync(`${root}/server/src/modules/${module}`).filter((file) => /(^|-)handlers\.ts$/.test(file));
const serverModuleZones = serverModules.flatMap((module) => [
  {
    target: otherServerModules(module),
    from: `./server/src/modules/${module}`,
    except: ['./index.ts'],
    message: `ARCHITECTURE.md: import the ${module} module through its index.ts (export what you need there)`,
  },
  ...handlerFiles(module).map((file) => ({
    target: otherServerModules(module),
    from: `./server/src/modules/${module}/${file}`,
    message: `ARCHITECTURE.md: a module never imports another's handlers; move what you need out of ${module}/${file} and export it from ${module}/index.ts`,
  })),
]);

// Each table has one owner: db/schema/<module>.ts holds the tables of modules/<module>, and only that module's files
// import it (storage.ts, outbox.ts and sandbox.ts belong to server/src/audio, the sandbox's outbox and the sandbox,
// never to a module); a module's file never imports db/schema/index.ts (every table). A read model
// (modules/<m>/*-read-model.ts, whose header says whose tables it joins) may read other modules' tables;
// tests/server-tables.test.ts keeps every module from writing a table it does not own.
const schemaFiles = readdirSync(`${root}/server/src/db/schema`)
  .filter((file) => file.endsWith('.ts') && !['index.ts', 'columns.ts'].includes(file))
  .map((file) => file.replace(/\.ts$/, ''));
const schemaZones = [
  {
    target: './server/src/modules',
    from: './server/src/db/schema/index.ts',
    message: 'ARCHITECTURE.md: a module imports its own tables (db/schema/<module>.ts), never the whole schema',
  },
  ...schemaFiles.map((owner) => ({
    target: serverModules.filter((module) => module !== owner).map((module) => `./server/src/modules/${module}`),
    from: `./server/src/db/schema/${owner}.ts`,
    message: serverModules.includes(owner)
      ? `ARCHITECTURE.md: the ${owner} module's tables are its own; call its functions (${owner}/index.ts)`
      : `ARCHITECTURE.md: ${owner}.ts's tables belong to no module; no module reads them`,
  })),
];
const readModels = ['server/src/modules/**/*-read-model.ts'];

// Server files that may import the query builder and the schema (the rule below forbids it elsewhere).
export const SERVER_QUERY_FILES = [
  'server/src/**/*repository*.ts',
  'server/src/modules/**/*-read-model.ts',
  'server/src/db/**',
  'server/src/modules/**/demo-*.ts',
  'server/src/**/*.test.ts',
  'server/src/test/**',
];
const queryBuilder = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*'],
    message:
      "Only a module's repository (modules/<area>/*repository.ts) or db/ queries the database: call the repository",
  },
  {
    group: ['**/db/schema', '**/db/schema/*'],
    message: "Only a module's repository (modules/<area>/*repository.ts) or db/ reads the schema: call the repository",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist',
      'server/build',
      'call-runtime/build',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'server/drizzle',
      '.e2e-data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Import cycles anywhere in our TypeScript; type-only imports do not count (they vanish at build).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The plugin's TypeScript settings (which files it parses to follow imports), with the TypeScript resolver.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }] },
  },
  {
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/modules/**/*.test.ts', ...readModels],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...serverModuleZones, ...schemaZones] }],
    },
  },
  {
    // A module's tests may look at any table; a read model reads others' tables (and writes none).
    files: ['server/src/modules/**/*.test.ts', ...readModels],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverModuleZones }] },
  },
  {
    files: ['src/features/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: featureTestZones }] },
  },
  {
    // File names are kebab-case everywhere (a suffix such as .test or .worker is fine).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['editor-core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'editor-core has no React' },
            { name: 'react-dom', message: 'editor-core has no DOM' },
          ],
          patterns: [
            ...ours('contract', 'server', 'src', 'call-runtime'),
            { group: ['react*', '@xyflow/*', '@chakra-ui/*'], message: 'editor-core has no UI' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage'],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...ours('server', 'src', 'call-runtime')] }] },
  },
  {
    files: ['server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': ['error', { patterns: [...ours('src', 'call-runtime')] }] },
  },
  {
    // The test-call runtime reads the portal only through the server's internal endpoints (ARCHITECTURE.md).
    files: ['call-runtime/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': ['error', { patterns: [...ours('src', 'server')] }] },
  },
  {
    // Only a module's repository (and db/, the demo data it seeds, and tests) queries the database:
    // handlers, rules and plugins call repositories (ARCHITECTURE.md, server modules).
    files: ['server/src/**/*.ts'],
    ignores: SERVER_QUERY_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [...ours('src', 'call-runtime'), ...queryBuilder] }] },
  },
  // public/early.js runs in the page as it is, outside the bundle (index.html).
  { files: ['public/**/*.js'], languageOptions: { globals: globals.browser } },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          // The whole endpoints table would pull every area's schemas into every page's bundle.
          paths: [
            {
              name: '@portal/contract',
              importNames: ['endpoints'],
              message: "Import the area's endpoint group (authEndpoints, ...) instead",
            },
          ],
          patterns: [...ours('server', 'call-runtime')],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...ours('server', 'src', 'editor-core', 'call-runtime')] }],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.{mjs,ts}', '*.config.{js,ts}', 'e2e/**/*.ts', 'tests/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
);
