import { defineConfig } from 'drizzle-kit';

/** drizzle-kit settings: `npm run db:generate` writes SQL migrations into packages/server/drizzle. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/server/src/**/*.tables.ts',
  out: './packages/server/drizzle',
  casing: 'snake_case',
});
