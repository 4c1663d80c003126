import {
  CREDIT_TYPES,
  clearingExclusionOf,
  complianceStanding,
  type EntityAction,
  estimateBiodiversityUnits,
  type Project,
  type ProjectListItem,
  type ProjectService,
  type RecordDocument,
} from '@curlew/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { markNextSteps } from '../../platform/actions/next-steps.ts';
import { selfLink } from '../../platform/actions/runner.ts';
import type { Access } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { storedFiles } from '../files/files.tables.ts';
import { habitats, standards } from '../refdata/refdata.tables.ts';
import { projectChecklist, projectNextSteps } from './projects.checklist.ts';
import { projectCosts, projectSupply } from './projects.parts.ts';
import type { ProjectRecord, ProjectServiceRow, ProjectServiceUnitsRow } from './projects.repo.ts';
import { servicesOf } from './projects.repo.ts';
import type { ProjectRelation } from './projects.scope.ts';

/**
 * Whether the reader sees the sealed offer: the operator, the supplier's members and its agent with MakeOffersOrBids
 * for the project's round. Nobody else, on any read route.
 */
export const seesOffer = (access: Access<ProjectRelation>): boolean =>
  access.relation === 'operator' ||
  access.relation === 'member' ||
  (access.relation === 'agent' && access.permissions.includes('MakeOffersOrBids'));

/** Whether the reader sees prices at all (costs): everyone in scope but a local planning authority. */
const seesPrices = (access: Access<ProjectRelation>): boolean => access.relation !== 'lpa';

const named = (id: string | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

/** The references of a project shared by its record and its list row. */
const references = (record: ProjectRecord) => ({
  id: record.id,
  self: selfLink('project', record.id),
  name: record.name,
  status: record.status,
  supplier: { id: record.supplierId, name: record.supplierName },
  agent: named(record.agentId, record.agentName),
  type: named(record.typeId, record.typeName),
  market: named(record.marketId, record.marketName),
  round:
    record.marketRoundId !== null && record.roundName !== null && record.roundStatus !== null
      ? { id: record.marketRoundId, name: record.roundName, status: record.roundStatus }
      : null,
  group:
    record.groupId !== null && record.groupName !== null && record.groupType !== null
      ? { id: record.groupId, name: record.groupName, type: record.groupType }
      : null,
  createdAt: record.createdAt.toISOString(),
});

/** A project as a list row (never an offer or a cost). */
export const presentProjectListItem = (record: ProjectRecord): ProjectListItem => ({
  ...references(record),
  creditTypes: CREDIT_TYPES.filter((type) => record.serviceTypes.includes(type)),
  lpa: named(record.lpaId, record.lpaName),
});

type HabitatKey = string;
const habitatKey = (module: string | null, habitatType: string | null): HabitatKey =>
  `${module ?? ''}|${habitatType ?? ''}`;

const presentService = (
  record: ProjectRecord,
  service: ProjectServiceRow,
  units: ProjectServiceUnitsRow[],
  scores: Map<HabitatKey, number>,
  standardNames: Map<string, string>,
): ProjectService => {
  const biodiversity = service.type === 'Biodiversity';
  const estimate =
    biodiversity &&
    record.yearsToTargetCondition !== null &&
    service.size !== null &&
    service.distinctiveness !== null &&
    service.condition !== null
      ? estimateBiodiversityUnits({
          size: service.size,
          distinctiveness: service.distinctiveness,
          ...(scores.has(habitatKey(service.module, service.habitatType))
            ? { distinctivenessScore: scores.get(habitatKey(service.module, service.habitatType)) ?? 0 }
            : {}),
          condition: service.condition,
          strategicSignificance: service.strategicSignificance ?? 'Low',
          difficulty: service.difficulty ?? 'Low',
          yearsToTargetCondition: record.yearsToTargetCondition,
        })
      : null;
  const standardName = service.standardId === null ? undefined : standardNames.get(service.standardId);
  return {
    id: service.id,
    projectId: service.projectId,
    type: service.type,
    status: service.status,
    module: service.module,
    broadHabitat: service.broadHabitat,
    habitatType: service.habitatType,
    distinctiveness: service.distinctiveness,
    condition: service.condition,
    strategicSignificance: service.strategicSignificance,
    difficulty: service.difficulty,
    size: service.size,
    sizeUnit: service.sizeUnit,
    mitigationBegins: service.mitigationBegins,
    creationDate: service.creationDate,
    mitigationDuration: service.mitigationDuration,
    area: service.area,
    years: service.years,
    baselineUnitsLost: biodiversity ? record.baselineUnitsLost : null,
    metricEstimate: estimate,
    certification:
      service.decision === null
        ? null
        : {
            standard:
              service.standardId !== null && standardName !== undefined
                ? { id: service.standardId, name: standardName }
                : null,
            decision: service.decision,
          },
    unitsPerPeriod: units.map((row) => ({
      id: row.id,
      creditId: service.id,
      start: row.start,
      end: row.end,
      units: row.units,
    })),
  };
};

/** The current documents of some projects, by project id. */
async function documentsOf(db: Queryable, ids: readonly string[]): Promise<Map<string, RecordDocument[]>> {
  const result = new Map<string, RecordDocument[]>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      ownerId: storedFiles.ownerId,
      tag: storedFiles.tag,
      id: storedFiles.id,
      filename: storedFiles.filename,
      uploadedAt: storedFiles.uploadedAt,
    })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.ownerType, 'project'),
        inArray(storedFiles.ownerId, [...ids]),
        eq(storedFiles.current, true),
      ),
    )
    .orderBy(asc(storedFiles.uploadedAt), asc(storedFiles.filename));
  for (const row of rows) {
    const list = result.get(row.ownerId) ?? [];
    list.push({ tag: row.tag, fileId: row.id, name: row.filename, uploadedAt: row.uploadedAt.toISOString() });
    result.set(row.ownerId, list);
  }
  return result;
}

/** The project's tags of current documents (for guards: both agreements uploaded). */
export async function documentTagsOf(db: Queryable, projectId: string): Promise<Set<string>> {
  return new Set(((await documentsOf(db, [projectId])).get(projectId) ?? []).map((doc) => doc.tag));
}

/** A project as `GET /api/project/{id}` answers it, for the reader's access. */
export async function presentProject(
  db: Queryable,
  record: ProjectRecord,
  access: Access<ProjectRelation>,
  actions: EntityAction[],
): Promise<Project> {
  const [project] = await presentProjects(db, [record], access, () => actions);
  if (!project) throw new Error('A project was not presented');
  return project;
}

/**
 * Projects as `GET /api/project/{id}` answers them, for one access, in a fixed number of queries whatever their
 * number (services, habitat scores, standards and documents read for all at once).
 */
async function presentProjects(
  db: Queryable,
  records: readonly ProjectRecord[],
  access: Access<ProjectRelation>,
  actionsOf: (record: ProjectRecord) => EntityAction[] = () => [],
): Promise<Project[]> {
  const ids = records.map((record) => record.id);
  const allServices = await servicesOf(db, ids);
  const modules = [
    ...new Set(allServices.map(({ service }) => service.habitatType).filter((t) => t !== null)),
  ];
  const scores = new Map<HabitatKey, number>();
  if (modules.length > 0) {
    const rows = await db
      .select({
        module: habitats.module,
        habitatType: habitats.habitatType,
        score: habitats.distinctivenessScore,
      })
      .from(habitats)
      .where(inArray(habitats.habitatType, modules as string[]));
    for (const row of rows) scores.set(habitatKey(row.module, row.habitatType), row.score);
  }
  const standardIds = [
    ...new Set(allServices.map(({ service }) => service.standardId).filter((id) => id !== null)),
  ] as string[];
  const standardNames = new Map<string, string>();
  if (standardIds.length > 0) {
    const rows = await db
      .select({ id: standards.id, name: standards.name })
      .from(standards)
      .where(inArray(standards.id, standardIds));
    for (const row of rows) standardNames.set(row.id, row.name);
  }
  const documentsById = await documentsOf(db, ids);
  const servicesById = new Map<string, typeof allServices>();
  for (const entry of allServices)
    servicesById.set(entry.service.projectId, [...(servicesById.get(entry.service.projectId) ?? []), entry]);
  return records.map((record) =>
    projectOf(record, {
      services: servicesById.get(record.id) ?? [],
      scores,
      standardNames,
      documents: documentsById.get(record.id) ?? [],
      access,
      actions: actionsOf(record),
    }),
  );
}

function projectOf(
  record: ProjectRecord,
  context: {
    services: Awaited<ReturnType<typeof servicesOf>>;
    scores: Map<HabitatKey, number>;
    standardNames: Map<string, string>;
    documents: RecordDocument[];
    access: Access<ProjectRelation>;
    actions: EntityAction[];
  },
): Project {
  const { services, scores, standardNames, documents, access, actions } = context;
  const prices = seesPrices(access);
  const standing = complianceStanding(record.outcomes);
  const checklist =
    access.relation === 'lpa'
      ? []
      : projectChecklist(record, {
          serviceTypes: new Set(services.map(({ service }) => service.type)),
          documentTags: new Set(documents.map((doc) => doc.tag)),
          seesOffer: seesOffer(access),
        });
  const project: Project = {
    ...references(record),
    isFixedTerm: record.isFixedTerm,
    mitigationDurations: [...record.mitigationDurations],
    services: services.map(({ service, units }) =>
      presentService(record, service, units, scores, standardNames),
    ),
    supply: projectSupply(record),
    location:
      record.locationCreditTypes === null
        ? null
        : {
            creditTypes: [...record.locationCreditTypes],
            lpa: named(record.lpaId, record.lpaName),
            nca: named(record.ncaId, record.ncaName),
            subcatchment: named(record.subcatchmentId, record.subcatchmentName),
            nearAddress: record.nearAddress ?? '',
            gridReference: record.gridReference,
            threeWords: record.threeWords,
          },
    costs: prices ? projectCosts(record) : null,
    documents,
    outcomes: [...record.outcomes],
    nonCompliant: standing.nonCompliant,
    complianceNextAction: standing.nextAction,
    updatedAt: record.updatedAt.toISOString(),
    actions: markNextSteps(actions, projectNextSteps(record, actions, checklist)),
    checklist,
  };
  if (seesOffer(access)) {
    project.offer = record.offer;
    project.clearingExclusion = clearingExclusionOf(record);
  }
  return project;
}
