import {
  DECLARATION_CATEGORIES,
  formatIsoDate,
  type MarketRoundStatus,
  type RegistrationPeriod,
  type RegistrationWindow,
} from '@curlew/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/connect.ts';
import { declarations, projectTypes, standards } from '../refdata/refdata.tables.ts';
import { marketRounds, roundDeclarations } from './rounds.tables.ts';

let sequence = 0;

/** A standard and a project type to name in rounds (reference data the tests own). */
export async function buildRoundReferences(
  db: Database,
): Promise<{ standardId: string; projectTypeId: string }> {
  const now = new Date();
  const suffix = ++sequence;
  const [standard] = await db
    .insert(standards)
    .values({ name: `Standard ${suffix}`, createdAt: now, updatedAt: now })
    .returning({ id: standards.id });
  const [type] = await db
    .insert(projectTypes)
    .values({ name: `Project type ${suffix}`, createdAt: now, updatedAt: now })
    .returning({ id: projectTypes.id });
  if (!standard || !type) throw new Error('No reference rows inserted');
  return { standardId: standard.id, projectTypeId: type.id };
}

/** Gives a round one declaration of every category, for agents and participants; answers their ids by category. */
export async function declareEverything(db: Database, roundId: string): Promise<Record<string, string>> {
  const now = new Date();
  const ids: Record<string, string> = {};
  for (const category of DECLARATION_CATEGORIES) {
    const [row] = await db
      .insert(declarations)
      .values({
        name: `${category} ${++sequence}`,
        text: 'I declare it.',
        category,
        isForAgents: true,
        isForParticipants: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: declarations.id });
    if (!row) throw new Error('No declaration inserted');
    await db
      .insert(roundDeclarations)
      .values({ marketRoundId: roundId, declarationId: row.id, category, createdAt: now });
    ids[category] = row.id;
  }
  return ids;
}

/** Puts a round in a status directly (to test each edge from every status). */
export async function setRoundStatus(
  db: Database,
  roundId: string,
  status: MarketRoundStatus,
): Promise<void> {
  await db.update(marketRounds).set({ status }).where(eq(marketRounds.id, roundId));
}

/** Sets a round's registration windows directly. */
export async function setWindows(
  db: Database,
  roundId: string,
  windows: Partial<Record<RegistrationPeriod, RegistrationWindow>>,
): Promise<void> {
  await db.update(marketRounds).set({ registrationDates: windows }).where(eq(marketRounds.id, roundId));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Registration windows from `now` to 30 days on, every one of them. */
export const windowsFromToday = (now: Date = new Date()): Record<RegistrationPeriod, RegistrationWindow> => {
  const window = {
    start: formatIsoDate(now),
    end: formatIsoDate(new Date(now.getTime() + 30 * DAY_MS)),
  };
  return { suppliers: window, buyers: window, projects: window, requirements: window };
};

/**
 * Gives a round everything Open checks: registration windows from today, a 15% reserve of all demand agreed with
 * the EMB and a declaration of every category; answers the declarations' ids by category.
 */
export async function readyToOpen(
  db: Database,
  roundId: string,
  now: Date = new Date(),
): Promise<Record<string, string>> {
  await db
    .update(marketRounds)
    .set({
      registrationDates: windowsFromToday(now),
      reservePercentage: 15,
      reserveAppliesTo: 'allDemand',
      reserveAgreedWithEMB: true,
    })
    .where(eq(marketRounds.id, roundId));
  return declareEverything(db, roundId);
}
