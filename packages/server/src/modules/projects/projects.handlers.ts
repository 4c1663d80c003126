import {
  CERTIFICATION_STANDARD_PLACEHOLDER,
  CREDIT_DURATION_YEARS,
  certifiesService,
  DOCUMENT_UPLOAD_EXTENSIONS,
  formatIsoDate,
  MESSAGES,
  MODULE_UNITS,
  NUTRIENT_CREDIT_TYPES,
  type PROJECT_ACTIONS,
  PROJECT_FILE_FIELD_KINDS,
  type ProjectOutcome,
  WARNINGS,
} from '@curlew/domain';
import { and, asc, eq } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import type {
  Actor,
  HandlerContextBase,
  ReceivedFile,
  RecordHandlers,
} from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { commentHandler } from '../comments/comment.handler.ts';
import { saveUploadedFile } from '../files/files.repo.ts';
import { saveLocation } from '../files/locations.repo.ts';
import { replaceDocumentHandler } from '../files/replace-document.handler.ts';
import { fileStorageFor } from '../files/storage.ts';
import { registrationPromptsForRounds } from '../participations/participations.registration.ts';
import { habitats, lpas, ncas, projectTypes, standards, subcatchments } from '../refdata/refdata.tables.ts';
import type { ProjectRecord, ProjectRelation } from './projects.kind.ts';
import {
  assertProjectDeclarations,
  openRoundsForProjects,
  projectDeclarationPrompts,
  roundForProject,
} from './projects.registration.ts';
import {
  decideService,
  moveServices,
  refreshServiceTypes,
  replaceServiceUnits,
  restoreServiceCertifications,
  servicesOf,
  updateProject,
} from './projects.repo.ts';
import { projectGroups, projectServices, projects } from './projects.tables.ts';
import { biodiversityPeriods, nutrientPeriods } from './projects.units.ts';

type FileFieldId = keyof typeof PROJECT_FILE_FIELD_KINDS;

/** Stores the file of a project file field (tagged with its document kind), when one was sent. */
export async function storeProjectFile(
  context: Pick<HandlerContextBase<unknown>, 'tx' | 'files' | 'now'> & { deps: AppDeps; actor: Actor },
  projectId: string,
  fieldId: FileFieldId,
): Promise<void> {
  const file: ReceivedFile | undefined = context.files.find((candidate) => candidate.fieldId === fieldId);
  if (file === undefined) return;
  await saveUploadedFile(context.tx, fileStorageFor(context.deps.config), {
    ownerType: 'project',
    ownerId: projectId,
    tag: PROJECT_FILE_FIELD_KINDS[fieldId],
    file,
    userId: context.actor.id,
    accept: DOCUMENT_UPLOAD_EXTENSIONS,
    fieldPath: fieldId,
    uploadedAt: context.now,
  });
}

const notAnOption = (path: string) => validationError(path, 'Not a valid option');

/** Recomputes the yearly units of the project's services from their figures and the biodiversity supply. */
async function refreshUnits(tx: Queryable, projectId: string): Promise<void> {
  const services = await servicesOf(tx, [projectId]);
  const supply = await supplyOf(tx, projectId);
  const biodiversity = services.filter(({ service }) => service.type === 'Biodiversity');
  const totalSize = biodiversity.reduce((sum, { service }) => sum + (service.size ?? 0), 0);
  for (const { service } of services) {
    if (service.type === 'Biodiversity') {
      const share =
        totalSize > 0
          ? (service.size ?? 0) / totalSize
          : biodiversity.length > 0
            ? 1 / biodiversity.length
            : 0;
      await replaceServiceUnits(
        tx,
        service.id,
        supply === undefined ? [] : biodiversityPeriods(service.mitigationBegins, supply, share),
      );
    } else if (service.mitigationDuration !== null && service.units !== null) {
      await replaceServiceUnits(
        tx,
        service.id,
        nutrientPeriods(service.mitigationBegins, service.mitigationDuration, service.units),
      );
    }
  }
}

async function supplyOf(
  tx: Queryable,
  projectId: string,
): Promise<{ baselineUnitsLost: number; gainsPerYear: number[] } | undefined> {
  const [row] = await tx
    .select({ baselineUnitsLost: projects.baselineUnitsLost, gainsPerYear: projects.gainsPerYear })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.baselineUnitsLost !== null && row?.baselineUnitsLost !== undefined && row.gainsPerYear !== null
    ? { baselineUnitsLost: row.baselineUnitsLost, gainsPerYear: row.gainsPerYear }
    : undefined;
}

/** The habitat a biodiversity service names, checked against the statutory metric's habitats (422 otherwise). */
async function assertHabitat(
  tx: Queryable,
  values: { module: string; broadHabitat?: string | undefined; habitatType: string },
): Promise<void> {
  const [row] = await tx
    .select({ id: habitats.id })
    .from(habitats)
    .where(
      and(
        eq(habitats.module, values.module as (typeof habitats.$inferSelect)['module']),
        eq(habitats.habitatType, values.habitatType),
        values.module === 'Area' && values.broadHabitat !== undefined
          ? eq(habitats.broadHabitat, values.broadHabitat)
          : undefined,
      ),
    )
    .limit(1);
  if (row === undefined) throw notAnOption('habitatType');
}

const biodiversityColumns = (values: {
  module: 'Area' | 'Linear' | 'River';
  broadHabitat?: string | undefined;
  habitatType: string;
  distinctiveness: (typeof projectServices.$inferInsert)['distinctiveness'];
  condition: (typeof projectServices.$inferInsert)['condition'];
  size: number;
  strategicSignificance: (typeof projectServices.$inferInsert)['strategicSignificance'];
  difficulty: (typeof projectServices.$inferInsert)['difficulty'];
  mitigationBegins: string;
  creationDate?: string | undefined;
}) => ({
  module: values.module,
  broadHabitat: values.module === 'Area' ? (values.broadHabitat ?? null) : null,
  habitatType: values.habitatType,
  distinctiveness: values.distinctiveness,
  condition: values.condition,
  size: values.size,
  sizeUnit: MODULE_UNITS[values.module],
  strategicSignificance: values.strategicSignificance,
  difficulty: values.difficulty,
  mitigationBegins: values.mitigationBegins,
  creationDate: values.creationDate ?? null,
  years: null,
});

const nutrientColumns = (values: {
  service: (typeof projectServices.$inferInsert)['type'];
  mitigationBegins: string;
  mitigationDuration: NonNullable<(typeof projectServices.$inferInsert)['mitigationDuration']>;
  area: number;
  units: number;
}) => ({
  type: values.service,
  mitigationBegins: values.mitigationBegins,
  mitigationDuration: values.mitigationDuration,
  area: values.area,
  units: values.units,
  years: CREDIT_DURATION_YEARS[values.mitigationDuration],
});

/** A service of the project of the given family, or 422 at `serviceId`. */
async function serviceOfProject(tx: Queryable, projectId: string, serviceId: string, biodiversity: boolean) {
  const services = await servicesOf(tx, [projectId]);
  const found = services.find(
    ({ service }) => service.id === serviceId && (service.type === 'Biodiversity') === biodiversity,
  );
  if (found === undefined) throw notAnOption('serviceId');
  return found.service;
}

const serviceOptions = async (db: Queryable, projectId: string, biodiversity: boolean) =>
  (await servicesOf(db, [projectId]))
    .filter(({ service }) => (service.type === 'Biodiversity') === biodiversity)
    .map(({ service }) => service);

const serviceLabel = (service: { type: string; habitatType: string | null }) =>
  service.type === 'Biodiversity'
    ? (service.habitatType ?? 'Biodiversity')
    : service.type === 'NutrientMitigationNitrogen'
      ? 'Nitrogen'
      : 'Phosphorous';

const outcome = (
  kind: ProjectOutcome['kind'],
  values: { outcome: ProjectOutcome['outcome']; date: string; comment: string | null | undefined },
  actor: Actor,
): ProjectOutcome => ({
  kind,
  outcome: values.outcome,
  date: values.date,
  comment: values.comment ?? null,
  by: actor.displayName,
});

const withOutcome = (record: ProjectRecord, added: ProjectOutcome) => ({
  outcomes: [...record.outcomes, added],
});

/** What keeps a project from completing its registration, one sentence per problem. */
export async function registrationIssues(db: Queryable, record: ProjectRecord): Promise<string[]> {
  const services = await servicesOf(db, [record.id]);
  const issues: string[] = [];
  if (record.typeId === null) issues.push('Choose the project type (Update details)');
  if (services.length === 0) issues.push('Add at least one service');
  const types = new Set(services.map(({ service }) => service.type));
  if (types.has('Biodiversity') && record.gainsPerYear === null) issues.push('Set the biodiversity supply');
  if (record.locationCreditTypes === null) issues.push('Set the location');
  else {
    if (types.has('Biodiversity') && record.ncaId === null)
      issues.push('Set the National Character Area of the location');
    if (NUTRIENT_CREDIT_TYPES.some((type) => types.has(type)) && record.subcatchmentId === null)
      issues.push('Set the subcatchment of the location');
  }
  if (record.maintenance === null) issues.push('Set the project costs and fees');
  return issues;
}

/** Whether the project may skip to Certified: certified in an earlier round and unchanged since. */
export const canSkipToCertified = (record: ProjectRecord): boolean =>
  record.certifiedRoundId !== null &&
  record.certifiedRoundId !== record.marketRoundId &&
  !record.changedSinceCertified;

const edited = { changedSinceCertified: true } as const;

/** The project handlers: the runner checks who and when, and writes each status; these do the work. */
export const projectHandlers = {
  Update: {
    async load({ db, record }) {
      const incompatible = await db
        .select({ id: projectTypes.id })
        .from(projectTypes)
        .where(eq(projectTypes.incompatibleWithCurrentService, true));
      const services = await servicesOf(db, [record.id]);
      return {
        initialValues: { name: record.name, ...(record.typeId === null ? {} : { typeId: record.typeId }) },
        settings: { incompatibleTypeIds: incompatible.map((row) => row.id), hasService: services.length > 0 },
      };
    },
    async handle({ tx, record, values, now, describe }) {
      const [type] = isRecordId(values.typeId)
        ? await tx
            .select({ id: projectTypes.id, incompatible: projectTypes.incompatibleWithCurrentService })
            .from(projectTypes)
            .where(and(eq(projectTypes.id, values.typeId), eq(projectTypes.active, true)))
        : [];
      if (type === undefined) throw notAnOption('typeId');
      if (type.incompatible && type.id !== record.typeId) {
        const removed = await tx
          .delete(projectServices)
          .where(eq(projectServices.projectId, record.id))
          .returning({ id: projectServices.id });
        if (removed.length > 0) describe({ removedServices: removed.length });
        await refreshServiceTypes(tx, record.id, now);
      }
      await updateProject(tx, record.id, { name: values.name, typeId: type.id, ...edited }, now);
      return { message: `${values.name} updated` };
    },
  },
  AddBiodiversityService: {
    async handle({ tx, record, values, now }) {
      await assertHabitat(tx, values);
      await tx.insert(projectServices).values({
        projectId: record.id,
        type: 'Biodiversity',
        ...biodiversityColumns(values),
        createdAt: now,
        updatedAt: now,
      });
      await refreshServiceTypes(tx, record.id, now);
      await updateProject(tx, record.id, edited, now);
      await refreshUnits(tx, record.id);
      return { message: 'Biodiversity service added' };
    },
  },
  EditBiodiversityService: {
    async load({ db, record }) {
      const services = await serviceOptions(db, record.id, true);
      const [first] = services;
      return {
        options: {
          serviceId: services.map((service) => ({ value: service.id, label: serviceLabel(service) })),
        },
        initialValues:
          first === undefined
            ? {}
            : {
                serviceId: first.id,
                ...(first.module === null ? {} : { module: first.module }),
                ...(first.broadHabitat === null ? {} : { broadHabitat: first.broadHabitat }),
                ...(first.habitatType === null ? {} : { habitatType: first.habitatType }),
                ...(first.distinctiveness === null ? {} : { distinctiveness: first.distinctiveness }),
                ...(first.condition === null ? {} : { condition: first.condition }),
                ...(first.size === null ? {} : { size: first.size }),
                ...(first.strategicSignificance === null
                  ? {}
                  : { strategicSignificance: first.strategicSignificance }),
                ...(first.difficulty === null ? {} : { difficulty: first.difficulty }),
                mitigationBegins: first.mitigationBegins,
                ...(first.creationDate === null ? {} : { creationDate: first.creationDate }),
              },
      };
    },
    async handle({ tx, record, values, now }) {
      const service = await serviceOfProject(tx, record.id, values.serviceId, true);
      await assertHabitat(tx, values);
      await tx
        .update(projectServices)
        .set({ ...biodiversityColumns(values), updatedAt: now })
        .where(eq(projectServices.id, service.id));
      await updateProject(tx, record.id, edited, now);
      await refreshUnits(tx, record.id);
      return { message: 'Biodiversity service updated' };
    },
  },
  AddNutrientService: {
    async handle({ tx, record, values, now }) {
      await tx
        .insert(projectServices)
        .values({ projectId: record.id, ...nutrientColumns(values), createdAt: now, updatedAt: now });
      await refreshServiceTypes(tx, record.id, now);
      await updateProject(tx, record.id, edited, now);
      await refreshUnits(tx, record.id);
      return { message: 'Nutrient service added' };
    },
  },
  EditNutrientService: {
    async load({ db, record }) {
      const services = await serviceOptions(db, record.id, false);
      const [first] = services;
      return {
        options: {
          serviceId: services.map((service) => ({ value: service.id, label: serviceLabel(service) })),
        },
        initialValues:
          first === undefined
            ? {}
            : {
                serviceId: first.id,
                service: first.type,
                mitigationBegins: first.mitigationBegins,
                ...(first.mitigationDuration === null
                  ? {}
                  : { mitigationDuration: first.mitigationDuration }),
                ...(first.area === null ? {} : { area: first.area }),
                ...(first.units === null ? {} : { units: first.units }),
              },
      };
    },
    async handle({ tx, record, values, now }) {
      const service = await serviceOfProject(tx, record.id, values.serviceId, false);
      await tx
        .update(projectServices)
        .set({ ...nutrientColumns(values), updatedAt: now })
        .where(eq(projectServices.id, service.id));
      await refreshServiceTypes(tx, record.id, now);
      await updateProject(tx, record.id, edited, now);
      await refreshUnits(tx, record.id);
      return { message: 'Nutrient service updated' };
    },
  },
  SetBiodiversitySupply: {
    async load({ record }) {
      return record.gainsPerYear === null
        ? {}
        : {
            initialValues: {
              baselineUnitsLost: record.baselineUnitsLost,
              yearsToTargetCondition: record.yearsToTargetCondition,
              gainsPerYear: [...record.gainsPerYear],
            },
          };
    },
    async handle({ tx, record, values, now }) {
      await updateProject(
        tx,
        record.id,
        {
          baselineUnitsLost: values.baselineUnitsLost,
          yearsToTargetCondition: values.yearsToTargetCondition,
          gainsPerYear: values.gainsPerYear,
          ...edited,
        },
        now,
      );
      await refreshUnits(tx, record.id);
      return { message: 'Biodiversity supply set' };
    },
  },
  SetLocation: {
    async load({ record }) {
      return record.locationCreditTypes === null
        ? { initialValues: { creditTypes: [...record.serviceTypes] } }
        : {
            initialValues: {
              creditTypes: [...record.locationCreditTypes],
              ...(record.lpaId === null ? {} : { lpa: record.lpaId }),
              ...(record.ncaId === null ? {} : { nca: record.ncaId }),
              ...(record.subcatchmentId === null ? {} : { subcatchment: record.subcatchmentId }),
              nearAddress: record.nearAddress ?? '',
              ...(record.gridReference === null ? {} : { gridReference: record.gridReference }),
              ...(record.threeWords === null ? {} : { threeWords: record.threeWords }),
            },
          };
    },
    async handle({ tx, record, values, now }) {
      const biodiversity = values.creditTypes.includes('Biodiversity');
      const nutrient = values.creditTypes.some((type) => type !== 'Biodiversity');
      const exists = async (
        table: typeof lpas | typeof ncas | typeof subcatchments,
        id: string,
        path: string,
      ) => {
        const [row] = isRecordId(id)
          ? await tx.select({ id: table.id }).from(table).where(eq(table.id, id))
          : [];
        if (row === undefined) throw notAnOption(path);
        return row.id;
      };
      const lpaId = await exists(lpas, values.lpa, 'lpa');
      const ncaId = biodiversity && values.nca !== undefined ? await exists(ncas, values.nca, 'nca') : null;
      const subcatchmentId =
        nutrient && values.subcatchment !== undefined
          ? await exists(subcatchments, values.subcatchment, 'subcatchment')
          : null;
      const fields = {
        locationCreditTypes: values.creditTypes,
        lpaId,
        ncaId,
        subcatchmentId,
        nearAddress: values.nearAddress,
        gridReference: values.gridReference ?? null,
        threeWords: values.threeWords ?? null,
      };
      await updateProject(tx, record.id, { ...fields, ...edited }, now);
      await saveLocation(
        tx,
        { ownerType: 'project', ownerId: record.id },
        { ...fields, creditTypes: values.creditTypes },
        now,
      );
      return { message: 'Location set' };
    },
  },
  SetCosts: {
    async load({ record }) {
      return record.maintenance === null
        ? {}
        : {
            initialValues: {
              maintenance: record.maintenance,
              marketOperator: record.marketOperatorFee,
              complianceMonitoring: record.complianceMonitoring,
              performanceMonitoring: record.performanceMonitoring,
            },
          };
    },
    async handle({ tx, record, values, now }) {
      await updateProject(
        tx,
        record.id,
        {
          maintenance: values.maintenance,
          marketOperatorFee: values.marketOperator,
          complianceMonitoring: values.complianceMonitoring,
          performanceMonitoring: values.performanceMonitoring,
        },
        now,
      );
      return { message: 'Costs and fees set' };
    },
  },
  Register: {
    async load({ db, record, actor }) {
      const rounds = await openRoundsForProjects(db, actor);
      const roundId = record.marketRoundId ?? rounds.options[0]?.value;
      return {
        options: { marketRoundId: rounds.options },
        warnings: rounds.warnings,
        ...(roundId === undefined
          ? {}
          : {
              initialValues: { marketRoundId: roundId },
              declarations: await registrationPromptsForRounds(
                db,
                rounds.options.map((option) => option.value),
                actor,
                'marketRoundId',
                'MarketRoundProject_Register',
              ),
            }),
      };
    },
    async handle({ tx, record, actor, values, now }) {
      const round = await roundForProject(tx, {
        roundId: values.marketRoundId,
        supplier: { id: record.supplierId, name: record.supplierName },
        actor,
        now,
        path: 'marketRoundId',
      });
      await assertProjectDeclarations(
        tx,
        round.id,
        actor,
        'MarketRoundProject_Register',
        values.declarations,
      );
      await updateProject(
        tx,
        record.id,
        {
          marketRoundId: round.id,
          marketId: round.marketId,
          ...(record.marketRoundId === round.id ? {} : { groupId: null }),
        },
        now,
      );
      return { message: `${record.name} registered for ${round.name}` };
    },
  },
  CompleteRegistration: {
    async load({ db, record }) {
      const found = await registrationIssues(db, record);
      const issues = found.length === 0 ? undefined : found.join('\n');
      return {
        initialValues: { ...(issues === undefined ? {} : { issues }), canSkip: canSkipToCertified(record) },
      };
    },
    async handle({ tx, record, values, now }) {
      const issues = await registrationIssues(tx, record);
      if (issues.length > 0)
        throw new AppError('validation', MESSAGES.fixIssues, {
          errors: [{ path: 'issues', message: MESSAGES.fixIssues }],
        });
      const skipping = values.canSkip === true && values.skip === true;
      if (skipping && !canSkipToCertified(record))
        throw validationError('skip', 'This project has changed or was not certified in an earlier round');
      if (skipping) await restoreServiceCertifications(tx, record.id, now);
      else await moveServices(tx, record.id, ['Draft'], 'PendingCertification', now);
      return {
        message: skipping
          ? `${record.name} keeps its certification`
          : `Registration of ${record.name} completed`,
      };
    },
  },
  Reregister: {
    async load({ db, actor }) {
      const rounds = await openRoundsForProjects(db, actor);
      const roundId = rounds.options[0]?.value;
      return {
        options: { marketRoundId: rounds.options },
        warnings: rounds.warnings,
        ...(roundId === undefined
          ? {}
          : {
              initialValues: { marketRoundId: roundId },
              declarations: await registrationPromptsForRounds(
                db,
                rounds.options.map((option) => option.value),
                actor,
                'marketRoundId',
                'MarketRoundProject_Register',
              ),
            }),
      };
    },
    async handle(context) {
      const { tx, record, actor, values, now } = context;
      if (values.marketRoundId === record.marketRoundId)
        throw validationError('marketRoundId', 'Choose a new market round');
      const round = await roundForProject(tx, {
        roundId: values.marketRoundId,
        supplier: { id: record.supplierId, name: record.supplierName },
        actor,
        now,
        path: 'marketRoundId',
      });
      await assertProjectDeclarations(
        tx,
        round.id,
        actor,
        'MarketRoundProject_Register',
        values.declarations,
      );
      await storeProjectFile(context, record.id, 'landholderInfo');
      await moveServices(tx, record.id, ['Certified', 'NotCertified'], 'PendingCertification', now);
      await updateProject(
        tx,
        record.id,
        {
          marketRoundId: round.id,
          marketId: round.marketId,
          groupId: null,
          offer: null,
          offeredAt: null,
          ...(values.hasChanged ? edited : {}),
        },
        now,
      );
      return { message: `${record.name} registered for ${round.name}` };
    },
  },
  AddScreeningOutcome: {
    async handle(context) {
      const { tx, record, actor, values, now } = context;
      await storeProjectFile(context, record.id, 'screeningSteps');
      await storeProjectFile(context, record.id, 'screeningOutcome');
      await updateProject(
        tx,
        record.id,
        withOutcome(
          record,
          outcome(
            'screening',
            { outcome: values.outcome, date: formatIsoDate(now), comment: values.comment },
            actor,
          ),
        ),
        now,
      );
      return { message: `Screening outcome ${values.outcome} recorded` };
    },
  },
  SetPreMarketReviewOutcome: {
    async handle(context) {
      const { tx, record, actor, values, now } = context;
      await storeProjectFile(context, record.id, 'report');
      const comment = values.outcome === 'Pass' ? null : (values.reason ?? null);
      await updateProject(
        tx,
        record.id,
        withOutcome(
          record,
          outcome('preMarketReview', { outcome: values.outcome, date: formatIsoDate(now), comment }, actor),
        ),
        now,
      );
      return { message: `Pre-market review outcome ${values.outcome} recorded` };
    },
  },
  SetCertificationDecision: {
    async load({ db, record }) {
      const services = (await servicesOf(db, [record.id])).map(({ service }) => service);
      return {
        initialValues: {
          serviceCertifications: services.map((service) => ({
            id: service.id,
            ...(service.standardId === null ? {} : { standardId: service.standardId }),
            ...(service.decision === null ? {} : { decision: service.decision }),
          })),
        },
        options: Object.fromEntries(
          services.map((service, index) => [
            `serviceCertifications.${index}.id`,
            [{ value: service.id, label: serviceLabel(service) }],
          ]),
        ),
      };
    },
    async handle(context) {
      const { tx, record, values, now } = context;
      const services = (await servicesOf(tx, [record.id])).map(({ service }) => service);
      const decided = new Set<string>();
      for (const [index, item] of values.serviceCertifications.entries()) {
        if (!services.some((service) => service.id === item.id))
          throw notAnOption(`serviceCertifications.${index}.id`);
        if (decided.has(item.id)) throw notAnOption(`serviceCertifications.${index}.id`);
        decided.add(item.id);
        if (item.standardId !== CERTIFICATION_STANDARD_PLACEHOLDER) {
          const [standard] = isRecordId(item.standardId)
            ? await tx.select({ id: standards.id }).from(standards).where(eq(standards.id, item.standardId))
            : [];
          if (standard === undefined) throw notAnOption(`serviceCertifications.${index}.standardId`);
        }
      }
      if (services.some((service) => !decided.has(service.id)))
        throw validationError('serviceCertifications', 'Every service needs a standard and a decision');
      await storeProjectFile(context, record.id, 'statement');
      for (const item of values.serviceCertifications)
        await decideService(
          tx,
          item.id,
          {
            standardId: item.standardId === CERTIFICATION_STANDARD_PLACEHOLDER ? null : item.standardId,
            decision: item.decision,
            certified: certifiesService(item),
          },
          now,
        );
      const certified = values.serviceCertifications.some(certifiesService);
      await updateProject(
        tx,
        record.id,
        {
          certification: {
            assessedByName: values.assessedByName,
            assessedByOrg: values.assessedByOrg,
            assessedByPosition: values.assessedByPosition,
            assessedDate: values.assessedDate,
            reviewedByName: values.reviewedByName,
            reviewedByOrg: values.reviewedByOrg,
            reviewedByPosition: values.reviewedByPosition,
            reviewedDate: values.reviewedDate,
          },
          ...(certified ? { certifiedRoundId: record.marketRoundId, changedSinceCertified: false } : {}),
        },
        now,
      );
      return { message: certified ? `${record.name} certified` : `${record.name} not certified` };
    },
  },
  SetOffer: {
    async load({ db, record, actor }) {
      const services = (await servicesOf(db, [record.id])).map(({ service }) => service);
      const area = services.reduce(
        (sum, service) => sum + (service.area ?? (service.sizeUnit === 'ha' ? (service.size ?? 0) : 0)),
        0,
      );
      const start = services.map((service) => service.mitigationBegins).sort()[0];
      return {
        initialValues: {
          name: record.name,
          type: record.typeName ?? '',
          area: Math.round(area * 100) / 100,
          ...(start === undefined ? {} : { start }),
          ...(record.maintenance === null ? {} : { maintenance: record.maintenance }),
          ...(record.offer === null ? {} : { offer: record.offer }),
        },
        ...(record.marketRoundId === null
          ? {}
          : {
              declarations: await projectDeclarationPrompts(
                db,
                record.marketRoundId,
                actor,
                'MarketRoundProject_Offer',
              ),
            }),
      };
    },
    async handle({ tx, record, actor, values, now }) {
      if (record.marketRoundId !== null)
        await assertProjectDeclarations(
          tx,
          record.marketRoundId,
          actor,
          'MarketRoundProject_Offer',
          values.declarations,
        );
      await updateProject(tx, record.id, { offer: values.offer, offeredAt: now }, now);
      return { message: `Offer for ${record.name} set` };
    },
  },
  UploadNatureBasedAgreement: {
    async handle(context) {
      await storeProjectFile(context, context.record.id, 'NatureBasedAgreement');
      return { message: 'Nature-based agreement uploaded' };
    },
  },
  UploadSection106Agreement: {
    async handle(context) {
      await storeProjectFile(context, context.record.id, 'Section106Agreement');
      return { message: 'Section 106 agreement uploaded' };
    },
  },
  Contract: {
    async handle({ record }) {
      return { message: `${record.name} contracted` };
    },
  },
  Verify: {
    async handle(context) {
      const { tx, record, actor, values, now, describe } = context;
      await storeProjectFile(context, record.id, 'VerificationReport');
      describe({
        checkedBy: values.name,
        organisation: values.organisation,
        ...(values.notes ? { notes: values.notes } : {}),
      });
      await updateProject(
        tx,
        record.id,
        withOutcome(
          record,
          outcome(
            'verification',
            {
              outcome: values.isPass ? 'Pass' : 'Fail',
              date: values.date,
              comment: values.isPass ? null : values.failReason,
            },
            actor,
          ),
        ),
        now,
      );
      return { message: values.isPass ? 'Verification passed' : 'Verification failed' };
    },
  },
  RecordComplianceCheck: {
    async handle(context) {
      const { tx, record, actor, values, now, describe } = context;
      await storeProjectFile(context, record.id, 'ComplianceReport');
      describe({
        checkedBy: values.name,
        organisation: values.organisation,
        isCompliant: values.isCompliant,
        ...(values.isCompliant || values.nextAction === undefined
          ? {}
          : {
              nextAction: { action: values.nextAction.action ?? null, date: values.nextAction.date ?? null },
            }),
      });
      await updateProject(
        tx,
        record.id,
        withOutcome(
          record,
          outcome(
            'compliance',
            {
              outcome: values.isCompliant ? 'Pass' : 'Fail',
              date: values.date,
              comment: values.isCompliant ? (values.notes ?? null) : values.failReason,
            },
            actor,
          ),
        ),
        now,
      );
      return { message: values.isCompliant ? 'Compliance check recorded' : 'Non-compliance recorded' };
    },
  },
  RecordPerformanceCheck: {
    async handle(context) {
      const { tx, record, actor, values, now, describe } = context;
      await storeProjectFile(context, record.id, 'PerformanceReport');
      describe({ checkedBy: values.name, organisation: values.organisation });
      await updateProject(
        tx,
        record.id,
        withOutcome(
          record,
          outcome('performance', { outcome: null, date: values.date, comment: values.notes }, actor),
        ),
        now,
      );
      return { message: 'Performance check recorded' };
    },
  },
  AddToGroup: {
    async load({ db, record }) {
      const groups =
        record.marketRoundId === null ? [] : await groupsFor(db, record.supplierId, record.marketRoundId);
      return {
        options: {
          groupId: groups.map((group) => ({ value: group.id, label: `${group.name} (${group.type})` })),
        },
        warnings: groups.length === 0 ? [{ path: 'groupId', message: WARNINGS.noProjectGroups }] : [],
        ...(record.groupId === null ? {} : { initialValues: { groupId: record.groupId } }),
      };
    },
    async handle({ tx, record, values, now }) {
      const groups =
        record.marketRoundId === null ? [] : await groupsFor(tx, record.supplierId, record.marketRoundId);
      const group = groups.find((candidate) => candidate.id === values.groupId);
      if (group === undefined) throw notAnOption('groupId');
      await updateProject(tx, record.id, { groupId: group.id }, now);
      return { message: `${record.name} added to ${group.name}` };
    },
  },
  RemoveFromGroup: {
    async handle({ tx, record, now }) {
      await updateProject(tx, record.id, { groupId: null }, now);
      return { message: `${record.name} removed from ${record.groupName ?? 'its group'}` };
    },
  },
  Comment: commentHandler<ProjectRecord, ProjectRelation>({
    subjectType: 'project',
    subjectId: (record) => record.id,
  }),
  ReplaceDocument: replaceDocumentHandler<ProjectRecord, ProjectRelation>({
    ownerType: 'project',
    ownerId: (record) => record.id,
    accept: () => DOCUMENT_UPLOAD_EXTENSIONS,
  }),
} satisfies RecordHandlers<typeof PROJECT_ACTIONS, ProjectRecord, ProjectRelation>;

/** The supplier's project groups in a round. */
export async function groupsFor(db: Queryable, supplierId: string, roundId: string) {
  return db
    .select({ id: projectGroups.id, name: projectGroups.name, type: projectGroups.type })
    .from(projectGroups)
    .where(and(eq(projectGroups.supplierId, supplierId), eq(projectGroups.marketRoundId, roundId)))
    .orderBy(asc(projectGroups.name));
}
