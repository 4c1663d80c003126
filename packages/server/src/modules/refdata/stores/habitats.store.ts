import {
  HABITAT_DISTINCTIVENESS_LABELS,
  type Habitat,
  habitatListQuerySchema,
  habitatQuerySchema,
  MODULE_LABELS,
} from '@curlew/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import { settingsList } from '../refdata.read.ts';
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
  present,
  nameOf: (item) => item.habitatType,
  optionOrder: habitats.broadHabitat,
});

/** `GET /api/settings/habitats`: by module and broad habitat; rows of one broad habitat by habitat type. */
export const habitatsList = settingsList({
  type: 'habitats',
  table: habitats,
  query: habitatListQuerySchema,
  itemType: 'Habitat',
  filters: {
    active: () => undefined,
    module: (module) => eq(habitats.module, module),
    broadHabitat: (broadHabitat) => eq(habitats.broadHabitat, broadHabitat),
  },
  sort: {
    module: habitats.module,
    // Habitat types of one broad habitat (or band) follow each other by name.
    broadHabitat: sql`(${habitats.broadHabitat}, ${habitats.habitatType})`,
    habitatType: sql`lower(${habitats.habitatType})`,
    distinctiveness: sql`(${habitats.distinctivenessScore}, ${habitats.habitatType})`,
  },
  search: [habitats.habitatType, habitats.broadHabitat],
  present: habitatsStore.presentPage,
  columns: [
    { header: 'Module', width: 14, value: (item) => MODULE_LABELS[item.module] },
    { header: 'Broad habitat', width: 28, value: (item) => item.broadHabitat ?? '' },
    { header: 'Habitat type', width: 40, value: (item) => item.habitatType },
    {
      header: 'Distinctiveness',
      width: 16,
      value: (item) => HABITAT_DISTINCTIVENESS_LABELS[item.distinctiveness],
    },
    { header: 'Score', width: 8, value: (item) => item.distinctivenessScore },
    { header: 'Trading rule', width: 40, value: (item) => item.tradingRule },
  ],
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
