import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { ApiError, apiAddress } from '../../app/api.ts';
import { NotFoundPage } from '../../app/shell/NotFoundPage.tsx';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { RetryAlert } from '../registry/RegistryParts.tsx';
import { OpportunityStatementFigures } from './OpportunityStatementFigures.tsx';
import { publicOpportunityPath, usePublicStatement } from './opportunityApi.ts';

function Links() {
  return (
    <Group gap="md">
      <Anchor component={Link} to="/public/registry" size="sm">
        Back to the public registry
      </Anchor>
      <Anchor component={Link} to="/login" size="sm">
        Sign in
      </Anchor>
    </Group>
  );
}

/**
 * `/public/round/{roundId}/opportunity` (no sign-in): a round's opportunity statement once the operator made it
 * public, with the same figures as its round page and the CSV download; "Page not found" for a round with no public
 * statement (or when the public registry is off). Never a name of a record or organisation, never a price.
 */
export function PublicOpportunityPage() {
  const { roundId = '' } = useParams();
  const { apiBase } = useActionsConfig();
  const statement = usePublicStatement(roundId);
  const notFound = statement.error instanceof ApiError && statement.error.status === 404;
  usePageTitle(
    notFound
      ? 'Page not found'
      : statement.data
        ? `Opportunity statement ${statement.data.round.name}`
        : 'Opportunity statement',
  );
  if (notFound)
    return (
      <Container size="lg" py="md">
        <NotFoundPage detail="This round has no public opportunity statement." />
        <Links />
      </Container>
    );
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Title order={1}>
          {statement.data ? `Opportunity statement: ${statement.data.round.name}` : 'Opportunity statement'}
        </Title>
        <Text size="sm">
          The supply and demand registered in the round before bids and offers open, by credit type and area,
          with the market operator fee, the monitoring costs, the key dates and the reserve. No names of
          projects, credit requirements or organisations, and no prices.
        </Text>
        {statement.isPending && <PageLoader />}
        {statement.isError && (
          <RetryAlert
            title="The opportunity statement could not be loaded"
            error={statement.error}
            retry={() => void statement.refetch()}
          />
        )}
        {statement.data !== undefined && (
          <OpportunityStatementFigures
            statement={statement.data}
            csvHref={apiAddress(apiBase, `${publicOpportunityPath(roundId)}?format=csv`)}
            showPublic={false}
          />
        )}
        <Links />
      </Stack>
    </Container>
  );
}
