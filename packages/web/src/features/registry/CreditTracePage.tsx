import { CREDIT_REQUIREMENT_STATUS_LABELS, type CreditTrace, PROJECT_STATUS_LABELS } from '@curlew/domain';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { showDate } from '../projects/projectDisplay.ts';
import { WhenLoaded } from '../rounds/LoadFailure.tsx';
import { Detail, Details, Heading, Section, SmallTable } from './RegistryParts.tsx';
import {
  ADMIN_PATHS,
  AREA_PATHS,
  creditStatusColour,
  creditStatusLabel,
  creditTypeLabel,
  durationText,
  type RegistryPaths,
  unitsText,
  useRegistryRecord,
  yearsText,
} from './registryApi.ts';

function TraceView({ trace, paths }: { trace: CreditTrace; paths: RegistryPaths }) {
  const { credit, development } = trace;
  return (
    <Stack gap="md">
      <Heading
        title={`${credit.requirement.name}: ${creditTypeLabel(credit.creditType)}`}
        status={
          <StatusBadge color={creditStatusColour(credit.status)}>
            {creditStatusLabel(credit.status)}
          </StatusBadge>
        }
      />
      <Section id="credit-summary" title="Credit">
        <Details>
          <Detail label="Owner">{credit.owner.name}</Detail>
          <Detail label="Units">{unitsText(credit.units)}</Detail>
          <Detail label="Duration">{durationText(credit)}</Detail>
          <Detail label="Delivery years">{yearsText(credit.deliveryYears)}</Detail>
          <Detail label="Market">{credit.market?.name ?? '—'}</Detail>
          <Detail label="Round">{credit.round?.name ?? '—'}</Detail>
        </Details>
      </Section>
      <Section id="credit-sites" title="From the site">
        {trace.sources.length === 0 && <Text size="sm">No project supplies this credit.</Text>}
        {trace.sources.map((source) => (
          <Stack key={`${source.project.id}-${source.creditType}`} gap="xs">
            <Text fw={600} component="div">
              {paths.project === null ? (
                source.project.name
              ) : (
                <Anchor component={Link} to={paths.project(source.project.id)}>
                  {source.project.name}
                </Anchor>
              )}{' '}
              <StatusBadge color="gray.8">{PROJECT_STATUS_LABELS[source.project.status]}</StatusBadge>
            </Text>
            <Details>
              <Detail label="Local planning authority">{source.lpa?.name ?? '—'}</Detail>
              <Detail label="National Character Area">{source.nca?.name ?? '—'}</Detail>
              <Detail label="Grid reference">{source.gridReference ?? '—'}</Detail>
            </Details>
            <SmallTable
              label={`Allocations from ${source.project.name}`}
              headers={['Year', 'Units', 'Source', 'State']}
              empty="No allocations."
              rows={source.allocations.map((allocation, index) => ({
                key: `${allocation.year}-${index}`,
                cells: [
                  allocation.year,
                  unitsText(allocation.units),
                  allocation.origin === 'Reserve'
                    ? `Reserve${allocation.replaces === null ? '' : `, replacing ${allocation.replaces.name}`}`
                    : 'Clearing',
                  allocation.failed ? 'Failed: the project failed before delivering it' : 'Standing',
                ],
              }))}
            />
          </Stack>
        ))}
      </Section>
      <Section id="credit-development" title="To the development">
        <Details>
          <Detail label="Credit requirement">
            <Anchor component={Link} to={paths.requirement(development.requirement.id)}>
              {development.requirement.name}
            </Anchor>
          </Detail>
          <Detail label="Requirement status">
            {CREDIT_REQUIREMENT_STATUS_LABELS[development.requirement.status]}
          </Detail>
          <Detail label="Planning reference">{development.planningRef ?? '—'}</Detail>
          <Detail label="Local planning authority">{development.lpa?.name ?? '—'}</Detail>
          <Detail label="Redemption date">
            {development.redemptionDate === null ? '—' : showDate(development.redemptionDate)}
          </Detail>
        </Details>
      </Section>
      <Section id="credit-ledger" title="Ledger">
        <SmallTable
          label="Movements of this credit"
          headers={['Date', 'Movement', 'Units']}
          empty="No movements recorded yet."
          rows={trace.events.map((event, index) => ({
            key: `${event.at}-${index}`,
            cells: [showDate(event.at), event.kind, unitsText(event.units)],
          }))}
        />
      </Section>
    </Stack>
  );
}

function CreditTraceOf({ paths }: { paths: RegistryPaths }) {
  const { creditId = '' } = useParams();
  const trace = useRegistryRecord<CreditTrace>(`/credits/registry/${encodeURIComponent(creditId)}`);
  usePageTitle(trace.data === undefined ? 'Credit' : `Credit: ${trace.data.credit.requirement.name}`);
  return (
    <WhenLoaded query={trace} what="Credit">
      {(data) => <TraceView trace={data} paths={paths} />}
    </WhenLoaded>
  );
}

/** `/registry/credits/{creditId}` (operator): a credit traced from its sites to its development. */
export function RegistryCreditPage() {
  return <CreditTraceOf paths={ADMIN_PATHS} />;
}

/** `/credits/{creditId}` for participants, agents and LPAs. */
export function AreaCreditPage() {
  return <CreditTraceOf paths={AREA_PATHS} />;
}
