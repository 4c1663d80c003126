import { describeMatrix, type Expectation, every, forEveryRole, OPERATORS } from './matrix.testing.ts';

/** An organisation's own users and the operator on an organisation that is no participant. */
const notParticipant: Expectation = {
  read: 'ok',
  others: 'ok',
  actions: {
    RegisterAsParticipant: 'n/a',
    ExpressInterest: 'n/a',
    AddParticipantClient: 'n/a',
    ProvideAgentAuthority: 'n/a',
  },
};

/** The operator on a participant: everything a participant's organisation allows. */
const operatorOnParticipant: Expectation = {
  read: 'ok',
  others: 'ok',
  actions: { AddParticipantClient: 'n/a' },
};

describeMatrix({
  entity: 'organisation',
  async setup({ world }) {
    return {
      own: {
        admin: world.members.admin.organisation.id,
        sysadmin: world.members.sysadmin.organisation.id,
        lpa: world.members.lpa.organisation.id,
        participant: world.members.participant.organisation.id,
        agent: world.members.agent.organisation.id,
      },
      client: { agent: world.client.id },
      otherParticipant: forEveryRole(world.otherParticipant.organisation.id),
    };
  },
  table: {
    admin: { own: notParticipant, otherParticipant: operatorOnParticipant },
    sysadmin: { own: notParticipant, otherParticipant: operatorOnParticipant },
    lpa: { own: notParticipant, otherParticipant: every(404) },
    participant: {
      own: { read: 'ok', others: 'ok', actions: { AddParticipantClient: 'n/a' } },
      otherParticipant: every(404),
    },
    agent: {
      own: {
        read: 'ok',
        others: 'ok',
        actions: { RegisterAsParticipant: 'n/a', ExpressInterest: 'n/a', ProvideAgentAuthority: 'n/a' },
      },
      client: { read: 'ok', others: 'ok', actions: { InviteUser: 403, AddParticipantClient: 'n/a' } },
      otherParticipant: every(404),
    },
  },
  reads: [
    {
      name: 'GET /organisation/{id}/users',
      path: (id) => `/api/organisation/${id}/users`,
      // The operator and the organisation's members; its agent is refused; anyone else does not see it.
      answer: (role, target) =>
        OPERATORS.includes(role) || target === 'own' ? 200 : target === 'client' ? 403 : 404,
    },
  ],
});
