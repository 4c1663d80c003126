import { WIZARD_ROUND_FIELD, type wizardFinish } from '@curlew/domain';
import type { Actor, RecordActionHandler } from '../../platform/actions/types.ts';
import type { Queryable } from '../../platform/db/connect.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import {
  assertDeclarationsAnswered,
  assertRegistrationOpen,
  declarationsAsked,
  isRegisteredIn,
  registrationRefusal,
} from '../rounds/rounds.registration.ts';
import { findRoundRecord } from '../rounds/rounds.repo.ts';
import { missingParts } from './requirements.checklist.ts';
import type { RequirementRecord, RequirementRelation } from './requirements.kind.ts';
import { capacityOf, roundForRequirement } from './requirements.registration.ts';
import { deleteBid, updateRequirementRow } from './requirements.repo.ts';

/**
 * Puts a requirement in a round (Register, and the wizard's last step with a round): the round checked for the owner
 * (registered in its capacity, credits traded, an agent's authority), open with its requirements window, the
 * registration declarations all answered, and a grouped requirement kept to its group's round. Answers the round.
 */
export async function registerInRound(
  tx: Queryable,
  request: {
    record: RequirementRecord;
    actor: Actor;
    roundId: string;
    declarations: Readonly<Record<string, unknown>> | undefined;
    now: Date;
    path: string;
  },
): Promise<{ id: string; name: string }> {
  const { record, actor, now } = request;
  const round = await roundForRequirement(tx, {
    roundId: request.roundId,
    path: request.path,
    type: record.type,
    buyer: { id: record.buyerId, name: record.buyerName },
    actor,
    creditTypes: record.creditTypes,
  });
  assertRegistrationOpen(round, 'requirements', now);
  await assertDeclarationsAnswered(
    tx,
    round.id,
    'MarketRoundCreditRequirement_Register',
    actor,
    request.declarations,
  );
  if (record.groupId !== null && record.marketRoundId !== round.id)
    throw validationError(
      request.path,
      `Remove it from ${record.groupName} before registering it in another round`,
    );
  await updateRequirementRow(
    tx,
    record.id,
    {
      marketRoundId: round.id,
      marketId: round.marketId,
      clearingExclusionReason: null,
      clearingExcludedAt: null,
    },
    now,
  );
  await deleteBid(tx, record.id);
  return round;
}

/**
 * Why the wizard's last step cannot register the draft in its round now (it then saves a draft), or undefined:
 * something still missing, the round closed for requirements, or the owner not (yet) registered in its capacity.
 */
async function finishRefusal(
  db: Queryable,
  record: RequirementRecord,
  now: Date,
): Promise<string | undefined> {
  if (record.marketRoundId === null) return undefined;
  const round = await findRoundRecord(db, record.marketRoundId);
  if (round === undefined) return undefined;
  const [missing] = missingParts(record);
  if (missing !== undefined) return `${missing} before registering it in ${round.name}`;
  const refusal = registrationRefusal(round, 'requirements', now);
  if (refusal !== undefined) return `${refusal}: it is saved as a draft for now`;
  const capacity = capacityOf(record.type);
  if (!(await isRegisteredIn(db, { roundId: round.id, organisationId: record.buyerId, capacity })))
    return `${record.buyerName} is not yet a registered ${capacity.toLowerCase()} in ${round.name}: the requirement is saved as a draft, and you can register it from its page once the operator completes the registration`;
  return undefined;
}

/**
 * The wizard's last step: with the draft's round open to it, its registration declarations register it there
 * (Provisional) in the same flow; otherwise it saves the draft and says why it could not register it.
 */
export const wizardFinishHandler: RecordActionHandler<
  typeof wizardFinish,
  RequirementRecord,
  RequirementRelation
> = {
  async load({ db, record, actor, deps }) {
    const refusal = await finishRefusal(db, record, deps.clock());
    if (record.marketRoundId === null || refusal !== undefined)
      return refusal === undefined ? {} : { warnings: [{ path: 'round', message: refusal }] };
    return {
      initialValues: { [WIZARD_ROUND_FIELD]: record.marketRoundId },
      options: { [WIZARD_ROUND_FIELD]: [{ value: record.marketRoundId, label: record.roundName ?? '' }] },
      declarations: await declarationsAsked(
        db,
        record.marketRoundId,
        'MarketRoundCreditRequirement_Register',
        actor,
      ),
    };
  },
  async handle({ tx, record, actor, values, now }) {
    const context = { id: record.id, self: `/requirement/${record.id}` };
    const roundId = values[WIZARD_ROUND_FIELD];
    if (roundId === undefined) return { message: `${record.name} saved as a draft`, context };
    if (roundId !== record.marketRoundId) throw validationError(WIZARD_ROUND_FIELD, 'Not a valid option');
    const [missing] = missingParts(record);
    if (missing !== undefined) throw new AppError('invalid_status', `${missing} before registering`);
    const round = await registerInRound(tx, {
      record,
      actor,
      roundId,
      declarations: values.declarations,
      now,
      path: WIZARD_ROUND_FIELD,
    });
    return { message: `${record.name} registered for ${round.name}`, context };
  },
};
