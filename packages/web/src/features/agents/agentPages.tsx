import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useCurrentUser } from '../../app/currentUser.ts';
import { HomePage } from '../home/HomePage.tsx';
import { AgentWork } from '../home/ParticipantWork.tsx';
import { type OrganisationSections, OrganisationView } from '../organisations/OrganisationView.tsx';
import { OwnParticipantView } from '../organisations/ParticipantHomePage.tsx';
import { OpenRounds } from '../rounds/HomeRounds.tsx';
import { clientPagePath } from './ClientsTable.tsx';

/** The agent's own organisation: its users, its clients and the authorities they gave it. */
const OWN_AGENCY_SECTIONS = {
  users: true,
  clients: true,
  authorities: { of: 'agent', clientLink: clientPagePath },
} as const satisfies OrganisationSections;

/**
 * The agent's home (`/`): its organisation and clients. The agent area is every signed-in user's fallback, so a
 * user whose organisation is not an agent gets the plain home page.
 */
export function AgentHomePage() {
  const { data: user } = useCurrentUser();
  const organisation = user?.organisation ?? null;
  if (!user || organisation === null || organisation.type !== 'AGENT') return <HomePage />;
  return (
    <OrganisationView
      key={organisation.id}
      organisationId={organisation.id}
      nameCrumb={false}
      subtitle="Your organisation"
      intro={
        <Stack gap="lg">
          <Text>Welcome, {user.displayName || user.username}.</Text>
          <AgentWork />
          <OpenRounds />
        </Stack>
      }
      sections={OWN_AGENCY_SECTIONS}
    />
  );
}

/** `agencies/{organisationId}` in the agent area: the agent's organisation page. */
export function AgentOrganisationPage() {
  const { organisationId = '' } = useParams();
  const { data: user } = useCurrentUser();
  const own = user?.organisation?.id === organisationId;
  return (
    <OrganisationView
      key={organisationId}
      organisationId={organisationId}
      sections={own ? OWN_AGENCY_SECTIONS : {}}
      expectedType="AGENT"
    />
  );
}

/** `participants/{organisationId}` in the agent area: a client, with the authorities it gave the agent. */
export function AgentClientPage() {
  const { organisationId = '' } = useParams();
  const { data: user } = useCurrentUser();
  // A participant's own organisation looks the same here as on its home page.
  if (user && user.organisation?.id === organisationId && user.organisation.type === 'PARTICIPANT')
    return <OwnParticipantView user={user} organisationId={organisationId} nameCrumb />;
  return (
    <OrganisationView
      key={organisationId}
      organisationId={organisationId}
      sections={{ authorities: { of: 'client', title: 'Authorities given to you' } }}
      expectedType="PARTICIPANT"
    />
  );
}
