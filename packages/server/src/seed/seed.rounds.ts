import type { DeclarationCategory, ParticipationCapacity, RegistrationStatus } from '@curlew/domain';
import { eq, inArray } from 'drizzle-orm';
import { agentAuthorities, agentClients } from '../modules/agent-authorities/agent-authorities.tables.ts';
import { participations } from '../modules/participations/participations.tables.ts';
import {
  declarations,
  lpas,
  projectTypes,
  standards,
  subcatchments,
} from '../modules/refdata/refdata.tables.ts';
import { marketRounds, roundDeclarations } from '../modules/rounds/rounds.tables.ts';
import type { Transaction } from '../platform/db/connect.ts';
import { dayFrom, daysBefore, demoRoundNames, historyYear } from './seed.dates.ts';

/**
 * The demo market's rounds: one being set up (part way: its page lists what it still needs), one open for registration, one open for bids and offers (with
 * biodiversity, nitrogen and phosphorus), one closed.
 */
export const DEMO_ROUNDS = demoRoundNames(new Date());

/**
 * When each demo round was set up and its registration windows, from the day it is seeded: last year's closed and
 * bidding rounds in last year's autumn (the bidding round has stayed open for bids and offers since), this year's
 * open round with its windows open today, its draft round today with its windows from a fortnight on.
 */
const roundCalendar = (now: Date) => {
  const last = historyYear(now, 2025);
  const span = (start: string, end: string) => ({ start: `${last}-${start}`, end: `${last}-${end}` });
  const window = (from: number, to: number) => ({ start: dayFrom(now, from), end: dayFrom(now, to) });
  return {
    closed: {
      createdAt: new Date(`${last}-06-02T10:00:00Z`),
      registrationDates: {
        suppliers: span('06-16', '08-15'),
        buyers: span('06-16', '08-15'),
        projects: span('06-23', '08-29'),
        requirements: span('06-23', '08-29'),
      },
    },
    bidding: {
      createdAt: new Date(`${last}-08-04T10:00:00Z`),
      registrationDates: {
        suppliers: span('08-18', '10-10'),
        buyers: span('08-18', '10-10'),
        projects: span('08-25', '10-24'),
        requirements: span('08-25', '10-24'),
      },
    },
    open: {
      // A month ago, within this year (its name's).
      createdAt: new Date(Math.max(daysBefore(now, 30).getTime(), Date.UTC(now.getUTCFullYear(), 0, 1, 9))),
      registrationDates: {
        suppliers: window(-14, 30),
        // closes within the week: the operator's home lists it
        buyers: window(-14, 6),
        projects: window(-7, 45),
        requirements: window(-7, 45),
      },
    },
    draft: {
      registrationDates: {
        suppliers: window(14, 60),
        buyers: window(14, 60),
        projects: window(21, 75),
        requirements: window(21, 75),
      },
    },
  };
};

const DEMO_DECLARATIONS: { name: string; text: string; category: DeclarationCategory }[] = [
  {
    name: 'Accurate information',
    text: 'The information given in this registration is accurate and complete.',
    category: 'MarketRoundParticipant_Register',
  },
  {
    name: 'Right to register the land',
    text: 'I have the right to register this land and its habitats in the market round.',
    category: 'MarketRoundProject_Register',
  },
  {
    name: 'Genuine need for credits',
    text: 'This credit requirement reflects a genuine need for credits for a planned development.',
    category: 'MarketRoundCreditRequirement_Register',
  },
  {
    name: 'Binding offer',
    text: 'My offer is binding if the project wins in this market round.',
    category: 'MarketRoundProject_Offer',
  },
  {
    name: 'Binding bid',
    text: 'My bid is binding if the credit requirement is matched in this market round.',
    category: 'MarketRoundCreditRequirement_Bid',
  },
];

const SOLENT_LPAS = [
  'Southampton LPA',
  'Portsmouth LPA',
  'Eastleigh LPA',
  'Fareham LPA',
  'Havant LPA',
  'Isle of Wight LPA',
];

/**
 * The demo market's rounds with reference rows they name (a standard, project types, declarations) and
 * participants in several statuses, one of them registered by the demo agent under approved authority.
 */
export async function seedDemoRounds(
  tx: Transaction,
  context: { marketId: string; now: Date; idOf(key: string): string },
): Promise<void> {
  const { marketId, now, idOf } = context;
  const [standard] = await tx
    .insert(standards)
    .values({ name: 'Statutory biodiversity metric', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: standards.id });
  const types = await tx
    .insert(projectTypes)
    .values([
      { name: 'Habitat creation', createdAt: now, updatedAt: now },
      { name: 'Habitat enhancement', createdAt: now, updatedAt: now },
    ])
    .onConflictDoNothing()
    .returning({ id: projectTypes.id });
  const asked = await tx
    .insert(declarations)
    .values(
      DEMO_DECLARATIONS.map((declaration) => ({
        ...declaration,
        isForAgents: true,
        isForParticipants: true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: declarations.id, category: declarations.category });
  const places = await tx.select({ id: lpas.id }).from(lpas).where(inArray(lpas.name, SOLENT_LPAS));
  const setup = {
    services: ['Biodiversity' as const],
    standardIds: standard ? [standard.id] : [],
    projectTypeIds: types.map((type) => type.id),
    lpaIds: places.map((place) => place.id),
    bidderType: 'BuyersAndInvestors' as const,
  };
  const solent = await tx
    .select({ id: subcatchments.id })
    .from(subcatchments)
    .where(inArray(subcatchments.name, ['Solent']));
  const calendar = roundCalendar(now);
  const rounds = await tx
    .insert(marketRounds)
    .values([
      {
        marketId,
        name: DEMO_ROUNDS.closed,
        status: 'Closed',
        ...setup,
        registrationDates: calendar.closed.registrationDates,
        reservePercentage: 15,
        reserveAppliesTo: 'allDemand',
        reserveAgreedWithEMB: true,
        createdAt: calendar.closed.createdAt,
        updatedAt: now,
      },
      {
        marketId,
        name: DEMO_ROUNDS.open,
        status: 'Open',
        ...setup,
        registrationDates: calendar.open.registrationDates,
        reservePercentage: 15,
        reserveAppliesTo: 'allDemand',
        reserveAgreedWithEMB: true,
        createdAt: calendar.open.createdAt,
        updatedAt: now,
      },
      {
        marketId,
        name: DEMO_ROUNDS.bidding,
        status: 'OpenForBidsAndOffers',
        ...setup,
        services:
          solent.length > 0
            ? ['Biodiversity', 'NutrientMitigationNitrogen', 'NutrientMitigationPhosphorous']
            : ['Biodiversity'],
        subcatchmentIds: solent.map((row) => row.id),
        ampEnd: solent.length > 0 ? '2030-03-31' : null,
        registrationDates: calendar.bidding.registrationDates,
        reservePercentage: 15,
        reserveAppliesTo: 'allDemand',
        reserveAgreedWithEMB: true,
        createdAt: calendar.bidding.createdAt,
        updatedAt: now,
      },
      {
        marketId,
        name: DEMO_ROUNDS.draft,
        status: 'Draft',
        ...setup,
        // Part set up: its windows are set, its reserve awaits the EMB's agreement and three declaration
        // categories have none yet, so its page lists what is still needed before it opens.
        registrationDates: calendar.draft.registrationDates,
        reservePercentage: 15,
        reserveAppliesTo: 'allDemand',
        reserveAgreedWithEMB: false,
        createdAt: now,
        updatedAt: now,
      },
    ])
    .returning({ id: marketRounds.id, name: marketRounds.name });
  const roundId = (name: string): string => {
    const id = rounds.find((round) => round.name === name)?.id;
    if (!id) throw new Error(`Demo round ${name} was not inserted`);
    return id;
  };
  const open = roundId(DEMO_ROUNDS.open);
  const closed = roundId(DEMO_ROUNDS.closed);
  const bidding = roundId(DEMO_ROUNDS.bidding);
  const draftAsks: readonly DeclarationCategory[] = [
    'MarketRoundParticipant_Register',
    'MarketRoundProject_Register',
  ];
  await tx.insert(roundDeclarations).values([
    ...[open, bidding, closed].flatMap((marketRoundId) =>
      asked.map((declaration) => ({
        marketRoundId,
        declarationId: declaration.id,
        category: declaration.category,
        createdAt: now,
      })),
    ),
    ...asked
      .filter((declaration) => draftAsks.includes(declaration.category))
      .map((declaration) => ({
        marketRoundId: roundId(DEMO_ROUNDS.draft),
        declarationId: declaration.id,
        category: declaration.category,
        createdAt: now,
      })),
  ]);
  // The demo agent acts for the buyer in the open round with approved authority.
  await tx.insert(agentClients).values({
    agentOrganisationId: idOf('agent'),
    clientOrganisationId: idOf('buyer'),
    createdAt: now,
  });
  // In the round open for bids it acts for the supplier too (so it can set offers for its projects).
  await tx.insert(agentClients).values({
    agentOrganisationId: idOf('agent'),
    clientOrganisationId: idOf('supplier'),
    createdAt: now,
  });
  // In the open round it also acts for the investor, registering its credit requirements.
  await tx.insert(agentClients).values({
    agentOrganisationId: idOf('agent'),
    clientOrganisationId: idOf('investor'),
    createdAt: now,
  });
  const authority = (marketRoundId: string, client: string) => ({
    marketRoundId,
    clientOrganisationId: idOf(client),
    agentOrganisationId: idOf('agent'),
    permissions: ['RegisterForRound' as const, 'MakeOffersOrBids' as const],
    approved: true,
    // Given by the clients themselves.
    clientConfirmation: 'Confirmed' as const,
    approvedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await tx
    .insert(agentAuthorities)
    .values([
      authority(open, 'buyer'),
      authority(open, 'investor'),
      authority(bidding, 'buyer'),
      authority(bidding, 'supplier'),
    ]);
  // Last year's participants registered when their rounds' windows opened; this year's today.
  const registeredOn = new Map([
    [closed, new Date(`${calendar.closed.registrationDates.suppliers.start}T10:00:00Z`)],
    [bidding, new Date(`${calendar.bidding.registrationDates.suppliers.start}T10:00:00Z`)],
  ]);
  const take = (
    marketRoundId: string,
    key: string,
    capacity: ParticipationCapacity,
    status: RegistrationStatus,
    agent?: string,
  ) => ({
    marketRoundId,
    organisationId: idOf(key),
    capacity,
    status,
    agentOrganisationId: agent === undefined ? null : idOf(agent),
    createdAt: registeredOn.get(marketRoundId) ?? now,
    updatedAt: registeredOn.get(marketRoundId) ?? now,
  });
  await tx
    .insert(participations)
    .values([
      take(open, 'supplier', 'Supplier', 'Registered'),
      take(open, 'buyer', 'Buyer', 'Provisional', 'agent'),
      take(open, 'investor', 'Investor', 'Registered', 'agent'),
      take(bidding, 'supplier', 'Supplier', 'Registered', 'agent'),
      take(bidding, 'buyer', 'Buyer', 'Registered', 'agent'),
      take(bidding, 'investor', 'Investor', 'Registered'),
      take(closed, 'supplier', 'Supplier', 'Registered'),
      take(closed, 'buyer', 'Buyer', 'Registered'),
      take(closed, 'investor', 'Investor', 'Withdrawn'),
    ]);
}

/**
 * An authority the demo agent filed for the supplier in Round 1 2026 (to make its offers), awaiting the supplier's
 * answer: the supplier confirms or declines it on its home page, the operator sees it unconfirmed.
 */
export async function seedDemoAuthorityToConfirm(
  tx: Transaction,
  context: { now: Date; idOf(key: string): string; userIdOf(username: string): string },
): Promise<void> {
  const { now, idOf, userIdOf } = context;
  const [round] = await tx
    .select({ id: marketRounds.id })
    .from(marketRounds)
    .where(eq(marketRounds.name, DEMO_ROUNDS.open));
  if (!round) throw new Error(`Demo round ${DEMO_ROUNDS.open} was not inserted`);
  await tx.insert(agentAuthorities).values({
    marketRoundId: round.id,
    clientOrganisationId: idOf('supplier'),
    agentOrganisationId: idOf('agent'),
    permissions: ['MakeOffersOrBids'],
    approved: null,
    clientConfirmation: 'Pending',
    createdBy: userIdOf('agent'),
    createdAt: now,
    updatedAt: now,
  });
}
