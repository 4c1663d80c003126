import { Text } from '@mantine/core';
import { useCurrentUser } from '../../app/currentUser.ts';
import { HomePage } from '../home/HomePage.tsx';
import { OrganisationView } from './OrganisationView.tsx';

/**
 * The participant's home (`/`): its organisation with the actions the server offers (Update, InviteUser,
 * ProvideAgentAuthority, ...), its users, the authorities it gave agents, comments and activity. A user without an
 * organisation gets the plain home page.
 */
export function ParticipantHomePage() {
  const { data: user } = useCurrentUser();
  const organisation = user?.organisation ?? null;
  if (!user || organisation === null) return <HomePage />;
  return (
    <OrganisationView
      key={organisation.id}
      organisationId={organisation.id}
      nameCrumb={false}
      subtitle="Your organisation"
      intro={<Text>Welcome, {user.displayName || user.username}.</Text>}
      sections={{ users: true, authorities: { of: 'client' } }}
    />
  );
}
