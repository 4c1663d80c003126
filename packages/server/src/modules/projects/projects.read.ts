import {
  CREDIT_TYPE_LABELS,
  type Project,
  type ProjectListItem,
  type ProjectListQuery,
  projectListQuerySchema,
  REGISTRY_PROJECT_STATUSES,
} from '@curlew/domain';
import { arrayContains, eq, inArray, sql } from 'drizzle-orm';
import { searchDocumentOf } from '../../platform/db/search-document.ts';
import type { ReadModel, RecordPresenter } from '../../platform/read/entity-module.ts';
import { projectOutcome } from '../match/outcome.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import type { ProjectRecord } from './projects.kind.ts';
import { presentProject, presentProjectListItem, seesOffer } from './projects.present.ts';
import { projectInScope, selectProjectsFor, supplierOrganisations } from './projects.repo.ts';
import { type ProjectRelation, projectScope } from './projects.scope.ts';
import { projects } from './projects.tables.ts';

/** A project whose latest compliance monitoring check failed (the non-compliant registry). */
const nonCompliant = sql`(select o->>'outcome' from jsonb_array_elements(${projects.outcomes}) with ordinality as e(o, n) where o->>'kind' = 'compliance' order by n desc limit 1) = 'Fail'`;

/** A project for its reader: the outcome of its round only for those who see the sealed offer. */
const presentFor: RecordPresenter<ProjectRecord, ProjectRelation, Project> = async (read) => {
  const project = await presentProject(read.db, read.record, read.access, read.actions);
  if (seesOffer(read.access)) project.outcome = await projectOutcome(read.db, read.record);
  return project;
};

type ProjectRow = Awaited<ReturnType<typeof selectProjectsFor>>[number];

/**
 * The read side of projects: `GET /api/projects` (q on the name; roundId, status, typeId, creditType, lpaId,
 * supplierId, registry, nonCompliant; sorted by PROJECT_SORT_KEYS; `format=csv|xlsx`, at most 100,000 rows) and
 * `GET /api/project/{id}`, both scoped to what the reader may see. No list or export row carries an offer or a cost;
 * a local planning authority reads only, without costs, offer or checklist.
 */
export const projectRead: ReadModel<
  ProjectRecord,
  ProjectRelation,
  Project,
  ProjectListQuery,
  ProjectRow,
  ProjectListItem
> = {
  record: {
    readOnly: ['lpa'],
    present: { operator: presentFor, member: presentFor, agent: presentFor, lpa: presentFor },
    answerType: 'Project',
  },
  list: {
    query: projectListQuerySchema,
    itemType: 'ProjectListItem',
    table: projects,
    id: projects.id,
    scope: (actor) => projectScope(actor).where,
    filters: {
      roundId: (id) => eq(projects.marketRoundId, id),
      status: (status) => eq(projects.status, status),
      typeId: (id) => eq(projects.typeId, id),
      creditType: (type) => arrayContains(projects.serviceTypes, [type]),
      lpaId: (id) => eq(projects.lpaId, id),
      supplierId: (id) => eq(projects.supplierId, id),
      registry: (on) => (on ? inArray(projects.status, [...REGISTRY_PROJECT_STATUSES]) : undefined),
      nonCompliant: (on) => (on ? nonCompliant : undefined),
    },
    sort: {
      name: projects.name,
      status: projects.status,
      supplier: {
        column: supplierOrganisations.name,
        join: { table: supplierOrganisations, on: eq(supplierOrganisations.id, projects.supplierId) },
      },
      round: {
        column: marketRounds.name,
        join: { table: marketRounds, on: eq(marketRounds.id, projects.marketRoundId) },
      },
      createdAt: projects.createdAt,
    },
    search: [projects.name],
    document: searchDocumentOf(projects),
    rows: ({ db, actor }, where) => selectProjectsFor(db, actor, where),
    present: (rows) =>
      rows.flatMap((row) => {
        const found = projectInScope(row);
        return found === null ? [] : [presentProjectListItem(found.record)];
      }),
    export: {
      filename: 'projects',
      sheet: 'Projects',
      maxRows: 100_000,
      columns: [
        { header: 'Name', width: 32, value: (item) => item.name },
        { header: 'Status', width: 18, value: (item) => item.status },
        { header: 'Supplier', width: 28, value: (item) => item.supplier.name },
        { header: 'Agent', width: 28, value: (item) => item.agent?.name ?? '' },
        { header: 'Project type', width: 24, value: (item) => item.type?.name ?? '' },
        { header: 'Market', width: 24, value: (item) => item.market?.name ?? '' },
        { header: 'Market round', width: 24, value: (item) => item.round?.name ?? '' },
        {
          header: 'Services',
          width: 36,
          value: (item) => item.creditTypes.map((type) => CREDIT_TYPE_LABELS[type]).join('; '),
        },
        { header: 'Local planning authority', width: 28, value: (item) => item.lpa?.name ?? '' },
        {
          header: 'Project group',
          width: 28,
          value: (item) => (item.group ? `${item.group.name} (${item.group.type})` : ''),
        },
        { header: 'Created', width: 24, value: (item) => item.createdAt },
      ],
    },
  },
};
