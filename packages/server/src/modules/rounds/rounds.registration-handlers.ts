import {
  capacitiesForBidderType,
  REGISTRATION_START_STATUS,
  type recordParticipant,
  type registerInRound,
} from '@curlew/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { RecordActionHandler } from '../../platform/actions/types.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { organisationScope } from '../organisations/organisations.scope.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { registerOrganisation } from '../participations/participations.registration.ts';
import {
  assertAgentMayRegister,
  assertCapacityTaken,
  assertDeclarationsAnswered,
  declarationsAsked,
} from './rounds.registration.ts';
import type { RoundRecord } from './rounds.repo.ts';
import type { RoundRelation } from './rounds.scope.ts';

const capacityOptions = (round: RoundRecord) =>
  capacitiesForBidderType(round.bidderType).map((capacity) => ({ value: capacity, label: capacity }));

/** RecordParticipant and RegisterAsParticipant on the round. */
export const registrationHandlers = {
  RecordParticipant: {
    async load({ record }) {
      return { options: { capacity: capacityOptions(record) } };
    },
    async handle({ tx, record, values, actor, now, describe }) {
      const [organisation] = await tx
        .select({ id: organisations.id, name: organisations.name, type: organisations.type })
        .from(organisations)
        .where(eq(organisations.id, values.organisationId));
      if (organisation?.type !== 'PARTICIPANT') throw validationError('organisationId', 'Not a valid option');
      assertCapacityTaken(record, values.capacity, 'capacity');
      await registerOrganisation(tx, {
        round: record,
        organisationId: organisation.id,
        capacities: [values.capacity],
        status: 'Registered',
        actor,
        agentOrganisationId: null,
        action: { id: 'RecordParticipant', title: 'Record participant' },
        now,
        checkWindows: false,
      });
      describe({ organisation: organisation.name, capacity: values.capacity });
      return { message: `${organisation.name} recorded as ${values.capacity}` };
    },
  } satisfies RecordActionHandler<typeof recordParticipant, RoundRecord, RoundRelation>,
  RegisterAsParticipant: {
    async load({ db, record, actor }) {
      const scope = organisationScope(actor);
      const options = await db
        .select({ value: organisations.id, label: organisations.name })
        .from(organisations)
        .where(and(scope.where, eq(organisations.type, 'PARTICIPANT')))
        .orderBy(asc(organisations.name));
      const own = options.find((option) => option.value === actor.organisationId);
      return {
        options: { organisationId: options, capacities: capacityOptions(record) },
        initialValues: own ? { organisationId: own.value } : {},
        declarations: await declarationsAsked(db, record.id, 'MarketRoundParticipant_Register', actor),
      };
    },
    async handle({ tx, record, values, actor, relation, now, describe }) {
      const scope = organisationScope(actor);
      const [organisation] = await tx
        .select({ id: organisations.id, name: organisations.name, type: organisations.type })
        .from(organisations)
        .where(and(scope.where, eq(organisations.id, values.organisationId)));
      if (organisation?.type !== 'PARTICIPANT') throw validationError('organisationId', 'Not a valid option');
      if (relation === 'participant' && organisation.id !== actor.organisationId)
        throw new AppError('forbidden', 'You can only register your own organisation');
      await assertAgentMayRegister(tx, actor, organisation, record);
      await assertDeclarationsAnswered(
        tx,
        record.id,
        'MarketRoundParticipant_Register',
        actor,
        values.declarations,
      );
      await registerOrganisation(tx, {
        round: record,
        organisationId: organisation.id,
        capacities: values.capacities,
        status: REGISTRATION_START_STATUS,
        actor,
        agentOrganisationId: relation === 'agent' ? actor.organisationId : null,
        action: { id: 'RegisterAsParticipant', title: 'Register for this market round' },
        now,
      });
      describe({ organisation: organisation.name, capacities: [...values.capacities] });
      return { message: `${organisation.name} registered for ${record.name}` };
    },
  } satisfies RecordActionHandler<typeof registerInRound, RoundRecord, RoundRelation>,
};
