import { defineConfig } from 'drizzle-kit';

// Run from the repository root: `npm run db:generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/drizzle',
  casing: 'snake_case',
});
