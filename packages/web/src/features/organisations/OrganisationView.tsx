import { COMMENT_ACTION_ID, inviteUser, type Organisation, type OrganisationType } from '@curlew/domain';
import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../app/currentUser.ts';
import { isNotFound, notFoundDetail } from '../../app/errorStatus.ts';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';
import { NotFoundPage } from '../../app/shell/NotFoundPage.tsx';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { ActivityFeed } from '../activity/ActivityFeed.tsx';
import { AgentAuthoritiesTable } from '../agents/AgentAuthoritiesTable.tsx';
import { ClientsTable } from '../agents/ClientsTable.tsx';
import { CommentsPanel } from '../comments/CommentsPanel.tsx';
import { OrganisationRounds } from '../rounds/OrganisationRounds.tsx';
import { OrganisationUsers } from '../users/OrganisationUsers.tsx';
import { OrganisationDetails } from './OrganisationDetails.tsx';
import { OrganisationTitleBar } from './OrganisationTitleBar.tsx';
import { useOrganisation } from './organisationsApi.ts';

/** Which sections an organisation page shows besides its title bar, details, comments and activity. */
export interface OrganisationSections {
  /** Its users and the InviteUser action (for the operator and the organisation's own members). */
  users?: boolean;
  /** The market rounds it takes part in, each linked to its participation (the operator's participant page). */
  rounds?: boolean;
  /** The signed-in agent's clients (only on the agent's own organisation page). */
  clients?: boolean;
  /** Agent authorities given by this organisation as client, or held by it as agent. */
  authorities?: {
    of: 'client' | 'agent';
    title?: string;
    clientLink?: (clientId: string) => string;
    agentLink?: (agentId: string) => string;
  };
}

/** Props of an organisation page. */
export interface OrganisationViewProps {
  organisationId: string;
  sections: OrganisationSections;
  /** Whether the organisation's name fills the page's breadcrumb. */
  nameCrumb?: boolean;
  /** A line under the name instead of the organisation's type. */
  subtitle?: string;
  /** Shown above the title bar (e.g. a welcome line on a home page). */
  intro?: ReactNode;
  /** The type the address promises (`/lpas/{id}` an LPA); another type shows the not-found page. */
  expectedType?: OrganisationType;
}

function LoadFailure({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <Alert color="red" role="alert" title="The organisation could not be loaded">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="default" onClick={retry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

function OrganisationSectionsView({
  organisation,
  sections,
  subtitle,
}: {
  organisation: Organisation;
  sections: OrganisationSections;
  subtitle?: string;
}) {
  const { data: user } = useCurrentUser();
  const refreshAll = useRefreshAfterAction();
  // Renaming one's own organisation changes the shell's title bar, which shows the signed-in user's organisation.
  const refresh = () => void refreshAll({ affectsCurrentUser: user?.organisation?.id === organisation.id });
  const invite = organisation.actions.find((action) => action.id === inviteUser.id);
  const exclude = sections.users ? [COMMENT_ACTION_ID, inviteUser.id] : [COMMENT_ACTION_ID];
  const subject = { subjectType: 'organisation', subjectId: organisation.id };
  const { authorities } = sections;
  return (
    <Stack gap="xl">
      <OrganisationTitleBar
        organisation={organisation}
        exclude={exclude}
        onActionSucceeded={refresh}
        subtitle={subtitle}
      />
      <OrganisationDetails organisation={organisation} />
      {sections.users && (
        <OrganisationUsers
          organisationId={organisation.id}
          organisationName={organisation.name}
          organisationSelf={organisation.self}
          inviteAction={invite}
          onActionSucceeded={refresh}
        />
      )}
      {sections.rounds && (
        <OrganisationRounds organisationId={organisation.id} organisationName={organisation.name} />
      )}
      {sections.clients && <ClientsTable />}
      {authorities !== undefined && (
        <AgentAuthoritiesTable
          filter={authorities.of === 'client' ? { clientId: organisation.id } : { agentId: organisation.id }}
          title={authorities.title}
          clientLink={authorities.clientLink}
          agentLink={authorities.agentLink}
          onActionSucceeded={refresh}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <CommentsPanel subject={subject} self={organisation.self} actions={organisation.actions} />
        <ActivityFeed subject={subject} />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * An organisation's page: its name, type and the server's actions as the title bar, its details, the chosen
 * sections (users, clients, agent authorities), then comments and the activity feed. Every action that succeeds
 * refreshes what the page shows.
 */
export function OrganisationView({
  organisationId,
  sections,
  nameCrumb = true,
  subtitle,
  intro,
  expectedType,
}: OrganisationViewProps) {
  const organisation = useOrganisation(organisationId);
  const wrongType =
    expectedType !== undefined && organisation.data !== undefined && organisation.data.type !== expectedType;
  const name = wrongType ? undefined : organisation.data?.name;
  useCrumbName('organisation', nameCrumb ? name : undefined);
  const missing = wrongType || (organisation.isError && isNotFound(organisation.error));
  usePageTitle(name ?? (missing ? 'Page not found' : 'Organisation'));
  let body: ReactNode;
  if (missing) return <NotFoundPage detail={notFoundDetail('organisation')} />;
  if (organisation.isPending) body = <PageLoader />;
  else if (organisation.isError)
    body = <LoadFailure error={organisation.error} retry={() => void organisation.refetch()} />;
  else
    body = (
      <OrganisationSectionsView organisation={organisation.data} sections={sections} subtitle={subtitle} />
    );
  return (
    <Stack gap="md">
      {intro}
      {body}
    </Stack>
  );
}
