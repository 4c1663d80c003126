import {
  type CreditRequirementStatus,
  type CreditType,
  type Distinctiveness,
  firstDeliveryYear,
  type NutrientRequirementType,
  roundYearlyPeriods,
} from '@curlew/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { marketRounds } from './modules/markets/markets.tables.ts';
import { organisations } from './modules/organisations/organisations.tables.ts';
import { lpas, ncas, subcatchments } from './modules/refdata/refdata.tables.ts';
import { insertGroup } from './modules/requirement-groups/requirement-groups.repo.ts';
import { type CreditLine, replaceCredits, writeBid } from './modules/requirements/requirements.repo.ts';
import { creditRequirements } from './modules/requirements/requirements.tables.ts';
import type { Transaction } from './platform/db/connect.ts';
import { DEMO_ROUNDS } from './seed.rounds.ts';

/** An organisation's name (a requirement keeps its owner's for the list's sort). */
const nameOf = async (tx: Transaction, id: string): Promise<string> => {
  const [row] = await tx
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, id));
  return row?.name ?? '';
};

/** National Character Areas of the demo developments, with their Natural England numbers. */
const DEMO_NCAS = [
  { number: 126, name: 'South Coast Plain' },
  { number: 128, name: 'South Hampshire Lowlands' },
  { number: 152, name: 'Cornish Killas' },
] as const;

type Round = keyof typeof DEMO_ROUNDS;

interface DemoRequirement {
  name: string;
  owner: 'buyer' | 'investor';
  round: Round;
  status: CreditRequirementStatus;
  byAgent?: boolean;
  credits?:
    | {
        type: 'Biodiversity';
        broadHabitat: string;
        habitatType?: string;
        distinctiveness: Distinctiveness;
        units: number;
        divisible: boolean;
      }
    | {
        type: Exclude<CreditType, 'Biodiversity'>;
        nutrientType: NutrientRequirementType;
        ongoing?: number;
        additional?: number;
        acceptOngoingOnly?: boolean;
      };
  development?: {
    planningRef: string;
    redemptionDate: string;
    lpa: string;
    nca?: string;
    nearAddress: string;
    gridReference?: string;
    localOnly?: boolean;
  };
  investor?: {
    units: number;
    redemptionDate: string;
    distinctiveness: Distinctiveness;
    broadHabitat: string;
    lpa: string;
    nca: string;
  };
  bid?: { bid: number; bidOngoingOnly?: number };
  group?: string;
}

const solentNitrogen = (ongoing: number | undefined, additional: number | undefined) => ({
  type: 'NutrientMitigationNitrogen' as const,
  nutrientType: (ongoing !== undefined && additional !== undefined
    ? 'both'
    : ongoing !== undefined
      ? 'ongoing'
      : 'additional') as NutrientRequirementType,
  ...(ongoing === undefined ? {} : { ongoing }),
  ...(additional === undefined ? {} : { additional }),
});

/** The demo requirements: every stage, every credit type, bids in pounds for the whole need. */
export const DEMO_REQUIREMENTS: readonly DemoRequirement[] = [
  {
    name: 'Woolston Riverside homes - nitrogen',
    owner: 'buyer',
    round: 'open',
    status: 'Draft',
    credits: { ...solentNitrogen(12.4, 31), acceptOngoingOnly: false },
  },
  {
    name: 'Hedge End Grange - biodiversity',
    owner: 'buyer',
    round: 'open',
    status: 'Registered',
    byAgent: true,
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Grassland',
      habitatType: 'Other neutral grassland',
      distinctiveness: 'Medium',
      units: 8.6,
      divisible: true,
    },
    development: {
      planningRef: 'F/25/98012',
      redemptionDate: '2027-03-31',
      lpa: 'Eastleigh LPA',
      nca: 'South Hampshire Lowlands',
      nearAddress: 'Maddoxford Lane, Boorley Green, SO32 2DG',
      gridReference: 'SU 50617 14450',
    },
  },
  {
    name: 'Truro Eastern District Centre - biodiversity',
    owner: 'buyer',
    round: 'open',
    status: 'Provisional',
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Woodland and forest',
      habitatType: 'Lowland mixed deciduous woodland',
      distinctiveness: 'High',
      units: 5.1,
      divisible: false,
    },
    development: {
      planningRef: 'PA25/01734',
      redemptionDate: '2027-09-30',
      lpa: 'Cornwall LPA',
      nca: 'Cornish Killas',
      nearAddress: 'Tregurra Lane, Truro, TR1 1RX',
    },
  },
  {
    name: 'Greenshank grassland units 2026',
    owner: 'investor',
    round: 'open',
    status: 'Provisional',
    investor: {
      units: 25,
      redemptionDate: '2028-03-31',
      distinctiveness: 'Medium',
      broadHabitat: 'Grassland',
      lpa: 'Southampton LPA',
      nca: 'South Hampshire Lowlands',
    },
  },
  {
    name: 'Portsmouth Harbour Quarter - nitrogen',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    byAgent: true,
    credits: { ...solentNitrogen(38, 120), acceptOngoingOnly: true },
    development: {
      planningRef: '24/01122/FUL',
      redemptionDate: '2026-12-31',
      lpa: 'Portsmouth LPA',
      nearAddress: 'The Hard, Portsmouth, PO1 3DT',
      localOnly: true,
    },
    bid: { bid: 1_950_000, bidOngoingOnly: 1_200_000 },
    group: 'Portsmouth Harbour Quarter',
  },
  {
    name: 'Portsmouth Harbour Quarter - phosphorus',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    credits: { type: 'NutrientMitigationPhosphorous', nutrientType: 'ongoing', ongoing: 4.2 },
    development: {
      planningRef: '24/01122/FUL',
      redemptionDate: '2026-12-31',
      lpa: 'Portsmouth LPA',
      nearAddress: 'The Hard, Portsmouth, PO1 3DT',
    },
    bid: { bid: 310_000 },
    group: 'Portsmouth Harbour Quarter',
  },
  {
    name: 'Portsmouth Harbour Quarter - biodiversity',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Grassland',
      habitatType: 'Other neutral grassland',
      distinctiveness: 'Medium',
      units: 14.5,
      divisible: true,
    },
    development: {
      planningRef: '24/01122/FUL',
      redemptionDate: '2027-03-31',
      lpa: 'Portsmouth LPA',
      nca: 'South Coast Plain',
      nearAddress: 'The Hard, Portsmouth, PO1 3DT',
    },
    bid: { bid: 420_000 },
    group: 'Portsmouth Harbour Quarter',
  },
  {
    name: 'Welborne phase 2 - nitrogen',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    credits: solentNitrogen(62, undefined),
    development: {
      planningRef: 'P/25/0456/OA',
      redemptionDate: '2027-06-30',
      lpa: 'Fareham LPA',
      nearAddress: 'Knowle Road, Welborne, PO17 5AA',
      localOnly: true,
    },
    bid: { bid: 1_540_000 },
  },
  {
    name: 'Southleigh Park - nitrogen',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    credits: solentNitrogen(undefined, 45),
    development: {
      planningRef: 'APP/25/00211',
      redemptionDate: '2027-01-31',
      lpa: 'Havant LPA',
      nearAddress: 'Southleigh Road, Emsworth, PO10 7TQ',
    },
    bid: { bid: 540_000 },
  },
  {
    name: 'Chickenhall Lane - heathland',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    byAgent: true,
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Heathland and shrub',
      habitatType: 'Lowland heathland',
      distinctiveness: 'High',
      units: 6.8,
      divisible: false,
    },
    development: {
      planningRef: 'F/25/97730',
      redemptionDate: '2027-03-31',
      lpa: 'Eastleigh LPA',
      nca: 'South Hampshire Lowlands',
      nearAddress: 'Chickenhall Lane, Eastleigh, SO50 6RP',
      localOnly: true,
    },
    bid: { bid: 272_000 },
  },
  {
    name: 'Itchen Riverside - wetland',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Wetland',
      habitatType: 'Reedbeds',
      distinctiveness: 'High',
      units: 3.2,
      divisible: true,
    },
    development: {
      planningRef: '25/00318/FUL',
      redemptionDate: '2027-06-30',
      lpa: 'Southampton LPA',
      nca: 'South Hampshire Lowlands',
      nearAddress: 'Chapel Riverside, Southampton, SO14 5BY',
    },
    bid: { bid: 176_000 },
  },
  {
    name: 'Botley Road - field margins',
    owner: 'buyer',
    round: 'bidding',
    status: 'Bid',
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Cropland',
      habitatType: 'Cereal crops',
      distinctiveness: 'Low',
      units: 9,
      divisible: true,
    },
    development: {
      planningRef: 'F/25/98110',
      redemptionDate: '2026-12-31',
      lpa: 'Eastleigh LPA',
      nca: 'South Hampshire Lowlands',
      nearAddress: 'Botley Road, Fair Oak, SO50 7AP',
    },
    bid: { bid: 153_000 },
  },
  {
    name: 'Greenshank lowland meadows fund',
    owner: 'investor',
    round: 'bidding',
    status: 'Bid',
    investor: {
      units: 20,
      redemptionDate: '2028-03-31',
      distinctiveness: 'VeryHigh',
      broadHabitat: 'Grassland',
      lpa: 'Southampton LPA',
      nca: 'South Hampshire Lowlands',
    },
    bid: { bid: 880_000 },
  },
  {
    name: 'Newport Pan Meadows - nitrogen',
    owner: 'buyer',
    round: 'bidding',
    status: 'Registered',
    credits: solentNitrogen(21, 40),
    development: {
      planningRef: '24/00987/OUT',
      redemptionDate: '2027-03-31',
      lpa: 'Isle of Wight LPA',
      nearAddress: 'Pan Lane, Newport, PO30 2PJ',
    },
  },
  {
    name: 'Hamble Lane - nitrogen',
    owner: 'buyer',
    round: 'closed',
    status: 'Registered',
    credits: solentNitrogen(17.5, undefined),
    development: {
      planningRef: 'F/25/96540',
      redemptionDate: '2026-09-30',
      lpa: 'Eastleigh LPA',
      nearAddress: 'Hamble Lane, Hamble-le-Rice, SO31 4QJ',
    },
  },
  {
    name: 'Whiteley Meadows - biodiversity',
    owner: 'buyer',
    round: 'closed',
    status: 'Registered',
    credits: {
      type: 'Biodiversity',
      broadHabitat: 'Grassland',
      habitatType: 'Other neutral grassland',
      distinctiveness: 'Medium',
      units: 11,
      divisible: true,
    },
    development: {
      planningRef: 'P/25/0210/FP',
      redemptionDate: '2026-12-31',
      lpa: 'Fareham LPA',
      nca: 'South Hampshire Lowlands',
      nearAddress: 'Whiteley Way, Whiteley, PO15 7LA',
    },
  },
];

/**
 * The demo credit requirements in the demo rounds (MARKET.md sections 2-3): a Draft half-way through the wizard, registered
 * and provisional ones, eleven in the round open for bids (every credit type, sealed bids in pounds, one AND group,
 * some local-only, one without a bid) and two in the closed round. The demo LPA organisation is linked to its
 * reference LPA so that it sees the developments in its area.
 */
export async function seedDemoRequirements(
  tx: Transaction,
  context: { now: Date; idOf(key: string): string },
): Promise<void> {
  const { now, idOf } = context;
  await tx
    .insert(ncas)
    .values(DEMO_NCAS.map((nca) => ({ ...nca, createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
  const ncaRows = await tx
    .select({ id: ncas.id, name: ncas.name })
    .from(ncas)
    .where(
      inArray(
        ncas.name,
        DEMO_NCAS.map((nca) => nca.name),
      ),
    );
  const lpaRows = await tx.select({ id: lpas.id, name: lpas.name, code: lpas.code }).from(lpas);
  const [solent] = await tx
    .select({ id: subcatchments.id })
    .from(subcatchments)
    .where(eq(subcatchments.name, 'Solent'));
  const rounds = await tx
    .select()
    .from(marketRounds)
    .where(inArray(marketRounds.name, Object.values(DEMO_ROUNDS)));
  const roundOf = (key: Round) => {
    const round = rounds.find((row) => row.name === DEMO_ROUNDS[key]);
    if (!round) throw new Error(`Demo round ${DEMO_ROUNDS[key]} is missing`);
    return round;
  };
  const lpaId = (name: string) => lpaRows.find((row) => row.name === name)?.id ?? null;
  const ncaId = (name: string | undefined) => ncaRows.find((row) => row.name === name)?.id ?? null;
  const cornwall = lpaRows.find((row) => row.code === 'E60000291');
  if (cornwall)
    await tx
      .update(organisations)
      .set({ lpaId: cornwall.id })
      .where(and(eq(organisations.id, idOf('lpa')), isNull(organisations.lpaId)));

  const groups = new Map<string, { buyerId: string; roundId: string; ids: string[] }>();
  for (const [index, demo] of DEMO_REQUIREMENTS.entries()) {
    const round = roundOf(demo.round);
    const createdAt = new Date(now.getTime() - (DEMO_REQUIREMENTS.length - index) * 60 * 60 * 1000);
    const credits = demo.credits;
    const bio = credits?.type === 'Biodiversity' ? credits : undefined;
    const nutrient = credits !== undefined && credits.type !== 'Biodiversity' ? credits : undefined;
    const place = demo.development;
    const [row] = await tx
      .insert(creditRequirements)
      .values({
        name: demo.name,
        type: demo.owner === 'buyer' ? 'Buyer' : 'Investor',
        status: demo.status,
        buyerId: idOf(demo.owner),
        buyerName: await nameOf(tx, idOf(demo.owner)),
        agentId: demo.byAgent ? idOf('agent') : null,
        marketId: round.marketId,
        marketRoundId: round.id,
        creditType: credits?.type ?? null,
        bioBroadHabitat: bio?.broadHabitat ?? null,
        bioHabitatType: bio?.habitatType ?? null,
        bioDistinctiveness: bio?.distinctiveness ?? null,
        bioUnits: bio?.units ?? null,
        bioIsDivisible: bio?.divisible ?? null,
        nutrientType: nutrient?.nutrientType ?? null,
        nutrientOngoingUnits: nutrient?.ongoing ?? null,
        nutrientAdditionalUnits: nutrient?.additional ?? null,
        nutrientAcceptOngoingOnly:
          nutrient?.nutrientType === 'both' ? (nutrient.acceptOngoingOnly ?? false) : null,
        developmentCreditType: place ? (credits?.type ?? null) : null,
        planningRef: place?.planningRef ?? null,
        redemptionDate: place?.redemptionDate ?? demo.investor?.redemptionDate ?? null,
        lpaId: place ? lpaId(place.lpa) : demo.investor ? lpaId(demo.investor.lpa) : null,
        ncaId: place ? ncaId(place.nca) : demo.investor ? ncaId(demo.investor.nca) : null,
        subcatchmentId: place && nutrient ? (solent?.id ?? null) : null,
        nearAddress: place?.nearAddress ?? null,
        gridReference: place?.gridReference ?? null,
        localOnly: place?.localOnly ?? false,
        investorUnits: demo.investor?.units ?? null,
        investorIsDivisible: demo.investor ? true : null,
        investorModule: demo.investor ? 'Area' : null,
        investorDistinctiveness: demo.investor?.distinctiveness ?? null,
        investorBroadHabitat: demo.investor?.broadHabitat ?? null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: creditRequirements.id });
    if (!row) throw new Error(`Demo requirement ${demo.name} was not inserted`);
    const lines: CreditLine[] = [];
    if (bio) lines.push({ type: 'Biodiversity', requiredUnits: bio.units, isPermanent: true, years: null });
    if (demo.investor)
      lines.push({
        type: 'Biodiversity',
        requiredUnits: demo.investor.units,
        isPermanent: true,
        years: null,
      });
    if (nutrient?.ongoing !== undefined)
      lines.push({ type: nutrient.type, requiredUnits: nutrient.ongoing, isPermanent: true, years: null });
    if (nutrient?.additional !== undefined) {
      const closes = round.registrationDates.requirements?.end ?? now;
      const years = roundYearlyPeriods({
        firstDeliveryYear: firstDeliveryYear(closes),
        ampEnd: round.ampEnd,
      }).length;
      lines.push({ type: nutrient.type, requiredUnits: nutrient.additional, isPermanent: false, years });
    }
    await replaceCredits(tx, row.id, lines, createdAt);
    if (demo.bid)
      await writeBid(tx, {
        requirementId: row.id,
        bid: demo.bid.bid,
        acceptOngoingOnly: demo.bid.bidOngoingOnly !== undefined,
        bidOngoingOnly: demo.bid.bidOngoingOnly ?? null,
        setBy: null,
        now: createdAt,
      });
    if (demo.group) {
      const group = groups.get(demo.group) ?? { buyerId: idOf(demo.owner), roundId: round.id, ids: [] };
      group.ids.push(row.id);
      groups.set(demo.group, group);
    }
  }
  for (const [name, group] of groups)
    await insertGroup(
      tx,
      {
        id: crypto.randomUUID(),
        name,
        buyerId: group.buyerId,
        marketRoundId: group.roundId,
        createdBy: null,
        now,
      },
      group.ids,
    );
}
