import { type Subcatchment, subcatchmentInputSchema } from '@curlew/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  countColumns,
  type ListSpec,
  listClauses,
  pageOf,
  selectPage,
  withConflictCheck,
} from '../refdata.list.ts';
import type { ListFilters, RefDataStore } from '../refdata.store.ts';
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

/** Parses a subcatchment and checks each LPA code names a known LPA (422 on `lpaCodes.{i}`). */
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
  return values;
}

const duplicate = (name: string) => `A subcatchment named '${name}' already exists`;

/** Nutrient-neutrality subcatchments. */
export const subcatchmentsStore: RefDataStore<Subcatchment> = {
  nameOf: (item) => item.name,
  async list(db, query, filters) {
    const { rows, total } = await selectPage(db, subcatchments, listClauses(spec, query, filtersOf(filters)));
    return pageOf(rows.map(present), total, query);
  },
  async get(db, id) {
    const [row] = await db.select().from(subcatchments).where(eq(subcatchments.id, id));
    return row ? present(row) : undefined;
  },
  async counts(db) {
    const [row] = await db.select(countColumns(subcatchments.active)).from(subcatchments);
    return row ?? { count: 0, activeCount: 0 };
  },
  async create(db, body, now) {
    const values = await parseSubcatchment(db, body);
    const [row] = await withConflictCheck(
      () =>
        db
          .insert(subcatchments)
          .values({
            ...values,
            designatedSites: values.designatedSites ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
      'name',
      duplicate(values.name),
    );
    if (!row) throw new Error('No subcatchment inserted');
    return present(row);
  },
  async update(db, id, body, now) {
    const values = await parseSubcatchment(db, body);
    const [row] = await withConflictCheck(
      () =>
        db
          .update(subcatchments)
          .set({ ...values, designatedSites: values.designatedSites ?? null, updatedAt: now })
          .where(eq(subcatchments.id, id))
          .returning(),
      'name',
      duplicate(values.name),
    );
    return row ? present(row) : undefined;
  },
};

/** Active subcatchments by name, for option lists. */
export const activeSubcatchments = async (db: Queryable): Promise<Subcatchment[]> =>
  (
    await db
      .select()
      .from(subcatchments)
      .where(eq(subcatchments.active, true))
      .orderBy(asc(sql`lower(${subcatchments.name})`))
  ).map(present);
