// Each table has one writer (ARCHITECTURE.md, server modules): db/schema/<module>.ts holds the tables of
// server/src/modules/<module>, and no other module's file inserts into, updates or deletes from them, whether through
// the query builder or in SQL (a template literal). The linter keeps other modules from importing them at all, except read models
// (*-read-model.ts), which may join them to read; this test keeps read models to reading.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const schemaDir = join(root, 'server/src/db/schema');
const modulesDir = join(root, 'server/src/modules');

interface Table {
  /** The name the code uses (`voipUsers`). */
  name: string;
  /** The name in SQL (`voip_users`). */
  sqlName: string;
  /** The schema file's name, which is its owning module's (`users`). */
  owner: string;
}

function tablesOf(source: string, owner: string): Table[] {
  return [...source.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map(([, name, sqlName]) => ({
    name: name!,
    sqlName: sqlName!,
    owner,
  }));
}

const tables = readdirSync(schemaDir)
  .filter((file) => file.endsWith('.ts'))
  .flatMap((file) => tablesOf(readFileSync(join(schemaDir, file), 'utf8'), file.replace(/\.ts$/, '')));

/** The tables `source` (a file of `module`) writes that are not `module`'s own, as "insert accounts". */
function foreignWrites(source: string, module: string): string[] {
  const found: string[] = [];
  for (const table of tables) {
    if (table.owner === module) continue;
    const builder = new RegExp(`\\.(insert|update|delete)\\(\\s*${table.name}\\s*\\)`, 'g');
    for (const [, verb] of source.matchAll(builder)) found.push(`${verb} ${table.name}`);
    const sql = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?${table.sqlName}\\b`, 'gi');
    const templates = [...source.matchAll(/`[^`]*`/g)].map(([text]) => text).join('\n');
    for (const [, verb] of templates.matchAll(sql)) found.push(`${verb!.toLowerCase().split(/\s/)[0]} ${table.name}`);
  }
  return found;
}

const moduleFiles = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(join(modulesDir, entry.name), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => ({ module: entry.name, path: `server/src/modules/${entry.name}/${file}` })),
  );

describe('server tables: one writer each', () => {
  it('knows the tables, each in its owner’s schema file', () => {
    expect(tables.length).toBeGreaterThan(60);
    expect(tables).toContainEqual({ name: 'voipUsers', sqlName: 'voip_users', owner: 'users' });
    expect(tables).toContainEqual({ name: 'accounts', sqlName: 'accounts', owner: 'customers' });
  });

  it('finds a write of another module’s table in the query builder and in SQL', () => {
    expect(foreignWrites('await tx.insert(accounts).values({ name });', 'signup')).toEqual(['insert accounts']);
    expect(foreignWrites('await db.update( voipUsers ).set({ name });', 'numbers')).toEqual(['update voipUsers']);
    expect(foreignWrites('await db.execute(sql`DELETE FROM voip_users WHERE id = ${id}`);', 'numbers')).toEqual([
      'delete voipUsers',
    ]);
    expect(foreignWrites('await tx.insert(voipUsers).values(row);', 'users')).toEqual([]);
    expect(foreignWrites('const rows = await db.select().from(accounts);', 'signup')).toEqual([]);
  });

  it('no module writes a table it does not own', () => {
    const writes = moduleFiles.flatMap((file) =>
      foreignWrites(readFileSync(join(root, file.path), 'utf8'), file.module).map((write) => `${file.path}: ${write}`),
    );
    expect(writes).toEqual([]);
  });
});
