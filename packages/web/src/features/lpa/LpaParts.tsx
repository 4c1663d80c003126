import type { LpaAreaSite, LpaCreditTotal, LpaDevelopment } from '@curlew/domain';
import {
  CREDIT_REQUIREMENT_STATUS_LABELS,
  CREDIT_TYPE_LABELS,
  type CreditRequirementStatus,
  formatCredits,
  PROJECT_STATUS_LABELS,
  type ProjectStatus,
} from '@curlew/domain';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useActionsConfig } from '../../actions/ActionsConfig.tsx';
import { apiAddress } from '../../app/api.ts';
import { dateText } from '../home/homeApi.ts';

const requirementStatus = (status: string) =>
  CREDIT_REQUIREMENT_STATUS_LABELS[status as CreditRequirementStatus] ?? status;
const projectStatus = (status: string) => PROJECT_STATUS_LABELS[status as ProjectStatus] ?? status;

/** How each compliance standing reads. */
const COMPLIANCE_LABELS = {
  Compliant: 'Compliant',
  NotCompliant: 'Not compliant',
  NotChecked: 'Not checked yet',
} as const satisfies Record<LpaAreaSite['compliance'], string>;

/** Credits allocated and redeemed for the area's developments, one card per credit type. */
export function CreditTotals({ totals }: { totals: readonly LpaCreditTotal[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {totals.map((total) => (
        <Paper key={total.creditType} withBorder p="sm" radius="md">
          <Text fw={600}>{CREDIT_TYPE_LABELS[total.creditType]}</Text>
          <Text size="sm">Allocated: {formatCredits(total.allocated)}</Text>
          <Text size="sm">Redeemed: {formatCredits(total.redeemed)}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function SitesList({ development }: { development: LpaDevelopment }) {
  if (development.sites.length === 0) return <Text size="sm">No site allocated yet</Text>;
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {development.sites.map((site) => (
        <Text component="li" size="sm" key={site.id}>
          <Text span fw={600} inherit>
            {site.name}
          </Text>
          {` (${site.lpaName ?? 'area not set'}): ${site.habitats.join(', ') || 'no habitat recorded'}; ${formatCredits(site.units)} units`}
        </Text>
      ))}
    </Stack>
  );
}

/** The area's developments by planning reference, late redemptions first, with what was allocated to each. */
export function DevelopmentsTable({ developments }: { developments: readonly LpaDevelopment[] }) {
  const { apiBase } = useActionsConfig();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table captionSide="top" highlightOnHover verticalSpacing="sm">
        <Table.Caption>Developments in your area, late redemptions first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Planning reference</Table.Th>
            <Table.Th>Redemption date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Units allocated</Table.Th>
            <Table.Th>Sites and habitats</Table.Th>
            <Table.Th>Certificate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {developments.map((development) => (
            <Table.Tr key={development.id}>
              <Table.Td>
                <Anchor component={Link} to={`/credit-requirements/${development.id}`} size="sm" fw={600}>
                  {development.planningRef ?? 'No planning reference'}
                </Anchor>
                <Text size="xs">
                  {development.name} · {development.developer}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Text size="sm">{dateText(development.redemptionDate)}</Text>
                  {development.lateRedemption ? (
                    <Badge color="red.9" variant="filled" radius="sm">
                      Late
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{requirementStatus(development.status)}</Table.Td>
              <Table.Td ta="right">
                {formatCredits(development.unitsAllocated)} of {formatCredits(development.unitsRequired)}
              </Table.Td>
              <Table.Td>
                <SitesList development={development} />
              </Table.Td>
              <Table.Td>
                {development.certificate === null ? (
                  <Text size="sm">Not issued yet</Text>
                ) : (
                  <Anchor
                    href={apiAddress(apiBase, development.certificate)}
                    download
                    size="sm"
                    aria-label={`Download the credit allocation certificate of ${development.planningRef ?? development.name}`}
                  >
                    Download
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The sites located in the area with their habitats, units allocated and compliance. */
export function AreaSitesTable({ sites }: { sites: readonly LpaAreaSite[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table captionSide="top" highlightOnHover>
        <Table.Caption>Sites in your area</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Site</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Habitats</Table.Th>
            <Table.Th ta="right">Units allocated</Table.Th>
            <Table.Th>Compliance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sites.map((site) => (
            <Table.Tr key={site.id}>
              <Table.Td>
                <Anchor component={Link} to={`/projects/${site.id}`} size="sm">
                  {site.name}
                </Anchor>
                <Text size="xs">{site.supplier}</Text>
              </Table.Td>
              <Table.Td>{projectStatus(site.status)}</Table.Td>
              <Table.Td>{site.habitats.join(', ') || '—'}</Table.Td>
              <Table.Td ta="right">{formatCredits(site.unitsAllocated)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={site.compliance === 'NotCompliant' ? 700 : 400}>
                  {COMPLIANCE_LABELS[site.compliance]}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
