import { type Subcatchment, subcatchmentInputSchema } from '@curlew/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import { AppError } from '../../../platform/errors.ts';
import type { ListSpec } from '../refdata.list.ts';
import type { ListFilters } from '../refdata.store.ts';
import { tableStore } from '../refdata.table-store.ts';
import { lpas, subcatchments } from '../refdata.tables.ts';

type Row = typeof subcatchments.$inferSelect;

const present = (row: Row): Subcatchment => ({
  id: row.id,
  name: row.name,
  nutrient: row.nutrient,
  designatedSites: row.designatedSites,
  lpaCodes: row.lpaCodes,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const spec: ListSpec = {
  sortColumns: {
    name: sql`lower(${subcatchments.name})`,
    nutrient: subcatchments.nutrient,
    active: subcatchments.active,
    updatedAt: subcatchments.updatedAt,
  },
  defaultSort: 'name',
  tieBreak: subcatchments.id,
  searchColumns: [subcatchments.name, subcatchments.designatedSites],
  activeColumn: subcatchments.active,
};

const filtersOf = (filters: ListFilters) => [
  filters.lpa ? sql`${filters.lpa} = any(${subcatchments.lpaCodes})` : undefined,
];

/** Parses a subcatchment into its columns and checks each LPA code names a known LPA (422 on `lpaCodes.{i}`). */
async function parseSubcatchment(db: Queryable, body: unknown) {
  const values = subcatchmentInputSchema.parse(body);
  if (values.lpaCodes.length > 0) {
    const known = new Set(
      (await db.select({ code: lpas.code }).from(lpas).where(inArray(lpas.code, values.lpaCodes))).map(
        (row) => row.code,
      ),
    );
    const errors = values.lpaCodes.flatMap((code, index) =>
      known.has(code) ? [] : [{ path: `lpaCodes.${index}`, message: `No LPA has the code ${code}` }],
    );
    if (errors.length > 0) throw new AppError('validation', errors[0]?.message ?? 'Unknown LPA', { errors });
  }
  return { ...values, designatedSites: values.designatedSites ?? null };
}

/** Nutrient-neutrality subcatchments. */
export const subcatchmentsStore = tableStore({
  table: subcatchments,
  spec,
  present,
  nameOf: (item) => item.name,
  filters: filtersOf,
  writes: {
    input: parseSubcatchment,
    conflict: { path: 'name', message: (values) => `A subcatchment named '${values.name}' already exists` },
  },
});
