import {
  COMMENT_ACTION_ID,
  CREDIT_REQUIREMENT_STATUS_LABELS,
  type CreditRequirement,
  type EntityAction,
  REQUIREMENT_WIZARD_ACTIONS,
  setBuyerCredits,
  setBuyerDevelopment,
  setInvestorCredits,
  setInvestorLocation,
  wizardBuyerCredits,
  wizardBuyerDevelopment,
  wizardInvestorCredits,
  wizardInvestorLocation,
} from '@curlew/domain';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { useActionPanel } from '../../actions/ActionPanelProvider.tsx';
import { useCrumbName } from '../../app/routing/breadcrumbs.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { EntityActionButtons } from '../../components/actions/EntityActionButtons.tsx';
import { NextSteps, nextStepIds } from '../../components/actions/NextSteps.tsx';
import { StillNeeded } from '../../components/actions/StillNeeded.tsx';
import { useRefreshAfterAction } from '../../components/actions/useRefreshAfterAction.ts';
import { Detail } from '../../components/records/Detail.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { ActivityFeed } from '../activity/ActivityFeed.tsx';
import { CommentsPanel } from '../comments/CommentsPanel.tsx';
import { WhenLoaded } from '../rounds/LoadFailure.tsx';
import { showDate } from '../rounds/roundDisplay.ts';
import { roundPagePath } from '../rounds/roundsApi.ts';
import './RequirementFormExtras.tsx';
import { ClearingExclusionNotice } from '../match/ClearingExclusionNotice.tsx';
import { OutcomeCard } from '../match/OutcomeCard.tsx';
import { BidSection, DocumentsSection, NeedSection, PlaceSection } from './RequirementSections.tsx';
import type { RequirementReader } from './RequirementsPage.tsx';
import {
  REQUIREMENT_ACTION_LAYOUT,
  REQUIREMENT_STATUS_COLOURS,
  REQUIREMENT_TYPE_LABELS,
} from './requirementDisplay.ts';
import { requirementGroupPagePath, useNeedStart, useRequirement } from './requirementsApi.ts';

// The wizard's steps are opened by 'Continue' below, never as header buttons.
const WIZARD_IDS: readonly string[] = REQUIREMENT_WIZARD_ACTIONS.map((action) => action.id);
const HEADER_EXCLUDED = [COMMENT_ACTION_ID, ...WIZARD_IDS];

// Each step the owner may come back to, and the action that edits the same data outside the wizard.
const STEP_EDITS = {
  [wizardBuyerCredits.id]: setBuyerCredits.id,
  [wizardBuyerDevelopment.id]: setBuyerDevelopment.id,
  [wizardInvestorCredits.id]: setInvestorCredits.id,
  [wizardInvestorLocation.id]: setInvestorLocation.id,
} as const;

/** The wizard step a Draft requirement left half-way resumes at, or none when its steps are done. */
const resumeStep = (requirement: CreditRequirement): keyof typeof STEP_EDITS | undefined => {
  if (requirement.status !== 'Draft') return undefined;
  if (requirement.type === 'Buyer') {
    if (requirement.buyerCredits === null) return wizardBuyerCredits.id;
    if (requirement.development === null) return wizardBuyerDevelopment.id;
    return undefined;
  }
  if (requirement.investorCredits === null) return wizardInvestorCredits.id;
  if (requirement.location === null) return wizardInvestorLocation.id;
  return undefined;
};

const allowed = (actions: readonly EntityAction[], ids: readonly string[]): boolean =>
  actions.some((action) => ids.includes(action.id) && action.enabled);

/** A Draft left half-way: the owner resumes the new-requirement steps where they stopped. */
function ResumeWizard({ requirement, onDone }: { requirement: CreditRequirement; onDone: () => void }) {
  const panel = useActionPanel();
  const step = resumeStep(requirement);
  if (step === undefined || !allowed(requirement.actions, [step, STEP_EDITS[step]])) return null;
  return (
    <Alert color="blue" title="This credit requirement is not finished">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">It stays a draft until its steps are done. Carry on where you left off.</Text>
        <Button
          size="sm"
          onClick={() =>
            panel.open({
              self: requirement.self,
              actionId: step,
              title: 'Add credit requirement',
              onSuccess: onDone,
            })
          }
        >
          Continue
        </Button>
      </Stack>
    </Alert>
  );
}

function RequirementView({
  requirement,
  reader,
}: {
  requirement: CreditRequirement;
  reader: RequirementReader;
}) {
  const refresh = useRefreshAfterAction();
  const changed = () => void refresh();
  const r = requirement;
  const readOnly = reader === 'lpa';
  const subject = { subjectType: 'requirement', subjectId: r.id };
  const start = useNeedStart(r, !readOnly);
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{r.name}</Title>
          <Group gap="xs">
            <Text c="dimmed">{`${REQUIREMENT_TYPE_LABELS[r.type]}: ${r.buyer.name}`}</Text>
            <StatusBadge color={REQUIREMENT_STATUS_COLOURS[r.status]}>
              {CREDIT_REQUIREMENT_STATUS_LABELS[r.status]}
            </StatusBadge>
          </Group>
        </Stack>
        {!readOnly && (
          <EntityActionButtons
            self={r.self}
            actions={r.actions}
            exclude={[...HEADER_EXCLUDED, ...nextStepIds(r.actions)]}
            enabledOnly={reader !== 'operator'}
            label={`Actions for ${r.name}`}
            layout={REQUIREMENT_ACTION_LAYOUT}
            onSucceeded={changed}
          />
        )}
      </Group>
      {!readOnly && <NextSteps self={r.self} actions={r.actions} onSucceeded={changed} />}
      {r.outcome && <OutcomeCard outcome={r.outcome} side="requirement" />}
      <ClearingExclusionNotice exclusion={r.clearingExclusion} noun="bid" />
      {!readOnly && <ResumeWizard requirement={r} onDone={changed} />}
      {!readOnly && (
        <StillNeeded self={r.self} checklist={r.checklist} actions={r.actions} onSucceeded={changed} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Detail label="Market round">
          {r.round === null ? (
            'Not registered for a round'
          ) : r.market !== null && !readOnly ? (
            <Anchor component={Link} to={roundPagePath(r.market.id, r.round.id)}>
              {r.round.name}
            </Anchor>
          ) : (
            r.round.name
          )}
        </Detail>
        <Detail label={r.type === 'Buyer' ? 'Buyer' : 'Investor'}>{r.buyer.name}</Detail>
        {!readOnly && <Detail label="Agent">{r.agent?.name ?? 'None'}</Detail>}
        {!readOnly && (
          <Detail label="Group">
            {r.group === null ? (
              'None'
            ) : (
              <Anchor component={Link} to={requirementGroupPagePath(r.group.id)}>
                {r.group.name}
              </Anchor>
            )}
          </Detail>
        )}
        <Detail label="Added">{showDate(r.createdAt)}</Detail>
        {r.lateRedemption && <Detail label="Redemption">Late: the redemption date has passed</Detail>}
      </SimpleGrid>
      <NeedSection requirement={r} start={start} />
      <PlaceSection requirement={r} />
      {!readOnly && <BidSection requirement={r} start={start} />}
      <DocumentsSection requirement={r} />
      {!readOnly && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <CommentsPanel subject={subject} self={r.self} actions={r.actions} />
          <ActivityFeed subject={subject} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

function RequirementRecordPage({ reader }: { reader: RequirementReader }) {
  const { requirementId = '' } = useParams();
  const requirement = useRequirement(requirementId);
  useCrumbName('requirement', requirement.data?.name);
  usePageTitle(requirement.data?.name ?? 'Credit requirement');
  return (
    <WhenLoaded query={requirement} what="Credit requirement">
      {(data) => <RequirementView requirement={data} reader={reader} />}
    </WhenLoaded>
  );
}

/** `/credit-requirements/{id}` (admin): the whole requirement, its bid, and every action the server lists. */
export function OperatorRequirementPage() {
  return <RequirementRecordPage reader="operator" />;
}

/** `/credit-requirements/{id}` (participant and agent): their own or their client's requirement. */
export function ParticipantRequirementPage() {
  return <RequirementRecordPage reader="participant" />;
}

/** `/credit-requirements/{id}` (LPA): a development in its area, read only and never with a bid. */
export function LpaRequirementPage() {
  return <RequirementRecordPage reader="lpa" />;
}
