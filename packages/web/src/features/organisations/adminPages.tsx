import type { OrganisationType } from '@curlew/domain';
import { useParams } from 'react-router-dom';
import { OrganisationListPage } from './OrganisationListPage.tsx';
import { type OrganisationSections, OrganisationView } from './OrganisationView.tsx';
import { ORGANISATION_KINDS } from './organisationKinds.ts';

const participantPath = (id: string) => `/${ORGANISATION_KINDS.PARTICIPANT.path}/${encodeURIComponent(id)}`;
const agencyPath = (id: string) => `/${ORGANISATION_KINDS.AGENT.path}/${encodeURIComponent(id)}`;

/** What the operator sees on each kind of organisation page. */
const ADMIN_SECTIONS = {
  OPER: { users: true },
  LPA: { users: true },
  PARTICIPANT: { users: true, rounds: true, authorities: { of: 'client', agentLink: agencyPath } },
  AGENT: {
    users: true,
    authorities: { of: 'agent', title: 'Clients and agent authorities', clientLink: participantPath },
  },
} as const satisfies Record<OrganisationType, OrganisationSections>;

function AdminOrganisationPage({ type }: { type: OrganisationType }) {
  const { organisationId = '' } = useParams();
  return (
    <OrganisationView
      key={organisationId}
      organisationId={organisationId}
      sections={ADMIN_SECTIONS[type]}
      expectedType={type}
    />
  );
}

/** `/operators`: the market operator organisations. */
export function OperatorsPage() {
  return <OrganisationListPage kind={ORGANISATION_KINDS.OPER} />;
}
/** `/participants`: the participant organisations. */
export function ParticipantsPage() {
  return <OrganisationListPage kind={ORGANISATION_KINDS.PARTICIPANT} />;
}
/** `/lpas`: the local planning authority organisations. */
export function LpasPage() {
  return <OrganisationListPage kind={ORGANISATION_KINDS.LPA} />;
}
/** `/agencies`: the agent organisations. */
export function AgenciesPage() {
  return <OrganisationListPage kind={ORGANISATION_KINDS.AGENT} />;
}

/** `/operators/{organisationId}`: a market operator with its users. */
export function OperatorPage() {
  return <AdminOrganisationPage type="OPER" />;
}
/** `/participants/{organisationId}`: a participant with its users, its market rounds and the authorities it gave agents. */
export function ParticipantPage() {
  return <AdminOrganisationPage type="PARTICIPANT" />;
}
/** `/lpas/{organisationId}`: a local planning authority with its users. */
export function LpaPage() {
  return <AdminOrganisationPage type="LPA" />;
}
/** `/agencies/{organisationId}`: an agency with its users and the authorities its clients gave it. */
export function AgencyPage() {
  return <AdminOrganisationPage type="AGENT" />;
}
