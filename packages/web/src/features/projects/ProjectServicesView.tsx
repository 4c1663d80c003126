import {
  CERTIFICATION_DECISION_LABELS,
  CONDITION_LABELS,
  CREDIT_DURATION_LABELS,
  CREDIT_TYPE_LABELS,
  DISTINCTIVENESS_LABELS,
  formatCredits,
  gainLabel,
  type Project,
} from '@curlew/domain';
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Detail } from '../../components/records/Detail.tsx';
import { RecordSection } from '../../components/records/RecordSection.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import {
  claimedUnits,
  SERVICE_STATUS_COLOURS,
  serviceHabitat,
  serviceOutOfLine,
  serviceSize,
  serviceStatusLabel,
  showDate,
} from './projectDisplay.ts';

const notSet = 'Not set';

/**
 * The services with their certification, and for biodiversity the statutory-metric estimate beside the units the
 * supplier claims, flagged when the claim is out of line.
 */
export function ProjectServices({ project }: { project: Project }) {
  const claimed = claimedUnits(project);
  return (
    <RecordSection title="Services">
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
    </RecordSection>
  );
}

/** The biodiversity supply year by year, and each service's units by period. */
export function ProjectSupply({ project }: { project: Project }) {
  const { supply } = project;
  const periods = project.services.flatMap((service) =>
    service.unitsPerPeriod.map((period) => ({ service, period })),
  );
  return (
    <RecordSection title="Supply by year">
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
    </RecordSection>
  );
}
