import {
  CERTIFICATION_STANDARD_PLACEHOLDER,
  certifiesService,
  DOCUMENT_UPLOAD_EXTENSIONS,
  formatIsoDate,
  MESSAGES,
  type PROJECT_ACTIONS,
  RECORD_PAGES,
} from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import { isRecordId } from '../../platform/actions/ids.ts';
import type { Actor, RecordHandlers } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { commentHandler } from '../comments/comment.handler.ts';
import { replaceDocumentHandler } from '../files/replace-document.handler.ts';
import { exclusionHandlers } from '../match/exclusion.ts';
import { projectTypes, standards } from '../refdata/refdata.tables.ts';
import { supplierRoundChoice } from '../rounds/rounds.choice.ts';
import { assertDeclarationsAnswered, declarationsAsked } from '../rounds/rounds.registration.ts';
import { projectAfterRoundHandlers } from './projects.after-round.ts';
import { projectGroupHandlers } from './projects.group-handlers.ts';
import {
  edited,
  notAnOption,
  outcome,
  serviceLabel,
  storeProjectFile,
  withOutcome,
} from './projects.handling.ts';
import type { ProjectRecord, ProjectRelation } from './projects.kind.ts';
import {
  canSkipToCertified,
  projectDeclarationsAsked,
  registrationIssues,
  roundToRegisterProject,
} from './projects.registration.ts';
import {
  decideService,
  moveServices,
  refreshServiceTypes,
  restoreServiceCertifications,
  servicesOf,
  updateProject,
} from './projects.repo.ts';
import { projectServiceHandlers } from './projects.service-handlers.ts';
import { projectServices } from './projects.tables.ts';

/**
 * The form of Register and Reregister: the open rounds the supplier may register projects in (warned when none),
 * `current` or else the first of them chosen, and the project declarations each round asks while it is chosen.
 */
async function registrationForm(db: Queryable, actor: Actor, current: string | null) {
  const rounds = await supplierRoundChoice(db, actor);
  const roundId = current ?? rounds.options[0]?.value;
  return {
    options: { marketRoundId: rounds.options },
    warnings: rounds.warnings,
    ...(roundId === undefined
      ? {}
      : {
          initialValues: { marketRoundId: roundId },
          declarations: await projectDeclarationsAsked(db, actor, rounds),
        }),
  };
}

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
  ...projectServiceHandlers,
  Register: {
    async load({ db, record, actor }) {
      return registrationForm(db, actor, record.marketRoundId);
    },
    async handle({ tx, record, actor, values, now }) {
      const round = await roundToRegisterProject(tx, {
        roundId: values.marketRoundId,
        supplier: { id: record.supplierId, name: record.supplierName },
        actor,
        now,
        declarations: values.declarations,
      });
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
      return registrationForm(db, actor, null);
    },
    async handle(context) {
      const { tx, record, actor, values, now } = context;
      if (values.marketRoundId === record.marketRoundId)
        throw validationError('marketRoundId', 'Choose a new market round');
      const round = await roundToRegisterProject(tx, {
        roundId: values.marketRoundId,
        supplier: { id: record.supplierId, name: record.supplierName },
        actor,
        now,
        declarations: values.declarations,
      });
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
          clearingExclusionReason: null,
          clearingExcludedAt: null,
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
              declarations: await declarationsAsked(
                db,
                record.marketRoundId,
                'MarketRoundProject_Offer',
                actor,
              ),
            }),
      };
    },
    async handle({ tx, record, actor, values, now }) {
      if (record.marketRoundId !== null)
        await assertDeclarationsAnswered(
          tx,
          record.marketRoundId,
          'MarketRoundProject_Offer',
          actor,
          values.declarations,
        );
      await updateProject(tx, record.id, { offer: values.offer, offeredAt: now }, now);
      return { message: `Offer for ${record.name} set` };
    },
  },
  ...exclusionHandlers<ProjectRecord>({
    noun: 'offer',
    recordNoun: 'project',
    ownerId: (record) => record.supplierId,
    pagePath: (record) => RECORD_PAGES.project(record.id),
    write: (tx, id, exclusion, now) => updateProject(tx, id, exclusion, now),
  }),
  ...projectAfterRoundHandlers,
  ...projectGroupHandlers,
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
