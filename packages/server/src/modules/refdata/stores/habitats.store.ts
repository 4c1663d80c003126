import { type Habitat, habitatQuerySchema } from '@curlew/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import type { ListSpec } from '../refdata.list.ts';
import type { ListFilters } from '../refdata.store.ts';
import { tableStore } from '../refdata.table-store.ts';
import { habitats } from '../refdata.tables.ts';

type Row = typeof habitats.$inferSelect;

const present = (row: Row): Habitat => ({
  id: row.id,
  module: row.module,
  broadHabitat: row.broadHabitat,
  habitatType: row.habitatType,
  distinctiveness: row.distinctiveness,
  distinctivenessScore: row.distinctivenessScore,
  tradingRule: row.tradingRule,
});

const spec: ListSpec = {
  sortColumns: {
    module: habitats.module,
    broadHabitat: habitats.broadHabitat,
    habitatType: sql`lower(${habitats.habitatType})`,
    distinctiveness: habitats.distinctivenessScore,
  },
  defaultSort: 'broadHabitat',
  tieBreak: habitats.habitatType,
  searchColumns: [habitats.habitatType, habitats.broadHabitat],
};

/** The module and broad-habitat conditions of a habitat filter (validated; 422 on bad values). */
function habitatFilters(filters: ListFilters) {
  const { module, broadHabitat } = habitatQuerySchema.parse({
    module: filters.module || undefined,
    broadHabitat: filters.broadHabitat || undefined,
  });
  return [
    module ? eq(habitats.module, module) : undefined,
    broadHabitat ? eq(habitats.broadHabitat, broadHabitat) : undefined,
  ];
}

/** Statutory-metric habitat types: read-only, always active. */
export const habitatsStore = tableStore({
  table: habitats,
  spec,
  present,
  nameOf: (item) => item.habitatType,
  filters: habitatFilters,
});

/** Habitat types of a module and broad habitat (SPEC 5: habitat types filtered by broad habitat). */
export async function habitatOptions(db: Queryable, filters: ListFilters): Promise<Habitat[]> {
  const rows = await db
    .select()
    .from(habitats)
    .where(and(...habitatFilters(filters)))
    .orderBy(asc(habitats.module), asc(habitats.broadHabitat), asc(habitats.habitatType));
  return rows.map(present);
}

/** The broad habitats of a module (or all), each with how many habitat types it has; none for null. */
export async function broadHabitatOptions(
  db: Queryable,
  filters: ListFilters,
): Promise<{ name: string; module: string; habitatTypes: number }[]> {
  const [moduleFilter] = habitatFilters({ module: filters.module });
  const rows = await db
    .select({
      name: habitats.broadHabitat,
      module: habitats.module,
      habitatTypes: sql<number>`count(*)`.mapWith(Number),
    })
    .from(habitats)
    .where(and(moduleFilter, sql`${habitats.broadHabitat} is not null`))
    .groupBy(habitats.module, habitats.broadHabitat)
    .orderBy(asc(habitats.module), asc(habitats.broadHabitat));
  return rows.flatMap((row) =>
    row.name === null ? [] : [{ name: row.name, module: row.module, habitatTypes: row.habitatTypes }],
  );
}
