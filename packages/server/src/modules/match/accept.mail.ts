import { type CreditVolume, formatCreditVolumes, formatPenceAsGBP, RECORD_PAGES } from '@curlew/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import type { HandlerContextBase } from '../../platform/actions/types.ts';
import { agentAuthorities } from '../agent-authorities/agent-authorities.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { projectServices, projects } from '../projects/projects.tables.ts';
import { creditRequirements } from '../requirements/requirements.tables.ts';
import type { RoundRecord } from '../rounds/rounds.repo.ts';
import { allocations, payments } from './match.tables.ts';
import { readableReason, roundNames } from './reason-names.ts';
import { latestTaskResult } from './tasks.ts';

/** One record's outcome line, and the organisations that hear of it (its owner and the agent acting for it). */
interface OutcomeLine {
  owner: string;
  agent: string | null;
  text: string;
}

const LOST_PROJECT = 'Its offer was higher than any buyer would pay';
const LOST_REQUIREMENT = 'No offer could meet it at its bid';
const PART_FILLED = 'Only part of it could be met within its bid';

/**
 * E-mails every organisation whose project or credit requirement was in the accepted clearing, and the agent
 * acting for it when the agent may see its offers and bids in the round (approved authority with MakeOffersOrBids),
 * its own outcomes: won or lost, units, what it receives or pays, and the reason, with a link to the round's page.
 * Queued in the outbox in the action's transaction, so nothing is sent unless AcceptMatch commits.
 */
export async function acceptMail(
  context: HandlerContextBase<unknown> & { record: RoundRecord },
): Promise<number> {
  const { tx, record } = context;
  const task = await latestTaskResult(tx, record.id);
  if (!task?.result) return 0;
  const names = await roundNames(tx, record.id);
  /** Allocated units per project (sold) or requirement (received, times the multiplier), per credit type. */
  const sumUnits = async (
    column: typeof allocations.projectId | typeof allocations.requirementId,
    weighted: boolean,
  ): Promise<Map<string, CreditVolume[]>> => {
    const rows = await tx
      .select({
        id: column,
        creditType: projectServices.type,
        units: weighted
          ? sql<number>`sum(${allocations.units} * ${allocations.multiplier})`.mapWith(Number)
          : sql<number>`sum(${allocations.units})`.mapWith(Number),
      })
      .from(allocations)
      .innerJoin(projectServices, eq(projectServices.id, allocations.serviceId))
      .where(eq(allocations.marketRoundId, record.id))
      .groupBy(column, projectServices.type)
      .orderBy(column, projectServices.type);
    const volumes = new Map<string, CreditVolume[]>();
    for (const row of rows) {
      const list = volumes.get(row.id) ?? [];
      if (list.length === 0) volumes.set(row.id, list);
      list.push({ creditType: row.creditType, units: row.units });
    }
    return volumes;
  };
  const sold = await sumUnits(allocations.projectId, false);
  const bought = await sumUnits(allocations.requirementId, true);
  const paid = new Map(
    (
      await tx
        .select({ id: payments.partyId, amount: payments.amountPence })
        .from(payments)
        .where(eq(payments.marketRoundId, record.id))
    ).map((r) => [r.id, r.amount]),
  );

  const lines: OutcomeLine[] = [];
  const projectIds = task.result.projects.map((line) => line.id);
  const projectRows =
    projectIds.length === 0
      ? []
      : await tx
          .select({
            id: projects.id,
            name: projects.name,
            owner: projects.supplierId,
            agent: projects.agentId,
          })
          .from(projects)
          .where(inArray(projects.id, projectIds))
          .orderBy(projects.name, projects.id);
  const projectLines = new Map(task.result.projects.map((line) => [line.id, line]));
  for (const row of projectRows) {
    const line = projectLines.get(row.id);
    if (!line) continue;
    const text = line.won
      ? `Project ${row.name}: won. It sells ${formatCreditVolumes(sold.get(line.id) ?? [])} units and receives ${formatPenceAsGBP(paid.get(line.id) ?? 0)}.`
      : `Project ${row.name}: not matched. ${readableReason(line.reason, names) ?? LOST_PROJECT}.`;
    lines.push({ owner: row.owner, agent: row.agent, text: text.replace(/\.\.$/, '.') });
  }

  const fills = new Map<string, { fill: number; reason: string | null }>();
  for (const line of task.result.requirements) {
    const id = task.mapping.requirements[line.id]?.requirementId;
    if (!id) continue;
    const current = fills.get(id);
    if (!current || line.fill > current.fill) fills.set(id, { fill: line.fill, reason: line.reason });
  }
  const requirementRows =
    fills.size === 0
      ? []
      : await tx
          .select({
            id: creditRequirements.id,
            name: creditRequirements.name,
            owner: creditRequirements.buyerId,
            agent: creditRequirements.agentId,
          })
          .from(creditRequirements)
          .where(inArray(creditRequirements.id, [...fills.keys()]))
          .orderBy(creditRequirements.name, creditRequirements.id);
  for (const row of requirementRows) {
    const { fill, reason } = fills.get(row.id) ?? { fill: 0, reason: null };
    const why = readableReason(reason, names);
    const won = `it receives ${formatCreditVolumes(bought.get(row.id) ?? [])} units and pays ${formatPenceAsGBP(paid.get(row.id) ?? 0)}`;
    const text =
      fill <= 0
        ? `Credit requirement ${row.name}: not matched. ${why ?? LOST_REQUIREMENT}.`
        : fill < 1 - 1e-9
          ? `Credit requirement ${row.name}: part-filled: ${won}. ${why ?? PART_FILLED}.`
          : `Credit requirement ${row.name}: matched: ${won}.`;
    lines.push({ owner: row.owner, agent: row.agent, text: text.replace(/\.\.$/, '.') });
  }
  return sendOutcomes(context, await withAuthorisedAgents(tx, record.id, lines));
}

/** The lines with each agent kept only where it holds approved authority to bid for the owner in the round. */
async function withAuthorisedAgents(
  tx: HandlerContextBase<unknown>['tx'],
  roundId: string,
  lines: readonly OutcomeLine[],
): Promise<OutcomeLine[]> {
  const authorised = new Set(
    (
      await tx
        .select({
          client: agentAuthorities.clientOrganisationId,
          agent: agentAuthorities.agentOrganisationId,
        })
        .from(agentAuthorities)
        .where(
          and(
            eq(agentAuthorities.marketRoundId, roundId),
            eq(agentAuthorities.approved, true),
            sql`'MakeOffersOrBids' = any(${agentAuthorities.permissions})`,
          ),
        )
    ).map((row) => `${row.client}|${row.agent}`),
  );
  return lines.map((line) =>
    line.agent === null || authorised.has(`${line.owner}|${line.agent}`) ? line : { ...line, agent: null },
  );
}

/** Sends each organisation's users one e-mail with the lines of its records (an agent's naming the client). */
async function sendOutcomes(
  { tx, record, deps }: HandlerContextBase<unknown> & { record: RoundRecord },
  lines: readonly OutcomeLine[],
): Promise<number> {
  const organisationIds = [...new Set(lines.flatMap((l) => (l.agent ? [l.owner, l.agent] : [l.owner])))];
  if (organisationIds.length === 0) return 0;
  const orgs = await tx
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(inArray(organisations.id, organisationIds));
  const orgName = new Map(orgs.map((o) => [o.id, o.name]));
  const recipients = await tx
    .select({ organisationId: users.organisationId, email: users.email })
    .from(users)
    .where(and(inArray(users.organisationId, organisationIds), eq(users.disabled, false)));
  const round = `${record.marketName} - ${record.name}`;
  const subject = `Your result in ${round}`;
  const link = `${deps.config.publicUrl}${RECORD_PAGES.round(record.marketId, record.id)}`;
  let sent = 0;
  for (const organisationId of organisationIds) {
    const own = lines.filter((l) => l.owner === organisationId).map((l) => l.text);
    const forClients = lines
      .filter((l) => l.agent === organisationId && l.owner !== organisationId)
      .map((l) => `For ${orgName.get(l.owner) ?? 'your client'}: ${l.text}`);
    const text = [
      `The match of ${round} has been accepted. The outcome for ${orgName.get(organisationId) ?? 'your organisation'}:`,
      '',
      ...own,
      ...forClients,
      '',
      `See the round's statement and your records at ${link}`,
    ].join('\n');
    for (const user of recipients.filter((r) => r.organisationId === organisationId)) {
      await deps.mailer.send({ to: user.email, subject, text, link });
      sent += 1;
    }
  }
  return sent;
}
