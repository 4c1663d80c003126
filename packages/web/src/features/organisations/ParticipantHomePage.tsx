import type { CurrentUser } from '@curlew/domain';
import { Stack, Text } from '@mantine/core';
import { useCurrentUser } from '../../app/currentUser.ts';
import { HomePage } from '../home/HomePage.tsx';
import { ParticipantWork } from '../home/ParticipantWork.tsx';
import { OpenRounds } from '../rounds/HomeRounds.tsx';
import { OrganisationView } from './OrganisationView.tsx';

/**
 * A participant's own organisation page, the same at `/` and at `/participants/{own id}`: its actions (Update,
 * InviteUser, ProvideAgentAuthority, ...), its users, the authorities it gave agents, comments and activity.
 */
export function OwnParticipantView({
  user,
  organisationId,
  nameCrumb,
}: {
  user: CurrentUser;
  organisationId: string;
  nameCrumb: boolean;
}) {
  return (
    <OrganisationView
      key={organisationId}
      organisationId={organisationId}
      nameCrumb={nameCrumb}
      subtitle="Your organisation"
      intro={
        <Stack gap="lg">
          <Text>Welcome, {user.displayName || user.username}.</Text>
          <ParticipantWork />
          <OpenRounds />
        </Stack>
      }
      sections={{ users: true, authorities: { of: 'client' } }}
    />
  );
}

/** The participant's home (`/`): its own organisation page. A user without an organisation gets the plain home. */
export function ParticipantHomePage() {
  const { data: user } = useCurrentUser();
  const organisation = user?.organisation ?? null;
  if (!user || organisation === null) return <HomePage />;
  return <OwnParticipantView user={user} organisationId={organisation.id} nameCrumb={false} />;
}
