import {
  COMPLIANCE_NEXT_ACTION_LABELS,
  CREDIT_DURATION_LABELS,
  type EntityAction,
  formatGBP,
  PROJECT_GROUP_TYPE_LABELS,
  type Project,
  type ProjectOutcome,
  REPLACE_DOCUMENT_ACTION_ID,
} from '@curlew/domain';
import { Anchor, Group, List, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { EntityActionButton } from '../../components/actions/EntityActionButtons.tsx';
import { locationLinks } from '../../components/location/locationLinks.ts';
import { Detail } from '../../components/records/Detail.tsx';
import { DocumentsTable } from '../../components/records/DocumentsTable.tsx';
import { RecordSection } from '../../components/records/RecordSection.tsx';
import { showDate } from './projectDisplay.ts';
import { projectGroupPagePath } from './projectsApi.ts';

const notSet = 'Not set';

/** Who and what the project is: supplier, agent, type, market and round, term. */
export function ProjectSummary({ project }: { project: Project }) {
  return (
    <RecordSection title="Summary">
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
    </RecordSection>
  );
}

/** Where the project is, with links to the grid-reference, three-word-address and map services. */
export function ProjectLocationView({ project }: { project: Project }) {
  const { location } = project;
  if (location === null)
    return (
      <RecordSection title="Location">
        <Text size="sm">The location has not been set.</Text>
      </RecordSection>
    );
  const links = locationLinks(location);
  return (
    <RecordSection title="Location">
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
    </RecordSection>
  );
}

/** The costs and fees in pounds with the SPEC 9 hints: lifetime totals, the operator's fee one-off. */
export function ProjectCostsView({ project }: { project: Project }) {
  const { costs } = project;
  return (
    <RecordSection title="Costs and fees">
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
    </RecordSection>
  );
}

/** The sealed offer: shown only when the server sent it (the operator, the supplier and its agent with authority). */
export function ProjectOfferView({ project }: { project: Project }) {
  if (!('offer' in project) || project.offer === undefined) return null;
  return (
    <RecordSection title="Offer">
      <Text>
        {project.offer === null ? 'No offer has been made yet.' : `${formatGBP(project.offer)} (sealed)`}
      </Text>
    </RecordSection>
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
    <RecordSection title="Reviews and checks">
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
    </RecordSection>
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
  const replace = actions.find((action) => action.id === REPLACE_DOCUMENT_ACTION_ID);
  return (
    <RecordSection
      title="Documents"
      action={
        replace === undefined ? undefined : (
          <EntityActionButton self={project.self} action={replace} size="xs" onSucceeded={onChanged} />
        )
      }
    >
      <DocumentsTable documents={project.documents} ownerType="project" ownerId={project.id} />
    </RecordSection>
  );
}

/** The project group the project belongs to. */
export function ProjectGroupView({ project }: { project: Project }) {
  return (
    <RecordSection title="Project group">
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
    </RecordSection>
  );
}
