import type {
  AgentAuthority,
  CurrentUser,
  EntityAction,
  Organisation,
  OrganisationType,
  OrganisationUser,
} from '@curlew/domain';
import type { Routes } from '../../../actions/testing/localServer.ts';

/** A signed-in user of the given organisation and groups. */
export const signedIn = (
  groups: CurrentUser['groups'],
  organisation: { id: string; name: string; type: OrganisationType },
): CurrentUser => ({
  id: `user-of-${organisation.id}`,
  username: 'me',
  email: 'me@example.org',
  displayName: 'Morgan Member',
  phone: null,
  groups,
  organisation,
});

/** The market operator. */
export const operator = signedIn(['admin'], { id: 'op1', name: 'Curlew Markets', type: 'OPER' });

/** An organisation as the API answers it. */
export const organisationOf = (overrides: Partial<Organisation> & { id: string }): Organisation => ({
  self: `/organisation/${overrides.id}`,
  type: 'PARTICIPANT',
  csvId: null,
  name: 'Wetland Trust',
  contact: 'Sam Supplier',
  email: 'info@wetland.example',
  phone: '+447700900123',
  mailingAddress: '1 Fen Lane\nEly',
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  actions: [],
  ...overrides,
});

/** A user of an organisation as `GET /api/organisation/{id}/users` answers it. */
export const userOf = (
  overrides: Partial<OrganisationUser> & { id: string; displayName: string },
): OrganisationUser => ({
  self: `/user/${overrides.id}`,
  username: overrides.displayName.toLowerCase(),
  email: `${overrides.displayName.toLowerCase()}@example.org`,
  phone: null,
  groups: ['participant'],
  confirmed: true,
  disabled: false,
  invitationPending: false,
  actions: [],
  ...overrides,
});

/** An agent authority as the API answers it. */
export const authorityOf = (overrides: Partial<AgentAuthority> & { id: string }): AgentAuthority => ({
  self: `/agent-authority/${overrides.id}`,
  marketRound: { id: 'r1', name: 'Solent round 2025', status: 'Open' },
  client: { id: 'o1', name: 'Wetland Trust' },
  agent: { id: 'a1', name: 'Fen Agents' },
  authorityToActFileId: 'f1',
  permissions: ['RegisterForRound'],
  approved: true,
  status: 'Approved',
  approvedBy: null,
  approvedAt: null,
  uploadedBy: {
    id: 'u1',
    displayName: 'Wendy Wetland',
    organisation: { id: 'o1', name: 'Wetland Trust' },
  },
  clientConfirmation: { status: 'Confirmed', by: { id: 'u1', displayName: 'Wendy Wetland' }, at: null },
  clientHasUsers: true,
  createdAt: '2025-02-01T10:00:00.000Z',
  actions: [],
  ...overrides,
});

/** A server list page. */
export const listOf = <T>(items: T[], extra: { actions?: EntityAction[] } = {}) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  ...extra,
});

/** The comments and activity of an organisation, both empty. */
export const emptyFeeds = (organisationId: string): Routes => ({
  [`GET /api/comments?subjectType=organisation&subjectId=${organisationId}&page=1&pageSize=10`]: {
    body: listOf([]),
  },
  [`GET /api/activity?subjectType=organisation&subjectId=${organisationId}&page=1&pageSize=10`]: {
    body: listOf([]),
  },
});

/** The first page of authorities a client gave or an agent holds, newest first. */
export const authoritiesPath = (filter: 'clientId' | 'agentId', id: string) =>
  `GET /api/agent-authorities?${filter}=${id}&sort=createdAt&order=desc&page=1&pageSize=10`;
