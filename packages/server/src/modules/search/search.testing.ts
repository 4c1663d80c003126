import type { SearchAnswer, SearchGroup } from '@curlew/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import {
  buildPlaces,
  buildProject,
  buildProjectGroup,
  buildRequirement,
  buildRequirementGroup,
} from '../../../test/factories.records.ts';
import { buildRound } from '../../../test/factories.rounds.ts';
import { buildOrganisation, buildUser } from '../../../test/factories.ts';
import { asRole, buildWorld, type Role, type World } from '../../../test/world.ts';
import { markets } from '../markets/markets.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';

/** The sealed bid and offer of the Kestrel records, which search must never answer. */
export const BID = 98_765.43;
export const OFFER = 43_210.98;

/** The ids of the Kestrel records, one of every kind search finds (and two outside the LPA's area). */
export type SearchIds = Record<
  | 'requirement'
  | 'outsideRequirement'
  | 'project'
  | 'outsideProject'
  | 'projectGroup'
  | 'requirementGroup'
  | 'organisation'
  | 'market'
  | 'round'
  | 'user',
  string
>;

/** The group of the given kind in an answer. */
export const group = (answer: SearchAnswer, kind: SearchGroup['kind']) =>
  answer.groups.find((one) => one.kind === kind);

/** The ids of the results of the given kind in an answer. */
export const idsOf = (answer: SearchAnswer, kind: SearchGroup['kind']) =>
  group(answer, kind)?.results.map((result) => result.id) ?? [];

/** Searches as a role of the world `worldOf` answers; `answerOf` expects a 200 and answers its body. */
export function searchRequests(t: TestApp, worldOf: () => World) {
  const search = (role: Role, term: string, query = '') =>
    asRole(t.app, worldOf(), role, 'GET', `/api/search/${encodeURIComponent(term)}${query}`);
  const answerOf = async (role: Role, term: string, query = ''): Promise<SearchAnswer> => {
    const answer = await search(role, term, query);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };
  return { search, answerOf };
}

/**
 * Builds the role world, an LPA area given to the world's LPA, and one "Kestrel" record of every kind search finds
 * (a requirement with a sealed bid, a project with a sealed offer, and one of each outside the area).
 */
export async function buildSearchRecords(
  t: TestApp,
): Promise<{ world: World; lpaId: string; ids: SearchIds }> {
  const ids = {} as SearchIds;
  const world = await buildWorld(t.app, t.db);
  const lpaId = (await buildPlaces(t.db)).lpaId;
  const elsewhere = (await buildPlaces(t.db)).lpaId;
  await t.db
    .update(organisations)
    .set({ lpaId })
    .where(eq(organisations.id, world.members.lpa.organisation.id));
  ids.requirement = await buildRequirement(t.db, {
    name: 'Kestrel Wharf homes',
    lpaId,
    status: 'Bid',
    bid: BID,
  });
  ids.outsideRequirement = await buildRequirement(t.db, { name: 'Kestrel Quay flats', lpaId: elsewhere });
  await t.db
    .update(creditRequirements)
    .set({ planningRef: 'KW/25/0042/FUL' })
    .where(eq(creditRequirements.id, ids.requirement));
  await t.db
    .update(requirementCredits)
    .set({ status: 'Issued', actualUnits: 2 })
    .where(eq(requirementCredits.requirementId, ids.requirement));
  ids.project = (await buildProject(t.db, { name: 'Kestrel Meadow restoration', lpaId, offer: OFFER })).id;
  ids.outsideProject = (await buildProject(t.db, { name: 'Kestrel Marsh', lpaId: elsewhere })).id;
  ids.projectGroup = (await buildProjectGroup(t.db, { name: 'Kestrel valley sites' })).id;
  ids.requirementGroup = await buildRequirementGroup(t.db, { name: 'Kestrel phase two' });
  ids.organisation = (await buildOrganisation(t.db, { type: 'PARTICIPANT', name: 'Kestrel Estates' })).id;
  const round = await buildRound(t.db, 'Open', 'Kestrel spring round');
  ids.round = round.id;
  const [market] = await t.db
    .select({ id: marketRounds.marketId })
    .from(marketRounds)
    .where(eq(marketRounds.id, round.id));
  ids.market = market?.id ?? '';
  await t.db.update(markets).set({ name: 'Kestrel catchment market' }).where(eq(markets.id, ids.market));
  // A colleague of the LPA's officer: in the LPA's own user scope, yet never found by its search.
  ids.user = (
    await buildUser(t.db, {
      displayName: 'Philippa Marchbanks',
      username: 'pmarchbanks',
      email: 'philippa.marchbanks@harbour-homes.test',
      groups: ['lpa'],
      organisationId: world.members.lpa.organisation.id,
    })
  ).user.id;
  return { world, lpaId, ids };
}
