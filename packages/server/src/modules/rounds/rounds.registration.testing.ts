import type { ParticipationCapacity } from '@curlew/domain';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/app.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { participations } from '../participations/participations.tables.ts';
import { declareEverything } from './rounds.testing.ts';

export const DAY = 24 * 60 * 60 * 1000;
export const isoDay = (date: Date, days: number): string =>
  new Date(date.getTime() + days * DAY).toISOString().slice(0, 10);

/** Sessions long enough to outlast the days the registration tests move the test clock on. */
export const LONG_SESSIONS = { config: { sessionIdleMinutes: 60 * 24 * 30, sessionAbsoluteHours: 24 * 30 } };

/** The role world, its open round with every declaration asked, and the answers that satisfy registration's. */
export interface RegistrationSetup {
  world: World;
  roundId: string;
  asked: Record<string, string>;
  answers: Record<string, boolean>;
}

/** Builds the role world and asks every declaration of its open round; answers the registration one true. */
export async function buildRegistrationSetup(t: TestApp): Promise<RegistrationSetup> {
  const world = await buildWorld(t.app, t.db);
  const roundId = world.openRound.id;
  const asked = await declareEverything(t.db, roundId);
  const id = asked.MarketRoundParticipant_Register ?? '';
  return { world, roundId, asked, answers: { [id]: true } };
}

/** The participation of an organisation in a round in a capacity, if any. */
export const participationIn = async (
  t: TestApp,
  roundId: string,
  organisationId: string,
  capacity: ParticipationCapacity,
) =>
  (
    await t.db
      .select()
      .from(participations)
      .where(
        and(
          eq(participations.marketRoundId, roundId),
          eq(participations.organisationId, organisationId),
          eq(participations.capacity, capacity),
        ),
      )
  )[0];
