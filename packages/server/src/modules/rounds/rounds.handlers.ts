import {
  NUTRIENT_CREDIT_TYPES,
  type ROUND_ACTIONS,
  type RoundDetails,
  roundReviewRoute,
} from '@curlew/domain';
import { and, eq, or } from 'drizzle-orm';
import type { RecordHandlers } from '../../platform/actions/types.ts';
import { validationError } from '../../platform/errors.ts';
import { commentHandler } from '../comments/comment.handler.ts';
import { acceptMail } from '../match/accept.mail.ts';
import { applyResult } from '../match/accept.ts';
import { loadRoundRecords } from '../match/match.records.ts';
import { buildRoundInstance, queueMatch } from '../match/start-match.ts';
import { opportunityHandlers } from '../opportunity/opportunity.actions.ts';
import { declarationHandlers } from './rounds.declarations.ts';
import { importHandlers } from './rounds.imports.ts';
import { roundStatusMail } from './rounds.mail.ts';
import { assertActiveReferences } from './rounds.references.ts';
import { registrationHandlers } from './rounds.registration-handlers.ts';
import { declarationsOfRound, type RoundRecord, updateRound } from './rounds.repo.ts';
import type { RoundRelation } from './rounds.scope.ts';
import { roundDeclarations } from './rounds.tables.ts';
import { assertNoWindowEnded } from './rounds.windows.ts';

/** A round's details as stored: subcatchments and AMP end only for nutrient services. */
export const detailColumns = (values: RoundDetails) => {
  const nutrient = values.services.some((service) =>
    (NUTRIENT_CREDIT_TYPES as readonly string[]).includes(service),
  );
  return {
    name: values.name,
    services: [...new Set(values.services)],
    standardIds: [...new Set(values.standardIds)],
    projectTypeIds: [...new Set(values.projectTypeIds)],
    ncaIds: [...new Set(values.ncaIds)],
    lpaIds: [...new Set(values.lpaIds)],
    subcatchmentIds: nutrient ? [...new Set(values.subcatchmentIds ?? [])] : [],
    bidderType: values.bidderType,
    ampEnd: nutrient ? (values.ampEnd ?? null) : null,
  };
};

const detailValues = (record: RoundRecord) => ({
  name: record.name,
  services: record.services,
  standardIds: record.standardIds,
  projectTypeIds: record.projectTypeIds,
  ncaIds: record.ncaIds,
  lpaIds: record.lpaIds,
  subcatchmentIds: record.subcatchmentIds,
  bidderType: record.bidderType,
  ...(record.ampEnd === null ? {} : { ampEnd: record.ampEnd }),
});

/**
 * Round handlers: setup writes the round's columns and declarations; Open, Close and the bids and offers edges
 * e-mail the participants in its transaction (the runner writes the status).
 */
export const roundHandlers = {
  Update: {
    async load({ record }) {
      return { initialValues: detailValues(record) };
    },
    async handle({ tx, record, values, now }) {
      await assertActiveReferences(tx, values);
      await updateRound(tx, record.id, { ...detailColumns(values), updatedAt: now });
      return undefined;
    },
  },
  SetRegistrationDates: {
    async load({ record }) {
      return { initialValues: { ...record.registrationDates } };
    },
    async handle({ tx, record, values, now, describe }) {
      assertNoWindowEnded(record, values, now);
      await updateRound(tx, record.id, { registrationDates: values, updatedAt: now });
      describe({ registrationDates: values });
      return undefined;
    },
  },
  SetReserveInfo: {
    async load({ record }) {
      return {
        initialValues: {
          ...(record.reservePercentage === null ? {} : { percentage: record.reservePercentage }),
          ...(record.reserveAppliesTo === null ? {} : { appliesTo: record.reserveAppliesTo }),
          agreedWithEMB: record.reserveAgreedWithEMB,
        },
      };
    },
    async handle({ tx, record, values, now }) {
      await updateRound(tx, record.id, {
        reservePercentage: values.percentage,
        reserveAppliesTo: values.appliesTo,
        reserveAgreedWithEMB: values.agreedWithEMB,
        updatedAt: now,
      });
      return undefined;
    },
  },
  ...declarationHandlers,
  RemoveDeclaration: {
    async load({ db, record }) {
      const list = await declarationsOfRound(db, record.id);
      return { options: { declarationId: list.map((item) => ({ value: item.id, label: item.name })) } };
    },
    async handle({ tx, record, values, now }) {
      const removed = await tx
        .delete(roundDeclarations)
        .where(
          and(
            eq(roundDeclarations.marketRoundId, record.id),
            or(
              eq(roundDeclarations.id, values.declarationId),
              eq(roundDeclarations.declarationId, values.declarationId),
            ),
          ),
        )
        .returning({ id: roundDeclarations.id });
      if (removed.length === 0) throw validationError('declarationId', 'Not a declaration of this round');
      await updateRound(tx, record.id, { updatedAt: now });
      return { message: 'Declaration removed' };
    },
  },
  Open: {
    async handle(context) {
      await roundStatusMail(context, 'registrationOpened');
      return { message: `${context.record.name} is open for registration` };
    },
  },
  Close: {
    async handle(context) {
      await roundStatusMail(context, 'registrationClosed');
      return { message: `Registration for ${context.record.name} closed` };
    },
  },
  OpenBidsAndOffers: {
    async handle(context) {
      await roundStatusMail(context, 'bidsOpened');
      return { message: `${context.record.name} is open for bids and offers` };
    },
  },
  CloseBidsAndOffers: {
    async handle(context) {
      await roundStatusMail(context, 'bidsClosed');
      return { message: `Bids and offers for ${context.record.name} closed` };
    },
  },
  ...registrationHandlers,
  ...importHandlers,
  ...opportunityHandlers,
  Match: {
    async handle({ tx, record, now, describe }) {
      const { round, built } = await buildRoundInstance(tx, record.id, now, loadRoundRecords);
      const task = await queueMatch(tx, round, built, now);
      describe({ taskId: task.id, leftOut: built.leftOut.length });
      const self = `/solver/task/${task.id}`;
      return { message: `Matching ${record.name}`, context: { id: task.id, self } };
    },
  },
  Review: {
    async load({ record }) {
      return { navigate: roundReviewRoute(record) };
    },
    async handle({ record }) {
      return { navigate: roundReviewRoute(record) };
    },
  },
  AcceptMatch: {
    async handle(context) {
      const { tx, record, now, actor, describe } = context;
      const applied = await applyResult(tx, record.id, now, actor);
      describe({ ...applied, mails: await acceptMail(context) });
      return { message: `Match accepted: ${record.name} is matched` };
    },
  },
  RejectMatch: {
    async handle({ values, describe }) {
      describe({ reason: values.reason });
      return { message: 'Match rejected' };
    },
  },
  Settle: {
    async handle({ record }) {
      return { message: `${record.name} is settled` };
    },
  },
  Comment: commentHandler<RoundRecord, RoundRelation>({
    subjectType: 'round',
    subjectId: (record) => record.id,
  }),
} satisfies RecordHandlers<typeof ROUND_ACTIONS, RoundRecord, RoundRelation>;
