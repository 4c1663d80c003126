import type { ProjectOutcome, ProjectStatus } from '@curlew/domain';
import { asc, eq } from 'drizzle-orm';
import { applyResult } from '../modules/match/accept.ts';
import { participations } from '../modules/participations/participations.tables.ts';
import { projectKind } from '../modules/projects/projects.kind.ts';
import { updateProject } from '../modules/projects/projects.repo.ts';
import { projectServices, projectServiceUnits, projects } from '../modules/projects/projects.tables.ts';
import { biodiversityPeriods } from '../modules/projects/projects.units.ts';
import { habitats, lpas, ncas, projectTypes, standards } from '../modules/refdata/refdata.tables.ts';
import { requirementKind } from '../modules/requirements/requirements.kind.ts';
import { creditRequirements } from '../modules/requirements/requirements.tables.ts';
import { roundKind } from '../modules/rounds/rounds.kind.ts';
import { marketRounds } from '../modules/rounds/rounds.tables.ts';
import { recordRequirementMove } from '../modules/settlement/settlement.ledger.ts';
import { suppliersRefusal } from '../modules/settlement/settlement.readiness.ts';
import type { TransitionEntry } from '../platform/actions/status.ts';
import { transition } from '../platform/actions/status.ts';
import type { Transaction } from '../platform/db/connect.ts';

import { historyDate } from './seed.dates.ts';
import { clearDemoRound, excludeDemoBid, insertDemoBid } from './seed.registry.clearing.ts';
import {
  DEMO_DEMAND,
  DEMO_EXCLUDED_BID,
  DEMO_SETTLING_ROUND,
  DEMO_SUPPLY,
  type ProjectStage,
} from './seed.registry.data.ts';

export { DEMO_SETTLING_ROUND } from './seed.registry.data.ts';

/** An instant of the written history on an (already moved) ISO date. */
const at = (date: string) => new Date(`${date}T10:00:00Z`);

const PROJECT_STEPS: Record<ProjectStage, number> = {
  Matched: 0,
  Contracted: 1,
  Verified: 2,
  Monitoring: 3,
  NonCompliant: 3,
};
const REQUIREMENT_STEPS = [
  {
    to: 'RightsAllocated',
    move: 'Allocated',
    title: 'Allocate rights',
    date: '2025-09-',
    stage: 'Contracted',
  },
  { to: 'CreditsIssued', move: 'Issued', title: 'Issue credits', date: '2026-01-', stage: 'Verified' },
  { to: 'CreditsRedeemed', move: 'Redeemed', title: 'Redeem credits', date: '2026-03-', stage: null },
  { to: 'Retired', move: 'Retired', title: 'Retire credits', date: '2026-05-', stage: null },
] as const;

const entry = (action: string, title: string, now: Date): TransitionEntry => ({ action, title, now });

/**
 * Round 1 2025 of the demo market, cleared a year ago through the real code paths: its offered projects and bidding
 * requirements are stored, the instance builder and the clearing engine clear it, AcceptMatch's service applies the
 * result (allocations, reserved credits, payments, the ledger), and the post-trade moves follow with their dates
 * over 2025 and 2026: projects contracted, verified, monitored and one non-compliant; requirements with rights
 * created, allocated, credits issued (one late to redeem), redeemed and retired, each in the ledger.
 */
export async function seedDemoRegistry(
  tx: Transaction,
  context: { marketId: string; now: Date; idOf(key: string): string },
): Promise<void> {
  const { marketId, idOf } = context;
  // The written history moves by whole years so that it ends in the past (none from July 2026 to June 2027).
  const h = (iso: string) => historyDate(context.now, iso);
  const places = await tx.select({ id: lpas.id, name: lpas.name }).from(lpas);
  const areas = await tx.select({ id: ncas.id, number: ncas.number }).from(ncas);
  const lpaId = (name: string) => places.find((place) => place.name === name)?.id ?? null;
  const ncaId = (number: number) => areas.find((area) => area.number === number)?.id ?? null;
  const [standard] = await tx.select({ id: standards.id }).from(standards).limit(1);
  const [type] = await tx
    .select({ id: projectTypes.id })
    .from(projectTypes)
    .where(eq(projectTypes.name, 'Habitat creation'));
  const bands = await tx
    .select({ habitatType: habitats.habitatType, distinctiveness: habitats.distinctiveness })
    .from(habitats);
  const supply = DEMO_SUPPLY.filter(
    (demo) => lpaId(demo.lpa) !== null && bands.some((row) => row.habitatType === demo.habitat.habitatType),
  );
  if (supply.length === 0) return;

  const [round] = await tx
    .insert(marketRounds)
    .values({
      marketId,
      name: DEMO_SETTLING_ROUND,
      status: 'OpenForBidsAndOffers',
      services: ['Biodiversity'],
      standardIds: standard ? [standard.id] : [],
      projectTypeIds: type ? [type.id] : [],
      lpaIds: [...new Set(supply.map((demo) => lpaId(demo.lpa)).filter((id) => id !== null))],
      bidderType: 'BuyersAndInvestors',
      registrationDates: {
        suppliers: { start: h('2025-01-06'), end: h('2025-02-14') },
        buyers: { start: h('2025-01-06'), end: h('2025-02-14') },
        projects: { start: h('2025-01-13'), end: h('2025-03-07') },
        requirements: { start: h('2025-01-13'), end: h('2025-03-07') },
      },
      reservePercentage: 10,
      reserveAppliesTo: 'supply',
      reserveAgreedWithEMB: true,
      createdAt: at(h('2024-12-02')),
      updatedAt: at(h('2025-05-20')),
    })
    .returning({ id: marketRounds.id });
  if (!round) throw new Error('The settling demo round was not inserted');
  // The supplier and the buyer took part, registered in January 2025.
  await tx.insert(participations).values(
    (
      [
        ['supplier', 'Supplier'],
        ['buyer', 'Buyer'],
      ] as const
    ).map(([key, capacity]) => ({
      marketRoundId: round.id,
      organisationId: idOf(key),
      capacity,
      status: 'Registered' as const,
      agentOrganisationId: null,
      createdAt: at(h('2025-01-20')),
      updatedAt: at(h('2025-01-24')),
    })),
  );

  for (const demo of supply) {
    const band = bands.find((row) => row.habitatType === demo.habitat.habitatType)?.distinctiveness ?? 'Low';
    const [row] = await tx
      .insert(projects)
      .values({
        name: demo.name,
        status: 'Offered',
        supplierId: idOf('supplier'),
        typeId: type?.id ?? null,
        marketId,
        marketRoundId: round.id,
        serviceTypes: ['Biodiversity'],
        locationCreditTypes: ['Biodiversity'],
        lpaId: lpaId(demo.lpa),
        ncaId: ncaId(demo.nca),
        nearAddress: demo.name,
        gridReference: demo.gridReference,
        baselineUnitsLost: 0,
        yearsToTargetCondition: demo.gains.length - 1,
        gainsPerYear: demo.gains,
        maintenance: Math.round(demo.offer * 0.6),
        marketOperatorFee: 2500,
        complianceMonitoring: 6000,
        performanceMonitoring: 4500,
        offer: demo.offer,
        offeredAt: at(h('2025-04-14')),
        certifiedRoundId: round.id,
        createdAt: at(h('2025-01-20')),
        updatedAt: at(h('2025-04-14')),
      })
      .returning({ id: projects.id });
    if (!row) throw new Error(`Demo project ${demo.name} was not inserted`);
    const [service] = await tx
      .insert(projectServices)
      .values({
        projectId: row.id,
        type: 'Biodiversity',
        status: 'Certified',
        module: 'Area',
        ...demo.habitat,
        distinctiveness: band === 'VeryLow' ? 'Low' : band,
        condition: 'Good',
        strategicSignificance: 'Medium',
        difficulty: 'Low',
        size: demo.size,
        sizeUnit: 'ha',
        mitigationBegins: h('2025-10-01'),
        standardId: standard?.id ?? null,
        decision: 'Yes',
        createdAt: at(h('2025-01-20')),
        updatedAt: at(h('2025-03-28')),
      })
      .returning({ id: projectServices.id });
    if (!service) throw new Error(`Demo service of ${demo.name} was not inserted`);
    const periods = biodiversityPeriods(
      h('2025-10-01'),
      { baselineUnitsLost: 0, gainsPerYear: demo.gains },
      1,
    );
    if (periods.length > 0)
      await tx
        .insert(projectServiceUnits)
        .values(periods.map((period) => ({ serviceId: service.id, ...period })));
  }

  const bidContext = { marketId, roundId: round.id, buyerId: idOf('buyer'), history: h };
  for (const demo of DEMO_DEMAND)
    await insertDemoBid(tx, demo, { ...bidContext, lpaId: lpaId(demo.lpa), ncaId: ncaId(demo.nca) });
  const slip = DEMO_EXCLUDED_BID.demand;
  const slipId = await insertDemoBid(tx, slip, {
    ...bidContext,
    lpaId: lpaId(slip.lpa),
    ncaId: ncaId(slip.nca),
  });

  // Bids close, the engine clears the round, the operator accepts it.
  await transition(
    tx,
    roundKind,
    round.id,
    'ClosedForBidsAndOffers',
    'system',
    entry('CloseBidsAndOffers', 'Close bids and offers', at(h('2025-04-30'))),
  );
  // The first result is rejected: one bid was entered with two zeros too many. The operator excludes it (the buyer
  // is told why) and matches again.
  await clearDemoRound(tx, round.id, h('2025-05-02'));
  await transition(tx, roundKind, round.id, 'Rejected', 'system', {
    ...entry('RejectMatch', 'Reject match', at(h('2025-05-05'))),
    details: { reason: DEMO_EXCLUDED_BID.rejectedBecause },
  });
  await excludeDemoBid(tx, slipId, DEMO_EXCLUDED_BID.reason, h('2025-05-06'));
  await clearDemoRound(tx, round.id, h('2025-05-12'));
  await applyResult(tx, round.id, at(h('2025-05-20')), 'system');
  await transition(
    tx,
    roundKind,
    round.id,
    'Matched',
    'system',
    entry('AcceptMatch', 'Accept match', at(h('2025-05-20'))),
  );

  await advanceProjects(tx, round.id, context.now);
  await advanceRequirements(tx, round.id, context.now);
}

/** Each winning project along its stages: contracted in July 2025, verified in October, monitored in 2026. */
async function advanceProjects(tx: Transaction, roundId: string, now: Date): Promise<void> {
  const h = (iso: string) => historyDate(now, iso);
  const winners = await tx
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(eq(projects.marketRoundId, roundId))
    .orderBy(asc(projects.name));
  for (const [index, project] of winners.entries()) {
    const demo = DEMO_SUPPLY.find((item) => item.name === project.name);
    const record = await projectKind.load(tx, project.id);
    if (!demo || record?.status !== 'Matched') continue;
    const steps = PROJECT_STEPS[demo.stage];
    const day = String(7 + index * 3).padStart(2, '0');
    const outcomes: ProjectOutcome[] = [...record.outcomes];
    const move = async (to: ProjectStatus, action: string, title: string, date: string) =>
      transition(tx, projectKind, project.id, to, 'system', entry(action, title, at(date)));
    if (steps >= 1) await move('Contracted', 'Contract', 'Contract project', h(`2025-07-${day}`));
    if (steps >= 2) {
      outcomes.push({
        kind: 'verification',
        outcome: 'Pass',
        date: h(`2025-10-${day}`),
        comment: null,
        by: 'Priya Marsh',
      });
      await updateProject(tx, project.id, { outcomes: [...outcomes] }, at(h(`2025-10-${day}`)));
      await move('Verified', 'Verify', 'Record project verification outcome', h(`2025-10-${day}`));
    }
    if (steps >= 3) {
      outcomes.push({
        kind: 'performance',
        outcome: null,
        date: h(`2026-04-${day}`),
        comment: null,
        by: 'Priya Marsh',
      });
      const failed = demo.stage === 'NonCompliant';
      outcomes.push({
        kind: 'compliance',
        outcome: failed ? 'Fail' : 'Pass',
        date: h(`2026-06-${day}`),
        comment: failed
          ? 'Grazing stopped early; the sward is rank and the target condition is at risk.'
          : null,
        by: 'Priya Marsh',
        ...(failed ? { nextAction: { action: 'Rectify' as const, date: h('2026-12-31') } } : {}),
      });
      await updateProject(tx, project.id, { outcomes: [...outcomes] }, at(h(`2026-06-${day}`)));
      await move(
        'Monitoring',
        'RecordPerformanceCheck',
        'Performance monitoring check outcome',
        h(`2026-04-${day}`),
      );
    }
  }
}

/** Each matched requirement as far as its stage and its suppliers allow, each move in the ledger on its date. */
async function advanceRequirements(tx: Transaction, roundId: string, now: Date): Promise<void> {
  const h = (iso: string) => historyDate(now, iso);
  const matched = await tx
    .select({ id: creditRequirements.id, name: creditRequirements.name, status: creditRequirements.status })
    .from(creditRequirements)
    .where(eq(creditRequirements.marketRoundId, roundId))
    .orderBy(asc(creditRequirements.name));
  for (const [index, requirement] of matched.entries()) {
    if (requirement.status !== 'RightsCreated') continue;
    const demo = DEMO_DEMAND.find((item) => item.name === requirement.name);
    const last =
      demo === undefined
        ? -1
        : ['RightsCreated', ...REQUIREMENT_STEPS.map((step) => step.to)].indexOf(demo.stage);
    for (const step of REQUIREMENT_STEPS.slice(0, Math.max(0, last))) {
      if (step.stage !== null && (await suppliersRefusal(tx, requirement.id, step.stage)) !== undefined)
        break;
      const when = at(h(`${step.date}${String(10 + index * 2).padStart(2, '0')}`));
      await recordRequirementMove(tx, requirement.id, step.move, when);
      await transition(
        tx,
        requirementKind,
        requirement.id,
        step.to,
        'system',
        entry(step.move, step.title, when),
      );
    }
  }
}
