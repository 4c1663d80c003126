import {
  type AnyActionDefinition,
  formatIsoDate,
  type HomeRecord,
  type HomeRecordKind,
  type HomeStepDefinition,
  nextHomeStep,
  REQUIREMENT_ACTIONS,
  type RegistrationPeriod,
  type RegistrationWindow,
} from '@curlew/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { EntityActions } from '../../platform/actions/runner.ts';
import type { Access, Actor } from '../../platform/actions/types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { storedFiles } from '../files/files.tables.ts';
import { participationActions } from '../participations/participations.actions.ts';
import { participationInScope, selectParticipationsFor } from '../participations/participations.repo.ts';
import { participations } from '../participations/participations.tables.ts';
import { projectGroupActions } from '../project-groups/project-groups.actions.ts';
import { projectGroupInScope, selectProjectGroupsFor } from '../project-groups/project-groups.repo.ts';
import { projectGroups } from '../project-groups/project-groups.tables.ts';
import { projectActions } from '../projects/projects.actions.ts';
import { documentTagsOf } from '../projects/projects.present.ts';
import { projectInScope, selectProjectsFor } from '../projects/projects.repo.ts';
import { projects } from '../projects/projects.tables.ts';
import { requirementGroupActions } from '../requirement-groups/requirement-groups.actions.ts';
import { groupInScope, selectGroupsFor } from '../requirement-groups/requirement-groups.repo.ts';
import { requirementGroups } from '../requirement-groups/requirement-groups.tables.ts';
import { requirementActions } from '../requirements/requirements.actions.ts';
import { missingParts } from '../requirements/requirements.checklist.ts';
import { requirementInScope, selectRequirementsFor } from '../requirements/requirements.repo.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { windowOfCapacity } from '../rounds/rounds.windows.ts';

/** The most records of each kind a home lists (the most recently changed first). */
const HOME_RECORDS_PER_KIND = 200;

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type RoundDates = Partial<Record<RegistrationPeriod, RegistrationWindow>>;
type RoundInfo = { marketId: string; registrationDates: RoundDates };

/** A record of any kind with what the home needs to place it. */
interface Candidate {
  kind: HomeRecordKind;
  id: string;
  name: string;
  status: string;
  owner: { id: string; name: string };
  roundId: string | null;
  roundName: string | null;
  roundStatus: string | null;
  /** The window of a step that names none (a participation's registration window by capacity). */
  window?: RegistrationPeriod;
  redemptionDate?: string | null;
  actions(): Promise<{ enabled: Set<string>; documents: () => Promise<Set<string>> }>;
  /** The step that must come first when none of the kind's steps can be taken yet (what registering still lacks). */
  blocked?(enabled: ReadonlySet<string>): HomeStepDefinition | undefined;
}

/** Whether an action's lifecycle edge runs from a status (the runner's own rule, read off the definition). */
const runsFrom = (definitions: readonly AnyActionDefinition[], actionId: string, status: string): boolean =>
  (definitions.find((definition) => definition.id === actionId)?.lifecycle?.from ?? []).includes(status);

/** The availability of a record's actions for the reader, as the record's own page lists them. */
const availability = async <Rec, Rel extends string>(
  deps: Deps,
  entity: EntityActions<Rec, Rel>,
  actor: Actor,
  record: Rec,
  access: Access<Rel>,
): Promise<Set<string>> => {
  const actions = await entity.actionsFor(deps, { actor, record, ...access });
  return new Set(actions.filter((action) => action.enabled).map((action) => action.id));
};

const none = async () => new Set<string>();

/** The tags of a requirement's current documents (an upload step is done once its document is there). */
async function requirementDocumentTags(deps: Deps, requirementId: string): Promise<Set<string>> {
  const rows = await deps.db
    .select({ tag: storedFiles.tag })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.ownerType, 'requirement'),
        eq(storedFiles.ownerId, requirementId),
        eq(storedFiles.current, true),
      ),
    );
  return new Set(rows.map((row) => row.tag));
}

/** Every record the reader may see (its scope), of every kind the home lists. */
async function candidates(deps: Deps, actor: Actor): Promise<Candidate[]> {
  const { db } = deps;
  const limit = HOME_RECORDS_PER_KIND;
  const [projectRows, requirementRows, participationRows, projectGroupRows, requirementGroupRows] =
    await Promise.all([
      selectProjectsFor(db, actor, undefined).orderBy(desc(projects.updatedAt)).limit(limit),
      selectRequirementsFor(db, actor, undefined).orderBy(desc(creditRequirements.updatedAt)).limit(limit),
      selectParticipationsFor(db, actor, undefined).orderBy(desc(participations.updatedAt)).limit(limit),
      selectProjectGroupsFor(db, actor, undefined).orderBy(desc(projectGroups.updatedAt)).limit(limit),
      selectGroupsFor(db, actor, undefined).orderBy(desc(requirementGroups.updatedAt)).limit(limit),
    ]);
  const found: Candidate[] = [];
  for (const row of projectRows) {
    const inScope = projectInScope(row);
    if (inScope === null) continue;
    const { record, access } = inScope;
    found.push({
      kind: 'project',
      id: record.id,
      name: record.name,
      status: record.status,
      owner: { id: record.supplierId, name: record.supplierName },
      roundId: record.marketRoundId,
      roundName: record.roundName,
      roundStatus: record.roundStatus,
      actions: async () => ({
        enabled: await availability(deps, projectActions, actor, record, access),
        documents: () => documentTagsOf(db, record.id),
      }),
    });
  }
  for (const row of requirementRows) {
    const inScope = requirementInScope(row);
    if (inScope === null) continue;
    const { record, access } = inScope;
    found.push({
      kind: 'requirement',
      id: record.id,
      name: record.name,
      status: record.status,
      owner: { id: record.buyerId, name: record.buyerName },
      roundId: record.marketRoundId,
      roundName: record.roundName,
      roundStatus: record.roundStatus,
      redemptionDate: record.redemptionDate,
      // A draft the reader may edit but not yet register: registering waits for what it lacks (its guard's rule).
      blocked: (enabled) => {
        const [missing] = missingParts(record);
        if (
          missing === undefined ||
          !enabled.has('Update') ||
          !runsFrom(REQUIREMENT_ACTIONS, 'Register', record.status)
        )
          return undefined;
        return { actionId: 'Register', label: missing, window: 'requirements' };
      },
      actions: async () => ({
        enabled: await availability(deps, requirementActions, actor, record, access),
        documents: () => requirementDocumentTags(deps, record.id),
      }),
    });
  }
  for (const row of participationRows) {
    const inScope = participationInScope(row);
    if (inScope === null) continue;
    const { record, access } = inScope;
    found.push({
      kind: 'participation',
      id: record.id,
      name: `${record.roundName} (${record.capacity})`,
      status: record.status,
      owner: { id: record.organisationId, name: record.organisationName },
      roundId: record.marketRoundId,
      roundName: record.roundName,
      roundStatus: record.roundStatus,
      window: windowOfCapacity(record.capacity),
      actions: async () => ({
        enabled: await availability(deps, participationActions, actor, record, access),
        documents: none,
      }),
    });
  }
  for (const row of projectGroupRows) {
    const inScope = projectGroupInScope(row);
    if (inScope === null) continue;
    const { record, access } = inScope;
    found.push({
      kind: 'projectGroup',
      id: record.id,
      name: record.name,
      status: record.type,
      owner: { id: record.supplierId, name: record.supplierName },
      roundId: record.marketRoundId,
      roundName: record.roundName,
      roundStatus: record.roundStatus,
      actions: async () => ({
        enabled: await availability(deps, projectGroupActions, actor, record, access),
        documents: none,
      }),
    });
  }
  for (const row of requirementGroupRows) {
    const inScope = groupInScope(row);
    if (inScope === null) continue;
    const { record, access } = inScope;
    found.push({
      kind: 'requirementGroup',
      id: record.id,
      name: record.name,
      status: 'AND',
      owner: { id: record.buyerId, name: record.buyerName },
      roundId: record.marketRoundId,
      roundName: record.roundName,
      roundStatus: record.roundStatus,
      actions: async () => ({
        enabled: await availability(deps, requirementGroupActions, actor, record, access),
        documents: none,
      }),
    });
  }
  return found;
}

/** The rounds the records belong to: their market and registration windows. */
async function roundsOf(deps: Deps, ids: readonly string[]): Promise<Map<string, RoundInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({
      id: marketRounds.id,
      marketId: marketRounds.marketId,
      registrationDates: marketRounds.registrationDates,
    })
    .from(marketRounds)
    .where(inArray(marketRounds.id, [...ids]));
  return new Map(
    rows.map((row) => [row.id, { marketId: row.marketId, registrationDates: row.registrationDates }]),
  );
}

/** The date a step must be taken by: the record's redemption date, or the end of the step's window. */
const deadlineOf = (
  step: HomeStepDefinition | undefined,
  candidate: Candidate,
  round: RoundInfo | undefined,
): string | null => {
  if (step === undefined) return null;
  if (step.dueOnRedemption) return candidate.redemptionDate ?? null;
  const window = step.window ?? candidate.window;
  if (window === undefined || round === undefined) return null;
  return round.registrationDates[window]?.end ?? null;
};

/** A deadline still to come (a window already closed bounds nothing any more), or null. */
const comingDeadline = (deadline: string | null, today: string): string | null =>
  deadline !== null && deadline >= today ? deadline : null;

/** Records with a step first, the nearest deadline first, then by name. */
const byUrgency = (a: HomeRecord, b: HomeRecord): number =>
  Number(b.nextStep !== null) - Number(a.nextStep !== null) ||
  (a.deadline ?? '9999').localeCompare(b.deadline ?? '9999') ||
  a.name.localeCompare(b.name);

/**
 * The reader's records (projects, requirements, participations, groups; its own, or its clients' for an agent, as
 * each entity's scope allows) with each one's next step: the first home step whose action the server's availability
 * (policy, lifecycle, guards) lets the reader run now, and the closing date of its window.
 */
export async function homeRecords(deps: Deps, actor: Actor): Promise<HomeRecord[]> {
  const found = await candidates(deps, actor);
  const rounds = await roundsOf(deps, [
    ...new Set(found.map((candidate) => candidate.roundId).filter((id) => id !== null)),
  ]);
  const today = formatIsoDate(deps.clock());
  const records: HomeRecord[] = [];
  for (const candidate of found) {
    const { enabled, documents } = await candidate.actions();
    const needsDocuments = [...enabled].some((id) => id.startsWith('Upload'));
    const step =
      nextHomeStep(candidate.kind, enabled, needsDocuments ? await documents() : undefined) ??
      candidate.blocked?.(enabled);
    const round = candidate.roundId === null ? undefined : rounds.get(candidate.roundId);
    records.push({
      kind: candidate.kind,
      id: candidate.id,
      name: candidate.name,
      status: candidate.status,
      owner: candidate.owner,
      round:
        candidate.roundId !== null && candidate.roundName !== null && round !== undefined
          ? {
              id: candidate.roundId,
              name: candidate.roundName,
              marketId: round.marketId,
              status: candidate.roundStatus ?? '',
            }
          : null,
      nextStep: step === undefined ? null : { actionId: step.actionId, label: step.label },
      deadline: step?.dueOnRedemption
        ? deadlineOf(step, candidate, round)
        : comingDeadline(deadlineOf(step, candidate, round), today),
    });
  }
  return records.sort(byUrgency);
}
