import type { Requirement } from './instance.schema.ts';
import type { Allocation } from './model/allocation.ts';
import type { PreparedRound } from './model/prepare.ts';
import { judgePair, type Neighbours, neighboursOf, requiredUnits } from './rules/compatibility.ts';

/** The words shown to a participant whose project or requirement did not (fully) win. */
export const REASONS = {
  noSupply: 'No project in this round offers credits it can use (credit type, habitat, place and years).',
  noSupplyOngoing:
    'No project in this round offers permanent (ongoing) credits it can use; it accepts ongoing credits only.',
  noSupplyLocal:
    'No project in its own LPA or NCA offers credits it can use; it accepts local credits only (multiplier 1).',
  xorRequirement: (group: string) =>
    `Another requirement in its group ${group} was met instead (at most one may be).`,
  andRequirementNoSupply: (group: string, partner: string) =>
    `Its group ${group} is all-or-none and partner requirement ${partner} has no compatible supply.`,
  andRequirement: (group: string) =>
    `Its group ${group} is all-or-none and the group's bids together do not cover the supply it needs.`,
  partly: (percent: string) =>
    `Partly met (${percent}%): the rest of the compatible supply would cost more than the rest of its bid.`,
  partlySoldOut: (percent: string) =>
    `Partly met (${percent}%): the round had no more compatible supply for sale (credit type, habitat, place and years).`,
  outbid: (bid: string) =>
    `Its bid of ${bid} is below what the compatible supply costs: the supply that won went to higher bids, and no further project can be covered by it.`,
  bidTooLow: (bid: string) => `Its bid of ${bid} is below what the compatible supply costs.`,
  noDemand: 'No requirement in this round can use its credits (credit type, habitat, place and years).',
  pruned: (offer: string) =>
    `Its offer of ${offer} is above the bids of every requirement it could serve, together.`,
  xorProject: (group: string) => `Another project in its group ${group} won instead (at most one may win).`,
  andProjectNoDemand: (group: string, partner: string) =>
    `Its group ${group} is all-or-none and partner project ${partner} has no requirement to serve.`,
  andProject: (group: string) =>
    `Its group ${group} is all-or-none and the group's offers together are above what buyers bid for it.`,
  cheaperWon: 'A cheaper alternative won: other projects met the requirements it could serve at lower cost.',
  offerTooHigh: (offer: string) =>
    `Its offer of ${offer} is above what the requirements it could serve bid for it.`,
} as const;

const pounds = (value: number) =>
  `£${value.toLocaleString('en-GB', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** A reason for each requirement not fully met (null when met in full), in canonical order. */
export function requirementReasons(round: PreparedRound, allocation: Allocation): (string | null)[] {
  const won = new Set(allocation.won.flatMap((w, p) => (w ? [p] : [])));
  const members = membersByGroup(round.requirements);
  const neighbours = neighboursOf(round.instance);
  const unsold = unsoldUnits(round, allocation);
  return round.requirements.map((requirement, r) => {
    const fill = allocation.fill[r] ?? 0;
    if (fill >= 1) return null;
    if (fill > 0) {
      // Up to two decimals without trailing zeros, as the review shows a part-fill ('96.92', '62.5', '75'), rounded
      // down so that a part-fill never reads 100.
      const percent = String(Math.floor(fill * 10_000 + 1e-6) / 100);
      return supplyLeftFor(round, r, won, unsold, neighbours)
        ? REASONS.partly(percent)
        : REASONS.partlySoldOut(percent);
    }
    const compatible = round.compatibleProjects[r] ?? [];
    if (compatible.length === 0) return noSupplyReason(round, requirement, neighbours);
    const group = requirement.group;
    const siblings = group ? (members.get(group.id) ?? []) : [];
    if (group?.type === 'XOR' && siblings.some((i) => i !== r && (allocation.fill[i] ?? 0) > 0)) {
      return REASONS.xorRequirement(group.id);
    }
    if (group?.type === 'AND') {
      const stranded = siblings.find((i) => (round.compatibleProjects[i] ?? []).length === 0);
      const partner = stranded === undefined ? undefined : round.requirements[stranded];
      return partner
        ? REASONS.andRequirementNoSupply(group.id, partner.id)
        : REASONS.andRequirement(group.id);
    }
    return compatible.some((p) => won.has(p))
      ? REASONS.outbid(pounds(requirement.bid))
      : REASONS.bidTooLow(pounds(requirement.bid));
  });
}

/** Units of each supply credit (by position in `round.credits`) left unsold in each period. */
function unsoldUnits(round: PreparedRound, allocation: Allocation): number[][] {
  const left = round.credits.map((credit) => [...credit.sellable]);
  for (const flow of allocation.flows) {
    const periods = left[flow.credit];
    if (periods !== undefined) periods[flow.period] = (periods[flow.period] ?? 0) - flow.units;
  }
  return left;
}

/** Below this many units a credit counts as sold out: less than an allocation's smallest step (0.01 unit) rounds to. */
const SOLD_OUT = 0.005;

/**
 * Whether supply requirement `r` could use was left: a compatible project that did not win (its offer would cost
 * more), or units of a winning project's compatible credit unsold in a period the requirement needs.
 */
function supplyLeftFor(
  round: PreparedRound,
  r: number,
  won: ReadonlySet<number>,
  unsold: number[][],
  neighbours: Neighbours,
): boolean {
  const requirement = round.requirements[r];
  if (requirement === undefined) return false;
  return (round.compatibleProjects[r] ?? []).some((p) => {
    if (!won.has(p)) return true;
    const project = round.projects[p];
    if (project === undefined) return false;
    return (round.creditsOfProject[p] ?? []).some((c) => {
      const credit = project.credits[round.credits[c]?.index ?? -1];
      if (credit === undefined) return false;
      if (!judgePair(project, credit, requirement, round.instance, neighbours).compatible) return false;
      return (unsold[c] ?? []).some((units, t) => units > SOLD_OUT && requiredUnits(requirement, t) > 0);
    });
  });
}

/** Positions of the members of each group, by group id. */
function membersByGroup(items: { group?: { id: string } | null | undefined }[]): Map<string, number[]> {
  const members = new Map<string, number[]>();
  items.forEach((item, i) => {
    if (item.group) members.set(item.group.id, [...(members.get(item.group.id) ?? []), i]);
  });
  return members;
}

function noSupplyReason(round: PreparedRound, requirement: Requirement, neighbours: Neighbours): string {
  const relaxed = (changes: Partial<Requirement>) => {
    const candidate = { ...requirement, ...changes };
    return round.projects.some((project) =>
      project.credits.some(
        (credit) => judgePair(project, credit, candidate, round.instance, neighbours).compatible,
      ),
    );
  };
  if (requirement.ongoingOnly && relaxed({ ongoingOnly: false })) return REASONS.noSupplyOngoing;
  if (requirement.localOnly && relaxed({ localOnly: false })) return REASONS.noSupplyLocal;
  return REASONS.noSupply;
}

/** A reason for each project that did not win (null when it won), in canonical order. */
export function projectReasons(round: PreparedRound, allocation: Allocation): (string | null)[] {
  const demandOf = round.projects.map(() => [] as number[]);
  round.compatibleProjects.forEach((projects, r) => {
    for (const p of projects) demandOf[p]?.push(r);
  });
  const members = membersByGroup(round.projects);
  return round.projects.map((project, p) => {
    if (allocation.won[p]) return null;
    const demand = demandOf[p] ?? [];
    if (demand.length === 0 && !project.group) return REASONS.noDemand;
    if (round.prunedProjects.has(p)) return REASONS.pruned(pounds(project.offer));
    const group = project.group;
    const siblings = group ? (members.get(group.id) ?? []) : [];
    if (group?.type === 'XOR' && siblings.some((i) => i !== p && allocation.won[i])) {
      return REASONS.xorProject(group.id);
    }
    if (group?.type === 'AND') {
      const stranded = siblings.find((i) => (demandOf[i] ?? []).length === 0);
      const partner = stranded === undefined ? undefined : round.projects[stranded];
      return partner ? REASONS.andProjectNoDemand(group.id, partner.id) : REASONS.andProject(group.id);
    }
    if (demand.length === 0) return REASONS.noDemand;
    return demand.some((r) => (allocation.fill[r] ?? 0) > 0)
      ? REASONS.cheaperWon
      : REASONS.offerTooHigh(pounds(project.offer));
  });
}
