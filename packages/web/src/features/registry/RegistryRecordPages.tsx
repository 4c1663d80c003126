import {
  type ActivityItemView,
  COMPLIANCE_NEXT_ACTION_LABELS,
  type ComplianceNextAction,
  CREDIT_REQUIREMENT_STATUS_LABELS,
  type CreditRequirement,
  type Project,
  type ReservedCredit,
} from '@curlew/domain';
import { Alert, Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { usePagedList } from '../../components/data-table/useListState.ts';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { projectStatusColour, projectStatusLabel, showDate } from '../projects/projectDisplay.ts';
import { projectPagePath, useProject } from '../projects/projectsApi.ts';
import { requirementPagePath, useRequirement } from '../requirements/requirementsApi.ts';
import { LoadFailure } from '../rounds/LoadFailure.tsx';
import { CertificateLine, otherDocuments } from './CertificateLine.tsx';
import { CreditsList } from './CreditsList.tsx';
import { Detail, Details, Heading, Section, SmallTable } from './RegistryParts.tsx';
import {
  ADMIN_PATHS,
  creditTypeLabel,
  REGISTRY_KEY,
  remainingText,
  reservePagePath,
  unitsText,
} from './registryApi.ts';

const DOCUMENT_NAMES: Readonly<Record<string, string>> = {
  NatureBasedAgreement: 'Nature-based agreement',
  Section106Agreement: 'Section 106 agreement',
  VerificationReport: 'Verification report',
  ComplianceReport: 'Compliance report',
  PerformanceReport: 'Performance report',
  CreditAllocationCertificate: 'Credit allocation certificate',
  CreditSupplyAgreement: 'Credit supply agreement',
  RedeemNotice: 'Redeem notice',
};

const OUTCOME_NAMES: Readonly<Record<string, string>> = {
  screening: 'Screening',
  preMarketReview: 'Pre-market review',
  verification: 'Verification',
  compliance: 'Compliance check',
  performance: 'Performance check',
};

function Documents({ documents }: { documents: Project['documents'] }) {
  return (
    <SmallTable
      label="Agreements and reports"
      headers={['Document', 'File', 'Uploaded']}
      empty="No agreement or report has been uploaded yet."
      rows={documents.map((document) => ({
        key: document.fileId,
        cells: [DOCUMENT_NAMES[document.tag] ?? document.tag, document.name, showDate(document.uploadedAt)],
      }))}
    />
  );
}

/** The reserved credits a project holds. */
function ProjectReserve({ projectId }: { projectId: string }) {
  const reserve = usePagedList<ReservedCredit>(
    [...REGISTRY_KEY, 'reserve'],
    `/reserved-credits?projectId=${encodeURIComponent(projectId)}&page=1&pageSize=100`,
  );
  if (reserve.isPending) return <Text size="sm">Loading the reserve…</Text>;
  if (reserve.isError)
    return (
      <Alert color="red" role="alert" title="The reserve could not be loaded">
        {reserve.error.message}
      </Alert>
    );
  return (
    <SmallTable
      label="Held in reserve"
      headers={['Credit type', 'Year', 'Units', 'Used', 'Remaining']}
      empty="This project holds nothing in reserve."
      rows={reserve.data.items.map((credit) => ({
        key: credit.id,
        cells: [
          <Anchor key="type" component={Link} to={reservePagePath(credit.id)} size="sm">
            {creditTypeLabel(credit.creditType)}
          </Anchor>,
          credit.year,
          unitsText(credit.units),
          unitsText(credit.usedUnits),
          remainingText(credit),
        ],
      }))}
    />
  );
}

/**
 * The next action of a project whose latest compliance check failed, as that check recorded it (its activity
 * entry): Rectify or Irrevocable failure, by a date.
 */
function NextAction({ projectId }: { projectId: string }) {
  const activity = usePagedList<ActivityItemView>(
    [...REGISTRY_KEY, 'compliance'],
    `/activity?subjectType=project&subjectId=${encodeURIComponent(projectId)}&page=1&pageSize=25`,
  );
  if (activity.isPending) return <Text size="sm">Loading the next action…</Text>;
  if (activity.isError) return <Text size="sm">The next action could not be loaded.</Text>;
  const check = activity.data.items.find((item) => item.actionId === 'RecordComplianceCheck');
  const next = check?.details?.nextAction as
    | { action?: ComplianceNextAction | null; date?: string | null }
    | undefined;
  if (next?.action == null) return <Text size="sm">No next action was recorded.</Text>;
  return (
    <Text size="sm">
      {`${COMPLIANCE_NEXT_ACTION_LABELS[next.action]}${next.date == null ? '' : ` by ${showDate(next.date)}`}`}
    </Text>
  );
}

/** `/registry/projects/{id}` (operator): a matched project with its credits, agreements, verification, monitoring. */
export function RegistryProjectPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  useCrumbName('project', project.data?.name);
  usePageTitle(project.data?.name ?? 'Project');
  if (project.isPending) return <PageLoader />;
  if (project.isError)
    return <LoadFailure what="Project" error={project.error} retry={() => void project.refetch()} />;
  const record = project.data;
  const checks = record.outcomes.filter((outcome) =>
    ['verification', 'compliance', 'performance'].includes(outcome.kind),
  );
  const nonCompliant =
    record.outcomes.findLast((outcome) => outcome.kind === 'compliance')?.outcome === 'Fail';
  return (
    <Stack gap="md">
      <Heading
        title={record.name}
        status={
          <StatusBadge color={projectStatusColour(record.status)}>
            {projectStatusLabel(record.status)}
          </StatusBadge>
        }
      />
      {nonCompliant && (
        <Alert color="red" title="Non-compliant">
          <NextAction projectId={record.id} />
        </Alert>
      )}
      <Section id="project-summary" title="Project">
        <Details>
          <Detail label="Supplier">{record.supplier.name}</Detail>
          <Detail label="Round">{record.round?.name ?? '—'}</Detail>
          <Detail label="Local planning authority">{record.location?.lpa?.name ?? '—'}</Detail>
          <Detail label="National Character Area">{record.location?.nca?.name ?? '—'}</Detail>
          <Detail label="Record">
            <Anchor component={Link} to={projectPagePath(record.id)}>
              Open the project's page
            </Anchor>
          </Detail>
        </Details>
      </Section>
      <Section id="project-credits" title="Credits supplied">
        <CreditsList
          paths={ADMIN_PATHS}
          fixed={{ projectId: record.id }}
          prefix="credits."
          label="Credits supplied"
        />
      </Section>
      <Section id="project-reserve" title="Reserve">
        <ProjectReserve projectId={record.id} />
      </Section>
      <Section id="project-documents" title="Agreements and reports">
        <Documents documents={record.documents} />
      </Section>
      <Section id="project-checks" title="Verification and monitoring">
        <SmallTable
          label="Verification and monitoring checks"
          headers={['Check', 'Date', 'Outcome', 'Notes', 'By']}
          empty="No verification or monitoring check has been recorded yet."
          rows={checks.map((check, index) => ({
            key: `${check.kind}-${index}`,
            cells: [
              OUTCOME_NAMES[check.kind] ?? check.kind,
              showDate(check.date),
              check.outcome === 'Fail' ? (
                <Badge key="fail" color="red.9">
                  Failed
                </Badge>
              ) : (
                (check.outcome ?? 'Recorded')
              ),
              check.comment ?? '—',
              check.by ?? '—',
            ],
          }))}
        />
      </Section>
    </Stack>
  );
}

/** `/registry/credit-requirements/{id}` (operator): a matched requirement with its credits and certificates. */
export function RegistryRequirementPage() {
  const { requirementId = '' } = useParams();
  const requirement = useRequirement(requirementId);
  useCrumbName('requirement', requirement.data?.name);
  usePageTitle(requirement.data?.name ?? 'Credit requirement');
  if (requirement.isPending) return <PageLoader />;
  if (requirement.isError)
    return (
      <LoadFailure
        what="Credit requirement"
        error={requirement.error}
        retry={() => void requirement.refetch()}
      />
    );
  const record: CreditRequirement = requirement.data;
  return (
    <Stack gap="md">
      <Heading
        title={record.name}
        status={<StatusBadge color="blue.9">{CREDIT_REQUIREMENT_STATUS_LABELS[record.status]}</StatusBadge>}
      />
      {record.lateRedemption && (
        <Alert color="orange" title="Late redemption">
          The redemption date has passed and the credits have not been redeemed.
        </Alert>
      )}
      <Section id="requirement-summary" title="Credit requirement">
        <Details>
          <Detail label="Owner">{record.buyer.name}</Detail>
          <Detail label="Round">{record.round?.name ?? '—'}</Detail>
          <Detail label="Planning reference">{record.development?.planningRef ?? '—'}</Detail>
          <Detail label="Local planning authority">{record.development?.lpa?.name ?? '—'}</Detail>
          <Detail label="Redemption date">
            {record.development?.redemptionDate ? showDate(record.development.redemptionDate) : '—'}
          </Detail>
          <Detail label="Record">
            <Anchor component={Link} to={requirementPagePath(record.id)}>
              Open the requirement's page
            </Anchor>
          </Detail>
        </Details>
      </Section>
      <Section id="requirement-credits" title="Credits and allocations">
        <CreditsList
          paths={ADMIN_PATHS}
          fixed={{ requirementId: record.id }}
          prefix="credits."
          label="Credits of this requirement"
        />
      </Section>
      <Section id="requirement-documents" title="Certificate and agreements">
        <CertificateLine requirement={record} />
        <Documents documents={otherDocuments(record.documents)} />
      </Section>
    </Stack>
  );
}
