import { type ProjectType, projectTypeInputSchema } from '@curlew/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/connect.ts';
import {
  countColumns,
  type ListSpec,
  listClauses,
  pageOf,
  selectPage,
  withConflictCheck,
} from '../refdata.list.ts';
import type { RefDataStore } from '../refdata.store.ts';
import { projectTypes } from '../refdata.tables.ts';

type Row = typeof projectTypes.$inferSelect;

const present = (row: Row): ProjectType => ({
  id: row.id,
  name: row.name,
  description: row.description,
  incompatibleWithCurrentService: row.incompatibleWithCurrentService,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const spec: ListSpec = {
  sortColumns: {
    name: sql`lower(${projectTypes.name})`,
    incompatibleWithCurrentService: projectTypes.incompatibleWithCurrentService,
    active: projectTypes.active,
    updatedAt: projectTypes.updatedAt,
  },
  defaultSort: 'name',
  tieBreak: projectTypes.id,
  searchColumns: [projectTypes.name, projectTypes.description],
  activeColumn: projectTypes.active,
};

const duplicate = (name: string) => `A project type named '${name}' already exists`;

/** Project types. */
export const projectTypesStore: RefDataStore<ProjectType> = {
  nameOf: (item) => item.name,
  async list(db, query) {
    const { rows, total } = await selectPage(db, projectTypes, listClauses(spec, query));
    return pageOf(rows.map(present), total, query);
  },
  async get(db, id) {
    const [row] = await db.select().from(projectTypes).where(eq(projectTypes.id, id));
    return row ? present(row) : undefined;
  },
  async counts(db) {
    const [row] = await db.select(countColumns(projectTypes.active)).from(projectTypes);
    return row ?? { count: 0, activeCount: 0 };
  },
  async create(db, body, now) {
    const values = projectTypeInputSchema.parse(body);
    const [row] = await withConflictCheck(
      () =>
        db
          .insert(projectTypes)
          .values({ ...values, description: values.description ?? null, createdAt: now, updatedAt: now })
          .returning(),
      'name',
      duplicate(values.name),
    );
    if (!row) throw new Error('No project type inserted');
    return present(row);
  },
  async update(db, id, body, now) {
    const values = projectTypeInputSchema.parse(body);
    const [row] = await withConflictCheck(
      () =>
        db
          .update(projectTypes)
          .set({ ...values, description: values.description ?? null, updatedAt: now })
          .where(eq(projectTypes.id, id))
          .returning(),
      'name',
      duplicate(values.name),
    );
    return row ? present(row) : undefined;
  },
};

/** Active project types by name, for option lists. */
export const activeProjectTypes = async (db: Queryable): Promise<ProjectType[]> =>
  (
    await db
      .select()
      .from(projectTypes)
      .where(eq(projectTypes.active, true))
      .orderBy(asc(sql`lower(${projectTypes.name})`))
  ).map(present);
