import { type ProjectType, projectTypeInputSchema } from '@curlew/domain';
import { sql } from 'drizzle-orm';
import type { ListSpec } from '../refdata.list.ts';
import { tableStore } from '../refdata.table-store.ts';
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

/** Project types. */
export const projectTypesStore = tableStore({
  table: projectTypes,
  spec,
  present,
  nameOf: (item) => item.name,
  writes: {
    input: (_db, body) => {
      const values = projectTypeInputSchema.parse(body);
      return { ...values, description: values.description ?? null };
    },
    conflict: { path: 'name', message: (values) => `A project type named '${values.name}' already exists` },
  },
});
