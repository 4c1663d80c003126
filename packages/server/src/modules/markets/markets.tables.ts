import { numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

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
