import { defineConfig } from 'drizzle-kit';

/** drizzle-kit settings: `npm run db:generate` writes SQL migrations into packages/server/drizzle. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/server/src/platform/db/schema.ts',
  out: './packages/server/drizzle',
  casing: 'snake_case',
});
