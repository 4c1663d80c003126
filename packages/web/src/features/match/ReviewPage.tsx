import type {
  CreditVolume,
  MarketRound,
  MatchDecision,
  MatchReview,
  MatchReviewProject,
  MatchReviewRequirement,
} from '@curlew/domain';
import {
  CREDIT_TYPE_LABELS,
  formatCredits,
  formatCreditVolumes,
  formatDate,
  formatPenceAsGBP,
  formatPercent,
} from '@curlew/domain';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../app/api.ts';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButtons } from '../../components/actions/EntityActionButtons.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { projectPagePath } from '../projects/projectsApi.ts';
import { requirementPagePath } from '../requirements/requirementsApi.ts';
import { LoadFailure } from '../rounds/LoadFailure.tsx';
import { RoundHistory } from '../rounds/RoundHistory.tsx';
import { roundPagePath, useRound, useRoundCrumbs } from '../rounds/roundsApi.ts';
import { useMatchReview } from './matchApi.ts';
import { NotInClearingList, ReviewAllocations } from './ReviewAllocations.tsx';
import { SupplyDemandCharts } from './SupplyDemandChart.tsx';

/** The round actions the review offers: the operator's decision on the result. */
const DECISION_ACTIONS = ['RejectMatch', 'AcceptMatch'];

const volumes = (items: readonly CreditVolume[]): string =>
  items.length === 0
    ? 'None'
    : items
        .map((item) => `${CREDIT_TYPE_LABELS[item.creditType]}: ${formatCredits(item.units)} units`)
        .join('; ');

function Card({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text component="div" fw={600}>
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}

function Headline({ review }: { review: MatchReview }) {
  const h = review.headline;
  return (
    <Stack gap="xs">
      <Title order={2}>Headline</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Card label="Surplus">
          {formatPenceAsGBP(h.surplusPence)}
          <Text size="sm" fw={400}>
            Buyers {formatPenceAsGBP(h.buyersSurplusPence)} ({formatPercent(h.buyerShareOfSurplus * 100)}),
            suppliers {formatPenceAsGBP(h.suppliersSurplusPence)}
          </Text>
        </Card>
        <Card label="Volume traded">
          Sold: {volumes(h.volumes)}
          <Text size="sm" fw={400}>
            Delivered after multipliers: {volumes(h.deliveredVolumes)}
          </Text>
        </Card>
        <Card label="Gap">
          {formatPercent(h.gap * 100)}
          <Text size="sm" fw={400}>
            {h.optimal ? 'Proven optimal' : 'Best found, not proven optimal'}
          </Text>
        </Card>
        <Card label="Fees collected">{formatPenceAsGBP(h.feesPence)}</Card>
        <Card label="Reserve created">{volumes(h.reserve)}</Card>
      </SimpleGrid>
    </Stack>
  );
}

/** One column of a results table: its header and what a row shows in it. */
interface ResultColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** A titled table of one side's winners or losers, 'None.' when there are none. */
function ResultsTable<Row>({
  title,
  rows,
  columns,
  keyOf,
}: {
  title: string;
  rows: readonly Row[];
  columns: readonly ResultColumn<Row>[];
  keyOf: (row: Row) => string;
}) {
  return (
    <Stack gap="xs">
      <Title order={3}>{title}</Title>
      {rows.length === 0 ? (
        <Text size="sm">None.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header}>{column.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={keyOf(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const PROJECT_COLUMNS: readonly ResultColumn<MatchReviewProject>[] = [
  {
    header: 'Project',
    cell: (row) => (
      <Anchor component={Link} to={projectPagePath(row.project.id)}>
        {row.project.name}
      </Anchor>
    ),
  },
  { header: 'Supplier', cell: (row) => row.supplier.name },
  { header: 'Result', cell: (row) => (row.won ? 'Won' : 'Lost') },
  { header: 'Sells (units)', cell: (row) => formatCreditVolumes(row.sells) },
  {
    header: 'Reserve held (units)',
    cell: (row) => (row.reserve.length === 0 ? '—' : formatCreditVolumes(row.reserve)),
  },
  { header: 'Offer', cell: (row) => formatPenceAsGBP(row.offerPence) },
  { header: 'Fees', cell: (row) => formatPenceAsGBP(row.feesPence) },
  { header: 'Share of surplus', cell: (row) => formatPenceAsGBP(row.surplusSharePence) },
  { header: 'Receives', cell: (row) => formatPenceAsGBP(row.receivesPence) },
  { header: 'Reason', cell: (row) => row.reason ?? '' },
];

function ProjectsTable({ title, rows }: { title: string; rows: readonly MatchReviewProject[] }) {
  return <ResultsTable title={title} rows={rows} columns={PROJECT_COLUMNS} keyOf={(row) => row.project.id} />;
}

/** A part-fill's percentage rounded down to a hundredth, as its reason words it: never 100 % for a part-fill. */
export const requirementResult = (
  row: Pick<MatchReviewRequirement, 'won' | 'partFilled' | 'fill'>,
): string =>
  !row.won
    ? 'Lost'
    : row.partFilled
      ? `Part-filled (${formatPercent(Math.floor(row.fill * 10_000 + 1e-6) / 100)})`
      : 'Won';

const REQUIREMENT_COLUMNS: readonly ResultColumn<MatchReviewRequirement>[] = [
  {
    header: 'Requirement',
    cell: (row) => (
      <Anchor component={Link} to={requirementPagePath(row.requirement.id)}>
        {row.requirement.name}
      </Anchor>
    ),
  },
  { header: 'Buyer', cell: (row) => row.buyer.name },
  { header: 'Credit type', cell: (row) => CREDIT_TYPE_LABELS[row.creditType] },
  { header: 'Result', cell: requirementResult },
  { header: 'Units received', cell: (row) => formatCredits(row.units) },
  { header: 'Bid', cell: (row) => formatPenceAsGBP(row.bidPence) },
  { header: 'Share of surplus', cell: (row) => formatPenceAsGBP(row.surplusSharePence) },
  { header: 'Pays', cell: (row) => formatPenceAsGBP(row.paysPence) },
  { header: 'Reason', cell: (row) => row.reason ?? '' },
];

function RequirementsTable({ title, rows }: { title: string; rows: readonly MatchReviewRequirement[] }) {
  return (
    <ResultsTable
      title={title}
      rows={rows}
      columns={REQUIREMENT_COLUMNS}
      keyOf={(row) => row.requirement.id}
    />
  );
}

function ReviewBody({ review }: { review: MatchReview }) {
  if (review.projects.length === 0 && review.requirements.length === 0)
    return (
      <Stack gap="xl">
        <Text>No offers or bids entered the clearing.</Text>
        <NotInClearingList items={review.notInClearing} />
      </Stack>
    );
  return (
    <Stack gap="xl">
      <Headline review={review} />
      <SupplyDemandCharts curves={review.curves} />
      <Stack gap="md">
        <Title order={2}>Projects</Title>
        <ProjectsTable title="Winning projects" rows={review.projects.filter((p) => p.won)} />
        <ProjectsTable title="Losing projects" rows={review.projects.filter((p) => !p.won)} />
      </Stack>
      <Stack gap="md">
        <Title order={2}>Credit requirements</Title>
        <RequirementsTable title="Winning requirements" rows={review.requirements.filter((r) => r.won)} />
        <RequirementsTable title="Losing requirements" rows={review.requirements.filter((r) => !r.won)} />
      </Stack>
      <ReviewAllocations rows={review.allocations} roundId={review.round.id} />
      <NotInClearingList items={review.notInClearing} />
    </Stack>
  );
}

/** The sentence of a decision: 'Accepted on 3 Sep 2026 by Ann Operator', a rejection with its reason. */
const decisionText = (decision: MatchDecision): string =>
  `${decision.outcome} on ${formatDate(decision.at)} by ${decision.by}${
    decision.reason === null ? '' : `: ${decision.reason}`
  }`;

function DecisionBanner({ decision }: { decision: MatchDecision }) {
  return (
    <Alert
      color={decision.outcome === 'Accepted' ? 'green' : 'red'}
      title={decision.outcome === 'Accepted' ? 'Result accepted' : 'Result rejected'}
    >
      {decisionText(decision)}
    </Alert>
  );
}

/** Accept and Reject while the result waits for the decision; nothing once it is made. */
function Decision({ round, onChanged }: { round: MarketRound; onChanged: () => void }) {
  if (round.status !== 'Pending') return null;
  return (
    <EntityActionButtons
      self={round.self}
      actions={round.actions.filter((action) => DECISION_ACTIONS.includes(action.id))}
      label={`Decision on the result of ${round.name}`}
      onSucceeded={onChanged}
    />
  );
}

/**
 * `/markets/{marketId}/round/{roundId}/review` (admin): the result of a round's matching for the operator's decision:
 * the headline, the supply and demand per credit type, winners and losers on both sides with their reasons, the allocations, what stayed out of the
 * clearing, and the round's RejectMatch and AcceptMatch.
 */
export function ReviewPage() {
  const { marketId = '', roundId = '' } = useParams();
  const round = useRound(roundId);
  const review = useMatchReview(roundId);
  const refresh = useRefreshAfterAction();
  useRoundCrumbs(round, marketId);
  usePageTitle(round.data ? `Review of ${round.data.name}` : 'Review matches');
  if (round.isPending) return <PageLoader />;
  if (round.isError)
    return <LoadFailure what="Market round" error={round.error} retry={() => void round.refetch()} />;
  const back = (
    <Anchor component={Link} to={roundPagePath(marketId, roundId)}>
      Back to {round.data.name}
    </Anchor>
  );
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>Review of {round.data.name}</Title>
        <Decision round={round.data} onChanged={() => void refresh()} />
      </Group>
      {review.isPending ? (
        <PageLoader />
      ) : review.isError ? (
        review.error instanceof ApiError && review.error.status === 409 ? (
          <Alert color="yellow" title="Nothing to review">
            This round has no matching result to review
          </Alert>
        ) : (
          <LoadFailure what="Matching result" error={review.error} retry={() => void review.refetch()} />
        )
      ) : (
        <>
          {review.data.decision !== null && <DecisionBanner decision={review.data.decision} />}
          <ReviewBody review={review.data} />
        </>
      )}
      <RoundHistory round={round.data} />
      {back}
    </Stack>
  );
}
