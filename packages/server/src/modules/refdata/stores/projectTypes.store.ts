import { type ProjectType, projectTypeInputSchema, projectTypeListQuerySchema } from '@curlew/domain';
import { sql } from 'drizzle-orm';
import { activeOnly, settingsList, updatedColumn, yesNo } from '../refdata.read.ts';
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

/** Project types. */
export const projectTypesStore = tableStore({
  table: projectTypes,
  activeColumn: projectTypes.active,
  optionOrder: sql`lower(${projectTypes.name})`,
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

/** `GET /api/settings/project-types`. */
export const projectTypesList = settingsList({
  type: 'project-types',
  table: projectTypes,
  query: projectTypeListQuerySchema,
  itemType: 'ProjectType',
  activeColumn: projectTypes.active,
  filters: { active: activeOnly(projectTypes.active) },
  sort: {
    name: sql`lower(${projectTypes.name})`,
    incompatibleWithCurrentService: projectTypes.incompatibleWithCurrentService,
    active: projectTypes.active,
    updatedAt: projectTypes.updatedAt,
  },
  search: [projectTypes.name, projectTypes.description],
  present: projectTypesStore.presentPage,
  columns: [
    { header: 'Name', width: 32, value: (item) => item.name },
    { header: 'Description', width: 48, value: (item) => item.description ?? '' },
    {
      header: 'Incompatible with current service',
      width: 16,
      value: (item) => yesNo(item.incompatibleWithCurrentService),
    },
    { header: 'Active', width: 10, value: (item) => yesNo(item.active) },
    updatedColumn(),
  ],
});
