import { firstDeliveryYear, roundYearlyPeriods } from '@curlew/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { organisations } from '../modules/organisations/organisations.tables.ts';
import { lpas, ncas, subcatchments } from '../modules/refdata/refdata.tables.ts';
import { insertGroup } from '../modules/requirement-groups/requirement-groups.repo.ts';
import { type CreditLine, replaceCredits, writeBid } from '../modules/requirements/requirements.repo.ts';
import { creditRequirements } from '../modules/requirements/requirements.tables.ts';
import { marketRounds } from '../modules/rounds/rounds.tables.ts';
import type { Transaction } from '../platform/db/connect.ts';
import { DEMO_NCAS, DEMO_REQUIREMENTS, type Round } from './seed.requirements.data.ts';
import { DEMO_ROUNDS } from './seed.rounds.ts';

/** An organisation's name (a requirement keeps its owner's for the list's sort). */
const nameOf = async (tx: Transaction, id: string): Promise<string> => {
  const [row] = await tx
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, id));
  return row?.name ?? '';
};

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
    // Registered within its round's requirements window, up to today.
    const window = round.registrationDates?.requirements;
    const closes = Math.min(
      window ? new Date(`${window.end}T17:00:00Z`).getTime() : now.getTime(),
      now.getTime(),
    );
    const createdAt = new Date(closes - (DEMO_REQUIREMENTS.length - index) * 60 * 60 * 1000);
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
        investorHabitatType: demo.investor?.habitatType ?? null,
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
