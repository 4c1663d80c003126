import { numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.ts';

/** Markets run by the operator: where they trade, the buyers' share of the surplus and the default reserve. */
export const markets = pgTable('markets', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  description: text(),
  region: text(),
  buyerShareOfSurplus: numeric({ mode: 'number' }).notNull().default(0.5),
  defaultReservePercentage: numeric({ mode: 'number' }),
  createdAt: at().notNull(),
  updatedAt: at().notNull(),
});
