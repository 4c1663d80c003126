import { describe, expect, it } from 'vitest';
import { describeWithApp } from '../../test/app.ts';
import { projects } from '../modules/projects/projects.tables.ts';
import { seedReferenceData } from '../modules/refdata/index.ts';
import { marketRounds } from '../modules/rounds/rounds.tables.ts';
import { activity } from '../platform/actions/activity.tables.ts';
import { systemClock } from '../platform/clock.ts';
import { demoRoundNames, historyDate, historyShift } from './seed.dates.ts';
import { seedDemoData } from './seed.ts';

describe("the demo's calendar", () => {
  it('moves the written history by whole years so that it ends before the day of seeding', () => {
    expect(historyShift(new Date('2026-11-27T12:00:00Z'))).toBe(0);
    expect(historyShift(new Date('2027-06-30T12:00:00Z'))).toBe(0);
    expect(historyShift(new Date('2027-07-01T00:00:00Z'))).toBe(1);
    expect(historyShift(new Date('2026-03-01T00:00:00Z'))).toBe(-1);
    expect(historyDate(new Date('2028-02-01T00:00:00Z'), '2026-06-07')).toBe('2027-06-07');
  });

  it('names each round after the year of its dates, every name its own', () => {
    expect(demoRoundNames(new Date('2026-11-27T12:00:00Z'))).toEqual({
      settling: 'Round 1 2025',
      closed: 'Round 2 2025',
      bidding: 'Round 3 2025',
      open: 'Round 1 2026',
      draft: 'Round 2 2026',
    });
    for (const day of ['2027-02-01', '2027-08-01', '2028-01-15'])
      expect(new Set(Object.values(demoRoundNames(new Date(`${day}T12:00:00Z`)))).size).toBe(5);
  });
});

describeWithApp('the demo data seeded today', (t) => {
  it('dates its history in the past: rounds in the years they are named after, outcomes and activity before today', async () => {
    await seedReferenceData(t.db);
    await seedDemoData(t.db, { password: 'demo-password-for-tests', clock: systemClock });
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const rounds = await t.db
      .select({ name: marketRounds.name, createdAt: marketRounds.createdAt })
      .from(marketRounds);
    expect(rounds.length).toBe(5);
    for (const round of rounds) {
      expect(round.createdAt.getTime()).toBeLessThanOrEqual(now);
      if (round.name !== demoRoundNames(new Date(now)).settling)
        expect(round.name.endsWith(String(round.createdAt.getUTCFullYear()))).toBe(true);
    }
    const rows = await t.db
      .select({ createdAt: projects.createdAt, outcomes: projects.outcomes })
      .from(projects);
    for (const row of rows) {
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(now);
      for (const outcome of row.outcomes ?? []) expect(outcome.date <= today).toBe(true);
    }
    const entries = await t.db.select({ at: activity.at }).from(activity);
    expect(entries.every((entry) => entry.at.getTime() <= now)).toBe(true);
  });
});
