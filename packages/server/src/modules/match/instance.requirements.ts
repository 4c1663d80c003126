import {
  CREDIT_TYPE_LABELS,
  excludedReason,
  moneyProblem,
  requirementNeedByYear,
  unitsProblem,
} from '@curlew/domain';
import { type Instance, requirementSchema } from '@curlew/matching';
import type { ZodType } from 'zod';
import { statusWords } from '../../platform/actions/status.ts';
import type { ClearingRequirement, InstanceContext as Context, LeftOut } from './instance.types.ts';

export type EngineRequirement = Instance['requirements'][number];

/** The id suffix of a requirement's ongoing-only alternative in the instance. */
export const ONGOING_ONLY_SUFFIX = '/ongoing-only';
/** The XOR group joining a requirement's two alternatives. */
const alternativesGroup = (requirementId: string) => `xor/${requirementId}`;

/** Stands for a requirement's habitat type where its band does not look at it (Low and Medium). */
const ANY_HABITAT_TYPE = 'Any habitat type';

export const units6 = (x: number) => Math.round(x * 1e6) / 1e6;
export const money2 = (x: number) => Math.round(x * 100) / 100;

/** The requirement's entries: one, or the mixed and the ongoing-only alternatives (XOR); none when left out. */
export function requirementEntry(
  context: Context,
  requirement: ClearingRequirement,
  leftOut: LeftOut[],
): EngineRequirement[] {
  const out = (reason: string) => {
    leftOut.push({
      kind: 'requirement',
      id: requirement.id,
      serviceId: null,
      name: requirement.name,
      reason,
    });
    return [];
  };
  if (requirement.round && requirement.round.id !== context.round.id)
    return out('It is registered in another round');
  if (requirement.status !== 'Bid')
    return out(
      `Only requirements with a bid are cleared; this requirement is ${statusWords(requirement.status)}`,
    );
  const bid = requirement.bid;
  if (!bid) return out('The requirement has no bid');
  if (requirement.clearingExclusion) return out(excludedReason(requirement.clearingExclusion.reason));
  const bidProblem = moneyProblem(bid.bid);
  if (bidProblem !== undefined) return out(`Its bid cannot be cleared: ${bidProblem}`);
  const checked = (entries: EngineRequirement[]): EngineRequirement[] => {
    for (const entry of entries) {
      const problem = entryProblem(requirementSchema, entry);
      if (problem !== undefined) return out(problem);
    }
    return entries;
  };
  const group = requirement.group ? { id: requirement.group.id, type: 'AND' as const } : null;
  const reserve = context.reserve;
  const grossUp = (x: number, ongoing: boolean) =>
    reserve && (reserve.appliesTo === 'allDemand' || (reserve.appliesTo === 'ongoingDemand' && ongoing))
      ? units6(x / (1 - reserve.percentage / 100))
      : units6(x);
  const base = { localOnly: false, ongoingOnly: false, group };

  if (requirement.type === 'Investor') {
    const credits = requirement.investorCredits;
    const location = requirement.location;
    if (!credits || !location || credits.module === 'NA')
      return out('Its credits or location are not complete');
    if (!context.round.services.includes('Biodiversity'))
      return out('The round does not trade biodiversity credits');
    const needsType = credits.distinctiveness === 'High' || credits.distinctiveness === 'VeryHigh';
    if (needsType && !credits.habitatType)
      return out(
        'High and very high distinctiveness need a habitat type, which this requirement does not give',
      );
    if (!(credits.units > 0)) return out('It needs no units');
    const investorUnitsProblem = unitsProblem(credits.units, { type: 'Biodiversity' });
    if (investorUnitsProblem !== undefined)
      return out(`Its units cannot be cleared: ${investorUnitsProblem}`);
    return checked([
      {
        id: requirement.id,
        bid: money2(bid.bid),
        type: 'Biodiversity',
        module: credits.module,
        broadHabitat: credits.broadHabitat,
        habitatType: needsType ? credits.habitatType : ANY_HABITAT_TYPE,
        distinctiveness: credits.distinctiveness,
        lpa: context.placeOf(location.lpa),
        nca: location.nca.id,
        subcatchment: null,
        ...base,
        divisible: credits.isDivisible,
        units: [grossUp(credits.units, true)],
      },
    ]);
  }

  const credits = requirement.buyerCredits;
  const development = requirement.development;
  if (!credits || !development) return out('Its credits or development are not complete');
  if (!context.round.services.includes(credits.type))
    return out(`The round does not trade ${CREDIT_TYPE_LABELS[credits.type].toLowerCase()} credits`);
  const lpa = context.placeOf(development.lpa);
  if (credits.type === 'Biodiversity') {
    const distinctiveness = credits.bioDistinctiveness;
    if (!distinctiveness) return out('Its habitat (distinctiveness) is not complete');
    const needsType = distinctiveness === 'High' || distinctiveness === 'VeryHigh';
    if (needsType && !credits.bioHabitatType)
      return out('High and very high distinctiveness need a habitat type');
    if (!((credits.bioUnits ?? 0) > 0)) return out('It needs no units');
    const bioUnitsProblem = unitsProblem(credits.bioUnits, { type: 'Biodiversity' });
    if (bioUnitsProblem !== undefined) return out(`Its units cannot be cleared: ${bioUnitsProblem}`);
    return checked([
      {
        id: requirement.id,
        bid: money2(bid.bid),
        type: 'Biodiversity',
        module: 'Area',
        broadHabitat: credits.bioBroadHabitat,
        habitatType: needsType ? credits.bioHabitatType : ANY_HABITAT_TYPE,
        distinctiveness,
        lpa,
        nca: development.nca?.id ?? null,
        subcatchment: null,
        ...base,
        localOnly: development.localOnly,
        divisible: credits.bioIsDivisible === true,
        units: [grossUp(credits.bioUnits ?? 0, true)],
      },
    ]);
  }

  if (!development.subcatchment) return out('Its development has no subcatchment');
  if (!credits.nutrientType) return out('Its mitigation needed (ongoing, additional or both) is not set');
  for (const [units, label] of [
    [credits.nutrientOngoingUnits, 'ongoing units'],
    [credits.nutrientAdditionalUnits, 'additional units'],
  ] as const) {
    const problem =
      units === null || units === undefined
        ? undefined
        : unitsProblem(units, { type: credits.type, zero: true });
    if (problem !== undefined) return out(`Its ${label} cannot be cleared: ${problem}`);
  }
  const need = requirementNeedByYear(
    {
      nutrientType: credits.nutrientType,
      nutrientOngoingUnits: credits.nutrientOngoingUnits,
      nutrientAdditionalUnits: credits.nutrientAdditionalUnits,
    },
    context.periods,
    context.round.ampEnd,
  );
  const mixedUnits = need.map((y) => units6(grossUp(y.ongoing, true) + grossUp(y.additional, false)));
  if (!mixedUnits.some((u) => u > 0)) return out('It needs no units');
  const nutrient = {
    type: credits.type,
    module: null,
    broadHabitat: null,
    habitatType: null,
    distinctiveness: null,
    lpa,
    nca: null,
    subcatchment: development.subcatchment.id,
    localOnly: false,
    // A development needs its whole mitigation: a nutrient requirement is met wholly or not at all.
    divisible: false,
  };
  const mixed: EngineRequirement = {
    id: requirement.id,
    bid: money2(bid.bid),
    ...nutrient,
    ongoingOnly: false,
    group,
    units: mixedUnits,
  };
  const wantsAlternative =
    credits.nutrientType === 'both' && bid.acceptOngoingOnly && bid.bidOngoingOnly !== null;
  if (!wantsAlternative) return checked([mixed]);
  const alternativeProblem = moneyProblem(bid.bidOngoingOnly);
  if (alternativeProblem !== undefined)
    return out(`Its bid for ongoing units only cannot be cleared: ${alternativeProblem}`);
  const ongoingUnits = need.map((y) => grossUp(y.ongoing, true));
  if (group) {
    leftOut.push({
      kind: 'requirement',
      id: `${requirement.id}${ONGOING_ONLY_SUFFIX}`,
      serviceId: null,
      name: requirement.name,
      reason:
        'Its ongoing-only bid is not cleared: the requirement is in a group, which clears its full need only',
    });
    return checked([mixed]);
  }
  if (!ongoingUnits.some((u) => u > 0)) return checked([mixed]);
  const xor = { id: alternativesGroup(requirement.id), type: 'XOR' as const };
  return checked([
    { ...mixed, group: xor },
    {
      id: `${requirement.id}${ONGOING_ONLY_SUFFIX}`,
      bid: money2(bid.bidOngoingOnly ?? 0),
      ...nutrient,
      ongoingOnly: true,
      group: xor,
      units: ongoingUnits,
    },
  ]);
}

/**
 * Why the engine's own schema refuses one entry, naming the field (e.g. 'Its bid cannot be cleared: ...'); undefined
 * when it takes it. The builder's own checks come first, so this only catches what they do not foresee.
 */
export function entryProblem(schema: ZodType, entry: unknown): string | undefined {
  const parsed = schema.safeParse(entry);
  if (parsed.success) return undefined;
  const [issue] = parsed.error.issues;
  if (!issue) return undefined;
  const field = issue.path.filter((part) => typeof part === 'string').join(' ') || 'entry';
  return `Its ${field} cannot be cleared: ${issue.message}`;
}
