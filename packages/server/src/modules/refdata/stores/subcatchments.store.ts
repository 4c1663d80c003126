import {
  SUBCATCHMENT_NUTRIENT_LABELS,
  type Subcatchment,
  subcatchmentInputSchema,
  subcatchmentListQuerySchema,
} from '@curlew/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import { AppError } from '../../../platform/errors.ts';
import { activeOnly, settingsList, updatedColumn, yesNo } from '../refdata.read.ts';
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
  activeColumn: subcatchments.active,
  optionOrder: sql`lower(${subcatchments.name})`,
  present,
  nameOf: (item) => item.name,
  writes: {
    input: parseSubcatchment,
    conflict: { path: 'name', message: (values) => `A subcatchment named '${values.name}' already exists` },
  },
});

/** `GET /api/settings/subcatchments`: those reaching into an LPA (`lpa`, by code). */
export const subcatchmentsList = settingsList({
  type: 'subcatchments',
  table: subcatchments,
  query: subcatchmentListQuerySchema,
  itemType: 'Subcatchment',
  activeColumn: subcatchments.active,
  filters: {
    active: activeOnly(subcatchments.active),
    lpa: (code) => sql`${code} = any(${subcatchments.lpaCodes})`,
  },
  sort: {
    name: sql`lower(${subcatchments.name})`,
    nutrient: subcatchments.nutrient,
    active: subcatchments.active,
    updatedAt: subcatchments.updatedAt,
  },
  search: [subcatchments.name, subcatchments.designatedSites],
  present: subcatchmentsStore.presentPage,
  columns: [
    { header: 'Name', width: 32, value: (item) => item.name },
    { header: 'Nutrient', width: 14, value: (item) => SUBCATCHMENT_NUTRIENT_LABELS[item.nutrient] },
    { header: 'Designated sites', width: 40, value: (item) => item.designatedSites ?? '' },
    { header: 'LPA codes', width: 30, value: (item) => item.lpaCodes.join(' ') },
    { header: 'Active', width: 10, value: (item) => yesNo(item.active) },
    updatedColumn(),
  ],
});
