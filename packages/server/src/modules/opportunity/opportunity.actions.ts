import type {
  publishOpportunityStatement,
  setOpportunityStatementVisibility,
  updateOpportunityStatement,
} from '@curlew/domain';
import type { Guard, GuardAnswer, RecordActionHandler } from '../../platform/actions/types.ts';
import type { RoundRecord } from '../rounds/rounds.repo.ts';
import type { RoundRelation } from '../rounds/rounds.scope.ts';
import {
  ALREADY_PUBLISHED,
  hasStatement,
  NOT_PUBLISHED_YET,
  publishedStatement,
  publishStatement,
  setStatementVisibility,
} from './opportunity.publish.ts';

type Handler<
  Def extends
    | typeof publishOpportunityStatement
    | typeof updateOpportunityStatement
    | typeof setOpportunityStatementVisibility,
> = RecordActionHandler<Def, RoundRecord, RoundRelation>;

/**
 * The round's opportunity statement actions (declared with the round's, run by its runner): Publish writes the
 * figures of the registered records, Update writes them again, the visibility switch shows it without signing in.
 */
export const opportunityHandlers: {
  PublishOpportunityStatement: Handler<typeof publishOpportunityStatement>;
  UpdateOpportunityStatement: Handler<typeof updateOpportunityStatement>;
  SetOpportunityStatementVisibility: Handler<typeof setOpportunityStatementVisibility>;
} = {
  PublishOpportunityStatement: {
    async handle({ tx, record, actor, values, now, describe }) {
      const isPublic = values.isPublic === true;
      await publishStatement(tx, { roundId: record.id, userId: actor.id, now, isPublic });
      describe({ isPublic });
      return undefined;
    },
  },
  UpdateOpportunityStatement: {
    async handle({ tx, record, actor, now }) {
      await publishStatement(tx, { roundId: record.id, userId: actor.id, now });
      return undefined;
    },
  },
  SetOpportunityStatementVisibility: {
    async load({ db, record }) {
      return { initialValues: { isPublic: (await publishedStatement(db, record.id))?.isPublic === true } };
    },
    async handle({ tx, record, values, now, describe }) {
      const isPublic = values.isPublic === true;
      await setStatementVisibility(tx, { roundId: record.id, isPublic, now });
      describe({ isPublic });
      return undefined;
    },
  },
};

const ok: GuardAnswer = { ok: true };

/** Publish only once; Update and the public switch only after it. */
export const opportunityGuards: {
  PublishOpportunityStatement: Guard<RoundRecord, RoundRelation>;
  UpdateOpportunityStatement: Guard<RoundRecord, RoundRelation>;
  SetOpportunityStatementVisibility: Guard<RoundRecord, RoundRelation>;
} = {
  PublishOpportunityStatement: async ({ db, record }) =>
    (await hasStatement(db, record.id)) ? { ok: false, reason: ALREADY_PUBLISHED } : ok,
  UpdateOpportunityStatement: async ({ db, record }) =>
    (await hasStatement(db, record.id)) ? ok : { ok: false, reason: NOT_PUBLISHED_YET },
  SetOpportunityStatementVisibility: async ({ db, record }) =>
    (await hasStatement(db, record.id)) ? ok : { ok: false, reason: NOT_PUBLISHED_YET },
};
