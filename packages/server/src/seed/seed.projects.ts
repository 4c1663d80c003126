import {
  type CertificationDecision,
  CREDIT_DURATION_YEARS,
  CREDIT_TYPES,
  type Distinctiveness,
  MODULE_UNITS,
  type ProjectOutcome,
  type ServiceCertificationStatus,
} from '@curlew/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { organisations } from '../modules/organisations/organisations.tables.ts';
import { projectGroups } from '../modules/project-groups/project-groups.tables.ts';
import { projectServices, projectServiceUnits, projects } from '../modules/projects/projects.tables.ts';
import { biodiversityPeriods, nutrientPeriods } from '../modules/projects/projects.units.ts';
import {
  habitats,
  lpas,
  ncaNeighbours,
  ncas,
  projectTypes,
  standards,
  subcatchments,
} from '../modules/refdata/refdata.tables.ts';
import { marketRounds } from '../modules/rounds/rounds.tables.ts';
import type { Transaction } from '../platform/db/connect.ts';
import { DEMO_GROUP, DEMO_NCA_NEIGHBOURS, DEMO_NCAS, DEMO_PROJECTS } from './seed.projects.data.ts';
import { DEMO_ROUNDS } from './seed.rounds.ts';

const DAY = 24 * 60 * 60 * 1000;

const bandOf = (band: string): Distinctiveness =>
  band === 'VeryHigh' || band === 'High' || band === 'Medium' ? band : 'Low';

/**
 * The demo projects: in Round 1 2026 one at each stage before certification; in Round 3 2025 offered projects
 * with certified biodiversity, nitrogen and phosphorus services, realistic sealed offers, an XOR group and one
 * certified project not yet offered; two in Round 2 2025 around the supplier's own valley (Cornwall, which the demo
 * LPA organisation is linked to). Reference rows are the real ones (habitats, LPAs, NCAs, the Solent subcatchment).
 */
export async function seedDemoProjects(
  tx: Transaction,
  context: { now: Date; idOf(key: string): string },
): Promise<void> {
  const { now, idOf } = context;
  await tx.insert(ncas).values(DEMO_NCAS).onConflictDoNothing();
  const rounds = await tx
    .select({
      id: marketRounds.id,
      name: marketRounds.name,
      marketId: marketRounds.marketId,
      registrationDates: marketRounds.registrationDates,
    })
    .from(marketRounds)
    .where(inArray(marketRounds.name, Object.values(DEMO_ROUNDS)));
  const places = await tx
    .select({ id: lpas.id, name: lpas.name })
    .from(lpas)
    .where(inArray(lpas.name, [...new Set(DEMO_PROJECTS.map((project) => project.lpa))]));
  const areas = await tx.select({ id: ncas.id, number: ncas.number }).from(ncas);
  const areaId = new Map(areas.map((area) => [area.number, area.id]));
  const neighbourRows = DEMO_NCA_NEIGHBOURS.flatMap(([a, b]) => {
    const [first, second] = [areaId.get(a), areaId.get(b)];
    return first && second
      ? [
          { ncaId: first, neighbourId: second },
          { ncaId: second, neighbourId: first },
        ]
      : [];
  });
  if (neighbourRows.length > 0) await tx.insert(ncaNeighbours).values(neighbourRows).onConflictDoNothing();
  const [solent] = await tx
    .select({ id: subcatchments.id })
    .from(subcatchments)
    .where(eq(subcatchments.name, 'Solent'));
  const types = await tx.select({ id: projectTypes.id, name: projectTypes.name }).from(projectTypes);
  const [standard] = await tx
    .select({ id: standards.id })
    .from(standards)
    .where(eq(standards.name, 'Statutory biodiversity metric'));
  const habitatRows = await tx
    .select({
      module: habitats.module,
      habitatType: habitats.habitatType,
      distinctiveness: habitats.distinctiveness,
    })
    .from(habitats);
  const cornwall = places.find((place) => place.name === 'Cornwall LPA');
  if (cornwall !== undefined)
    await tx
      .update(organisations)
      .set({ lpaId: cornwall.id })
      .where(and(eq(organisations.id, idOf('lpa')), isNull(organisations.lpaId)));

  const supplierId = idOf('supplier');
  const ids = new Map<string, string>();
  for (const [index, demo] of DEMO_PROJECTS.entries()) {
    const round = rounds.find((candidate) => candidate.name === demo.round);
    // Registered within its round's projects window (up to today), its outcomes dated between then and today.
    const window = round?.registrationDates?.projects;
    const opens = window ? new Date(`${window.start}T09:00:00Z`).getTime() : now.getTime() - 30 * DAY;
    const closes = Math.min(
      window ? new Date(`${window.end}T17:00:00Z`).getTime() : now.getTime(),
      now.getTime(),
    );
    const createdAt = new Date(
      opens + ((index + 1) / (DEMO_PROJECTS.length + 1)) * Math.max(0, closes - opens),
    );
    const steps = (demo.outcomes ?? []).length + 1;
    const outcomeOn = (step: number) =>
      new Date(createdAt.getTime() + ((step + 1) / steps) * (now.getTime() - createdAt.getTime()));
    const services = demo.services.filter(
      (service) =>
        service.type !== 'Biodiversity' ||
        habitatRows.some((row) => row.habitatType === service.habitat?.habitatType),
    );
    const hasBiodiversity = services.some((service) => service.type === 'Biodiversity');
    const hasNutrient = services.some((service) => service.type !== 'Biodiversity');
    const creditTypes = CREDIT_TYPES.filter((type) => services.some((service) => service.type === type));
    const outcomes: ProjectOutcome[] = (demo.outcomes ?? []).map((kind, step) => ({
      kind,
      outcome: demo.status === 'FailedScreening' && kind === 'screening' ? 'Fail' : 'Pass',
      date: outcomeOn(step).toISOString().slice(0, 10),
      comment:
        demo.status === 'FailedScreening' && kind === 'screening'
          ? 'The heath lies within a scheduled monument; creation works need consent first.'
          : null,
      by: 'Priya Marsh',
    }));
    const [row] = await tx
      .insert(projects)
      .values({
        name: demo.name,
        status: demo.status,
        supplierId,
        agentId: demo.round === DEMO_ROUNDS.bidding ? idOf('agent') : null,
        typeId: types.find((type) => type.name === demo.type)?.id ?? null,
        marketId: round?.marketId ?? null,
        marketRoundId: round?.id ?? null,
        serviceTypes: creditTypes,
        locationCreditTypes: demo.status === 'Draft' ? null : creditTypes,
        lpaId: places.find((place) => place.name === demo.lpa)?.id ?? null,
        ncaId: hasBiodiversity ? (areas.find((area) => area.number === demo.nca)?.id ?? null) : null,
        subcatchmentId: hasNutrient && demo.subcatchment ? (solent?.id ?? null) : null,
        nearAddress: demo.nearAddress,
        gridReference: demo.gridReference ?? null,
        baselineUnitsLost: hasBiodiversity ? (demo.supply?.baselineUnitsLost ?? null) : null,
        yearsToTargetCondition: hasBiodiversity && demo.supply ? demo.supply.gainsPerYear.length - 1 : null,
        gainsPerYear: hasBiodiversity ? (demo.supply?.gainsPerYear ?? null) : null,
        maintenance: demo.costs?.[0] ?? null,
        marketOperatorFee: demo.costs?.[1] ?? null,
        complianceMonitoring: demo.costs?.[2] ?? null,
        performanceMonitoring: demo.costs?.[3] ?? null,
        offer: demo.offer ?? null,
        offeredAt: demo.offer === undefined ? null : now,
        outcomes,
        certifiedRoundId: demo.certified ? (round?.id ?? null) : null,
        createdAt,
        updatedAt: now,
      })
      .returning({ id: projects.id });
    if (!row) throw new Error(`Demo project ${demo.name} was not inserted`);
    ids.set(demo.name, row.id);
    const serviceStatus: ServiceCertificationStatus = demo.certified
      ? 'Certified'
      : ['Draft', 'Provisional'].includes(demo.status)
        ? 'Draft'
        : 'PendingCertification';
    const decision: CertificationDecision | null = demo.certified ? 'Yes' : null;
    const totalSize = services.reduce(
      (sum, service) => sum + (service.type === 'Biodiversity' ? (service.size ?? 0) : 0),
      0,
    );
    for (const service of services) {
      const habitat = service.habitat;
      const band = habitatRows.find((row) => row.habitatType === habitat?.habitatType)?.distinctiveness;
      const [inserted] = await tx
        .insert(projectServices)
        .values({
          projectId: row.id,
          type: service.type,
          status: serviceStatus,
          module: habitat?.module ?? null,
          broadHabitat: habitat?.broadHabitat ?? null,
          habitatType: habitat?.habitatType ?? null,
          distinctiveness: band === undefined ? null : bandOf(band),
          condition: service.condition ?? null,
          strategicSignificance: habitat === undefined ? null : 'Medium',
          difficulty: habitat === undefined ? null : 'Low',
          size: service.size ?? null,
          sizeUnit: habitat === undefined ? null : MODULE_UNITS[habitat.module],
          mitigationBegins: service.begins,
          mitigationDuration: service.duration ?? null,
          area: service.area ?? null,
          units: service.units ?? null,
          years: service.duration === undefined ? null : CREDIT_DURATION_YEARS[service.duration],
          standardId: decision === null ? null : (standard?.id ?? null),
          decision,
          createdAt,
          updatedAt: now,
        })
        .returning({ id: projectServices.id });
      if (!inserted) throw new Error(`Demo service of ${demo.name} was not inserted`);
      const periods =
        service.type === 'Biodiversity'
          ? demo.supply === undefined
            ? []
            : biodiversityPeriods(
                service.begins,
                demo.supply,
                totalSize > 0 ? (service.size ?? 0) / totalSize : 1,
              )
          : nutrientPeriods(service.begins, service.duration ?? 'Permanent', service.units ?? 0);
      if (periods.length > 0)
        await tx
          .insert(projectServiceUnits)
          .values(periods.map((period) => ({ serviceId: inserted.id, ...period })));
    }
  }
  const groupRound = rounds.find((round) => round.name === DEMO_GROUP.round);
  if (groupRound !== undefined) {
    const [group] = await tx
      .insert(projectGroups)
      .values({
        name: DEMO_GROUP.name,
        type: DEMO_GROUP.type,
        supplierId,
        marketRoundId: groupRound.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: projectGroups.id });
    const members = DEMO_GROUP.projects.flatMap((name) => ids.get(name) ?? []);
    if (group !== undefined && members.length > 0)
      await tx.update(projects).set({ groupId: group.id }).where(inArray(projects.id, members));
  }
}
