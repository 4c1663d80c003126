import {
  CERTIFICATION_DECISION_LABELS,
  COMPLIANCE_NEXT_ACTION_LABELS,
  CONDITION_LABELS,
  CREDIT_DURATION_LABELS,
  CREDIT_TYPE_LABELS,
  DISTINCTIVENESS_LABELS,
  documentKindLabel,
  type EntityAction,
  fileDownloadPath,
  formatCredits,
  formatGBP,
  gainLabel,
  PROJECT_GROUP_TYPE_LABELS,
  type Project,
  type ProjectOutcome,
  replaceDocumentAction,
} from '@curlew/domain';
import { Anchor, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { locationLinks } from '../../components/location/locationLinks.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { Detail } from '../rounds/MarketPage.tsx';
import {
  claimedUnits,
  SERVICE_STATUS_COLOURS,
  serviceHabitat,
  serviceOutOfLine,
  serviceSize,
  serviceStatusLabel,
  showDate,
} from './projectDisplay.ts';
import { projectGroupPagePath } from './projectsApi.ts';

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

const notSet = 'Not set';

/** Who and what the project is: supplier, agent, type, market and round, term. */
export function ProjectSummary({ project }: { project: Project }) {
  return (
    <Section title="Summary">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Detail label="Supplier">{project.supplier.name}</Detail>
        <Detail label="Agent">{project.agent?.name ?? 'None'}</Detail>
        <Detail label="Project type">{project.type?.name ?? notSet}</Detail>
        <Detail label="Market">{project.market?.name ?? notSet}</Detail>
        <Detail label="Market round">{project.round?.name ?? 'Not registered for a round'}</Detail>
        <Detail label="Term">
          {project.isFixedTerm
            ? `Fixed term: ${project.mitigationDurations.map((duration) => CREDIT_DURATION_LABELS[duration]).join(', ')}`
            : 'Permanent'}
        </Detail>
        <Detail label="Added">{showDate(project.createdAt)}</Detail>
        <Detail label="Last changed">{showDate(project.updatedAt)}</Detail>
      </SimpleGrid>
    </Section>
  );
}

/**
 * The services with their certification, and for biodiversity the statutory-metric estimate beside the units the
 * supplier claims, flagged when the claim is out of line.
 */
export function ProjectServices({ project }: { project: Project }) {
  const claimed = claimedUnits(project);
  return (
    <Section title="Services">
      {project.services.length === 0 ? (
        <Text size="sm">No services have been added yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="Services" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Service</Table.Th>
                <Table.Th>Habitat or nutrient</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Mitigation begins</Table.Th>
                <Table.Th>Supplier's units</Table.Th>
                <Table.Th>Metric estimate</Table.Th>
                <Table.Th>Certification</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {project.services.map((service) => {
                const isBiodiversity = service.type === 'Biodiversity';
                const supplied = isBiodiversity ? claimed : (service.unitsPerPeriod[0]?.units ?? null);
                const outOfLine = serviceOutOfLine(service, claimed);
                return (
                  <Table.Tr key={service.id}>
                    <Table.Td>{CREDIT_TYPE_LABELS[service.type]}</Table.Td>
                    <Table.Td>
                      {serviceHabitat(service)}
                      {isBiodiversity && service.distinctiveness !== null && (
                        <Text size="xs" c="dimmed">
                          {`Distinctiveness ${DISTINCTIVENESS_LABELS[service.distinctiveness].toLowerCase()}`}
                          {service.condition === null
                            ? ''
                            : ` · target condition ${CONDITION_LABELS[service.condition].toLowerCase()}`}
                        </Text>
                      )}
                      {!isBiodiversity && service.mitigationDuration !== null && (
                        <Text size="xs" c="dimmed">
                          {CREDIT_DURATION_LABELS[service.mitigationDuration]}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{serviceSize(service)}</Table.Td>
                    <Table.Td>{showDate(service.mitigationBegins)}</Table.Td>
                    <Table.Td>
                      {supplied === null
                        ? notSet
                        : isBiodiversity
                          ? `${formatCredits(supplied)} units`
                          : `${formatCredits(supplied)} kg/yr`}
                    </Table.Td>
                    <Table.Td>
                      {isBiodiversity ? (
                        <Stack gap={4} align="flex-start">
                          <Text size="sm">
                            {service.metricEstimate === null
                              ? 'Needs the supply'
                              : `${formatCredits(service.metricEstimate)} units`}
                          </Text>
                          {outOfLine && <StatusBadge color="red.9">Out of line with the metric</StatusBadge>}
                        </Stack>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <StatusBadge color={SERVICE_STATUS_COLOURS[service.status]}>
                          {serviceStatusLabel(service.status)}
                        </StatusBadge>
                        {service.certification !== null && (
                          <Text size="xs">
                            {CERTIFICATION_DECISION_LABELS[service.certification.decision]}
                            {service.certification.standard === null
                              ? ''
                              : ` · ${service.certification.standard.name}`}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

/** The biodiversity supply year by year, and each service's units by period. */
export function ProjectSupply({ project }: { project: Project }) {
  const { supply } = project;
  const periods = project.services.flatMap((service) =>
    service.unitsPerPeriod.map((period) => ({ service, period })),
  );
  return (
    <Section title="Supply by year">
      {supply === null ? (
        <Text size="sm">The biodiversity supply has not been set.</Text>
      ) : (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Detail label="Baseline units lost">{formatCredits(supply.baselineUnitsLost)}</Detail>
            <Detail label="Years to target condition">{String(supply.yearsToTargetCondition)}</Detail>
            <Detail label="Net units at target condition">{formatCredits(claimedUnits(project))}</Detail>
          </SimpleGrid>
          <Table aria-label="Gains by year" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Year</Table.Th>
                <Table.Th>Gain (units)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {supply.gainsPerYear.map((gain, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a year is its position
                <Table.Tr key={index}>
                  <Table.Td>{gainLabel(index)}</Table.Td>
                  <Table.Td>{formatCredits(gain)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      {periods.length > 0 && (
        <Table aria-label="Units by period" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Service</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Units</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {periods.map(({ service, period }) => (
              <Table.Tr key={period.id}>
                <Table.Td>{CREDIT_TYPE_LABELS[service.type]}</Table.Td>
                <Table.Td>{showDate(period.start)}</Table.Td>
                <Table.Td>{showDate(period.end)}</Table.Td>
                <Table.Td>{formatCredits(period.units)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** Where the project is, with links to the grid-reference, three-word-address and map services. */
export function ProjectLocationView({ project }: { project: Project }) {
  const { location } = project;
  if (location === null)
    return (
      <Section title="Location">
        <Text size="sm">The location has not been set.</Text>
      </Section>
    );
  const links = locationLinks(location);
  return (
    <Section title="Location">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Detail label="Local planning authority">{location.lpa?.name ?? notSet}</Detail>
        {location.nca !== null && <Detail label="National Character Area">{location.nca.name}</Detail>}
        {location.subcatchment !== null && <Detail label="Subcatchment">{location.subcatchment.name}</Detail>}
        <Detail label="Nearest address">{location.nearAddress}</Detail>
        <Detail label="Grid reference">{location.gridReference ?? notSet}</Detail>
        <Detail label="Three-word address">{location.threeWords ?? notSet}</Detail>
      </SimpleGrid>
      {links.length > 0 && (
        <Group gap="md" aria-label="Location services" role="group">
          {links.map((link) => (
            <Anchor key={link.label} href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
              {link.label}
              <Text span size="xs">
                {' (opens in a new tab)'}
              </Text>
            </Anchor>
          ))}
        </Group>
      )}
    </Section>
  );
}

/** The costs and fees in pounds with the SPEC 9 hints: lifetime totals, the operator's fee one-off. */
export function ProjectCostsView({ project }: { project: Project }) {
  const { costs } = project;
  return (
    <Section title="Costs and fees">
      {costs === null ? (
        <Text size="sm">The costs and fees have not been set.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Detail label="Maintenance">
            {formatGBP(costs.maintenance)}
            <Text size="xs" c="dimmed">
              The total across the project lifetime, not a yearly cost.
            </Text>
          </Detail>
          <Detail label="Market operator fee">
            {formatGBP(costs.marketOperator)}
            <Text size="xs" c="dimmed">
              A one-off fee.
            </Text>
          </Detail>
          <Detail label="Compliance monitoring">
            {formatGBP(costs.complianceMonitoring)}
            <Text size="xs" c="dimmed">
              The total across the project lifetime.
            </Text>
          </Detail>
          <Detail label="Performance monitoring">
            {formatGBP(costs.performanceMonitoring)}
            <Text size="xs" c="dimmed">
              The total across the project lifetime.
            </Text>
          </Detail>
        </SimpleGrid>
      )}
    </Section>
  );
}

/** The sealed offer: shown only when the server sent it (the operator, the supplier and its agent with authority). */
export function ProjectOfferView({ project }: { project: Project }) {
  if (!('offer' in project) || project.offer === undefined) return null;
  return (
    <Section title="Offer">
      <Text>
        {project.offer === null ? 'No offer has been made yet.' : `${formatGBP(project.offer)} (sealed)`}
      </Text>
    </Section>
  );
}

const OUTCOME_LABELS = {
  screening: 'Screening',
  preMarketReview: 'Pre-market review',
  verification: 'Verification',
  compliance: 'Compliance check',
  performance: 'Performance check',
} as const satisfies Record<ProjectOutcome['kind'], string>;

/** Screening, review, verification and monitoring outcomes, oldest first. */
export function ProjectOutcomes({ project }: { project: Project }) {
  if (project.outcomes.length === 0) return null;
  return (
    <Section title="Reviews and checks">
      <List listStyleType="none" spacing="xs" aria-label="Reviews and checks">
        {project.outcomes.map((outcome, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: outcomes are a fixed history
          <List.Item key={index}>
            <Text size="sm">
              <Text span fw={600}>
                {OUTCOME_LABELS[outcome.kind]}
              </Text>
              {`: ${outcome.outcome ?? 'Recorded'} on ${showDate(outcome.date)}`}
              {outcome.by === null ? '' : ` by ${outcome.by}`}
            </Text>
            {outcome.comment !== null && <Text size="sm">{outcome.comment}</Text>}
            {outcome.nextAction != null && (
              <Text size="sm">
                {`Next action: ${COMPLIANCE_NEXT_ACTION_LABELS[outcome.nextAction.action]} by ${showDate(outcome.nextAction.date)}`}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Section>
  );
}

/** The project's current documents as download links, with 'Replace document' when the server offers it. */
export function ProjectDocuments({
  project,
  actions,
  onChanged,
}: {
  project: Project;
  actions: readonly EntityAction[];
  onChanged: () => void;
}) {
  const { apiBase } = useActionsConfig();
  const replace = actions.find((action) => action.id === replaceDocumentAction.id);
  return (
    <Section
      title="Documents"
      action={
        replace === undefined ? undefined : (
          <EntityActionButton self={project.self} action={replace} size="xs" onSucceeded={onChanged} />
        )
      }
    >
      {project.documents.length === 0 ? (
        <Text size="sm">No documents yet.</Text>
      ) : (
        <Table aria-label="Documents" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              <Table.Th>File</Table.Th>
              <Table.Th>Uploaded</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {project.documents.map((document) => (
              <Table.Tr key={`${document.tag}:${document.fileId}`}>
                <Table.Td>{documentKindLabel(document.tag)}</Table.Td>
                <Table.Td>
                  <Anchor
                    size="sm"
                    href={apiAddress(
                      apiBase,
                      fileDownloadPath({ id: document.fileId, ownerType: 'project', ownerId: project.id }),
                    )}
                    download={document.name}
                  >
                    {document.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{showDate(document.uploadedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** The project group the project belongs to. */
export function ProjectGroupView({ project }: { project: Project }) {
  return (
    <Section title="Project group">
      {project.group === null ? (
        <Text size="sm">This project is not in a project group.</Text>
      ) : (
        <Text size="sm">
          <Anchor component={Link} to={projectGroupPagePath(project.group.id)}>
            {project.group.name}
          </Anchor>
          {` · ${project.group.type}: ${PROJECT_GROUP_TYPE_LABELS[project.group.type]}`}
        </Text>
      )}
    </Section>
  );
}
