import { formatDate } from '@curlew/domain';
import { Anchor, Center, Loader, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { RetryAlert, Section, SmallTable } from '../registry/RegistryParts.tsx';
import { publicOpportunityPath, usePublicStatements } from './opportunityApi.ts';

/**
 * The public registry's list of rounds whose opportunity statement the operator made public: each round links to
 * its statement, with its market and when the statement was last published or updated. No figures here.
 */
export function PublicStatementsSection() {
  const statements = usePublicStatements();
  return (
    <Section id="public-opportunity-statements" title="Opportunity statements">
      <Text size="sm">
        Before bids and offers open, the operator may publish a round's registered supply and demand by credit
        type and area, its fees, key dates and reserve.
      </Text>
      {statements.isPending && (
        <Center py="sm">
          <Loader role="status" aria-label="Loading opportunity statements" size="sm" />
        </Center>
      )}
      {statements.isError && (
        <RetryAlert
          title="The opportunity statements could not be loaded"
          error={statements.error}
          retry={() => void statements.refetch()}
        />
      )}
      {statements.data !== undefined && (
        <SmallTable
          label="Opportunity statements"
          headers={['Round', 'Market', 'Published or updated']}
          empty="No round has a public opportunity statement yet."
          rows={statements.data.statements.map((line) => ({
            key: line.roundId,
            cells: [
              <Anchor key="round" component={Link} to={publicOpportunityPath(line.roundId)} size="sm">
                {line.roundName}
              </Anchor>,
              line.marketName,
              formatDate(line.publishedAt),
            ],
          }))}
        />
      )}
    </Section>
  );
}
