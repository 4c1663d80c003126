import type { EntityAction, MarketRound } from '@curlew/domain';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { ApiError, apiAddress } from '../../app/api.ts';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { LoadFailure } from '../rounds/LoadFailure.tsx';
import { OpportunityStatementFigures } from './OpportunityStatementFigures.tsx';
import { mayHaveStatement, opportunityPath, useOpportunityStatement } from './opportunityApi.ts';

/** The statement's actions, shown in its section rather than in the round's header. */
export const OPPORTUNITY_ACTIONS = [
  'PublishOpportunityStatement',
  'UpdateOpportunityStatement',
  'SetOpportunityStatementVisibility',
];

/**
 * A round's opportunity statement on its page, from registration closed on: the registered supply and demand per
 * credit type and area, the fees, the key dates and the reserve, as the operator last published them (no names and
 * no prices), with a CSV download. The operator publishes, updates and makes it public here; a reader outside the
 * round (the server answers 404) sees no section.
 */
export function OpportunityStatementSection({
  round,
  onChanged,
}: {
  round: MarketRound;
  onChanged: () => void;
}) {
  const { apiBase } = useActionsConfig();
  const shown = mayHaveStatement(round.status);
  const answer = useOpportunityStatement(round.id, shown);
  const actions = OPPORTUNITY_ACTIONS.flatMap((id): EntityAction[] => {
    const action = round.actions.find((candidate) => candidate.id === id);
    return action && !action.byRole && action.enabled ? [action] : [];
  });
  if (!shown || (answer.error instanceof ApiError && answer.error.status === 404)) return null;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start">
        <Title order={2}>Opportunity statement</Title>
        {actions.length > 0 && (
          <Group gap="xs" role="group" aria-label="Opportunity statement actions">
            {actions.map((action) => (
              <EntityActionButton key={action.id} self={round.self} action={action} onSucceeded={onChanged} />
            ))}
          </Group>
        )}
      </Group>
      {answer.isPending ? (
        <PageLoader />
      ) : answer.isError ? (
        <LoadFailure what="Opportunity statement" error={answer.error} retry={() => void answer.refetch()} />
      ) : answer.data.statement === null ? (
        <Text size="sm">
          The opportunity statement of this round is not published yet: it shows the supply and demand
          registered, the fees, the key dates and the reserve before bids and offers open.
        </Text>
      ) : (
        <OpportunityStatementFigures
          statement={answer.data.statement}
          csvHref={apiAddress(apiBase, `${opportunityPath(round.id)}?format=csv`)}
          showPublic
        />
      )}
    </Stack>
  );
}
