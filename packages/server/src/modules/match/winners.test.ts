import { checkResult, clearRound } from '@curlew/matching';
import { describe, expect, it } from 'vitest';
import {
  biodiversityRequirement,
  lpaAdjacency,
  matchRound,
  nutrientRequirement,
  nutrientService,
  offeredProject,
} from './instance.testing.ts';
import { buildInstance } from './instance.ts';
import { checkWinnersCsv, NOT_IMPORTED_WINNER, winnersCsv } from './winners.ts';

const bid = (amount: number) => ({ bid: amount, acceptOngoingOnly: false, bidOngoingOnly: null });

/** p1 (10 units, 3000) and the AND pair p2 + p3 sell biodiversity; p4 nitrogen (20 kg/yr); r3 has an ongoing-only bid. */
const built = (r2Bid = 4000) => {
  const and = { id: 'ga', name: 'Both', type: 'AND' as const };
  return buildInstance(
    matchRound(),
    [
      offeredProject('p1', { offer: 3000 }),
      offeredProject('p2', { offer: 2000, group: and }),
      offeredProject('p3', { offer: 1500, group: and }),
      offeredProject('p4', { offer: 800, services: [nutrientService('n4', { 2027: 20, 2028: 20 })] }),
    ],
    [
      biodiversityRequirement('r1', { bid: bid(9000) }),
      biodiversityRequirement('r2', { bid: bid(r2Bid) }),
      nutrientRequirement(
        'r3',
        { ongoing: 8, additional: 6 },
        { bid: { bid: 5000, acceptOngoingOnly: true, bidOngoingOnly: 3000 } },
      ),
    ],
    lpaAdjacency,
  );
};

const csv = (...lines: string[]) => ['project,service,requirement,year,units', ...lines].join('\n');

describe('an imported winners file', () => {
  it('becomes a result the independent checker passes, with k-split payments and reasons', () => {
    const round = built();
    const check = checkWinnersCsv(
      csv(
        'p1,p1-bio,r1,2027,4',
        'p1,p1-bio,r2,2027,2.5',
        'p1,p1-bio,r2,2027,1.5',
        'p4,n4,r3,2027,14',
        'p4,n4,r3,2028,14',
        'p4,n4,r3,2029,14',
      ),
      round,
      2027,
    );
    if (!check.ok) throw new Error(JSON.stringify(check.problems));
    const { result } = check;
    expect(checkResult(round.instance, result)).toEqual([]);
    expect(result.surplus).toBe(9000 + 4000 + 5000 - 3000 - 800);
    expect(result.projects.map((p) => [p.id, p.won, p.reason])).toEqual([
      ['p1', true, null],
      ['p2', false, NOT_IMPORTED_WINNER],
      ['p3', false, NOT_IMPORTED_WINNER],
      ['p4', true, null],
    ]);
    expect(result.requirements.map((r) => [r.id, r.fill])).toEqual([
      ['r1', 1],
      ['r2', 1],
      ['r3', 1],
      ['r3/ongoing-only', 0],
    ]);
    // Buyers keep half of each cluster's surplus: p1's 10,000 and p4's 4,200.
    const pays = Object.fromEntries(result.requirements.map((r) => [r.id, r.pays]));
    expect((pays.r1 ?? 0) + (pays.r2 ?? 0)).toBe(8000);
    expect(pays.r3).toBe(2900);
    expect(result.projects.map((p) => p.receives)).toEqual([8000, 0, 0, 2900]);
    expect(result.flows).toContainEqual({ project: 'p1', credit: 0, requirement: 'r2', year: 0, units: 4 });
  });

  it('refuses a file that sells more than a project has, naming the lines', () => {
    const check = checkWinnersCsv(
      csv('p1,p1-bio,r1,2027,4', 'p4,n4,r3,2027,14', 'p1,p1-bio,r2,2027,7'),
      built(),
      2027,
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.problems).toContainEqual({
      lines: [2, 4],
      message: 'Project p1 sells 11 units of service p1-bio in 2027, more than the 10 it has to sell',
    });
  });

  it('refuses a file that breaks a group, naming the lines', () => {
    const and = checkWinnersCsv(csv('p2,p2-bio,r2,2027,4'), built(), 2027);
    expect(and).toEqual({
      ok: false,
      problems: [
        {
          lines: [2],
          message:
            'AND group ga wins in part: its projects p3 sell nothing, but the group wins all together or not at all',
        },
      ],
    });
    const xor = checkWinnersCsv(
      csv(
        'p4,n4,r3,2027,14',
        'p4,n4,r3,2028,14',
        'p4,n4,r3,2029,14',
        'p4,n4,r3/ongoing-only,2027,8',
        'p4,n4,r3/ongoing-only,2028,8',
        'p4,n4,r3/ongoing-only,2029,8',
      ),
      built(),
      2027,
    );
    expect(xor.ok).toBe(false);
    if (xor.ok) return;
    expect(xor.problems).toContainEqual({
      lines: [2, 3, 4, 5, 6, 7],
      message: 'The requirements r3, r3/ongoing-only of XOR group xor/r3 all win: at most one of them may',
    });
  });

  it('refuses lines naming what is not in the clearing or breaking the trading rules, each by its line', () => {
    const check = checkWinnersCsv(
      csv(
        'p9,p1-bio,r1,2027,4',
        'p1,p1-bio,r9,2027,4',
        'p1,n4,r1,2027,4',
        'p1,p1-bio,r1,2028,4',
        'p1,p1-bio,r1,2027,abc',
        'p4,n4,r1,2027,4',
      ),
      built(),
      2027,
    );
    expect(check).toEqual({
      ok: false,
      problems: [
        { lines: [2], message: `Project "p9" is not in this round's clearing` },
        { lines: [3], message: `Requirement "r9" is not in this round's clearing` },
        { lines: [4], message: 'Service "n4" is not a service of project p1 in this clearing' },
        { lines: [5], message: 'Year "2028" is outside the round: 2027' },
        { lines: [6], message: 'Units "abc" must be a number above 0' },
        { lines: [7], message: "Project p4's service n4 cannot serve requirement r1 (type)" },
      ],
    });
  });

  it('refuses an indivisible requirement met in part, uneven years, and bids that do not cover the offers', () => {
    const part = checkWinnersCsv(csv('p4,n4,r3,2027,7', 'p4,n4,r3,2028,7', 'p4,n4,r3,2029,7'), built(), 2027);
    expect(part).toEqual({
      ok: false,
      problems: [
        {
          lines: [2, 3, 4],
          message: 'Requirement r3 must be met wholly or not at all; the file meets 50 % of it',
        },
      ],
    });
    const uneven = checkWinnersCsv(csv('p4,n4,r3,2027,14', 'p4,n4,r3,2028,14'), built(), 2027);
    expect(uneven).toEqual({
      ok: false,
      problems: [
        {
          lines: [2, 3],
          message:
            'Requirement r3 receives 0 units in 2029, but needs 14 (100 % of its need, as in its other years)',
        },
      ],
    });
    const loss = checkWinnersCsv(csv('p1,p1-bio,r2,2027,4'), built(2000), 2027);
    expect(loss).toEqual({
      ok: false,
      problems: [
        { lines: [2], message: 'The bids of r2 (2000 GBP) do not cover the offers of p1 (3000 GBP)' },
      ],
    });
  });

  it('refuses a file without the columns, or without winners', () => {
    expect(checkWinnersCsv('project,units\np1,4', built(), 2027)).toEqual({
      ok: false,
      problems: [
        { lines: [1], message: 'The file needs the columns project, service, requirement, year, units' },
      ],
    });
    expect(checkWinnersCsv(csv(), built(), 2027)).toEqual({
      ok: false,
      problems: [{ lines: [], message: 'The file lists no winners' }],
    });
  });

  it("reads the engine's own answer, written as a winners file, back into the same allocation", async () => {
    const round = built();
    const solved = await clearRound(round.instance, { timeLimitSeconds: 20, threads: 1 });
    const file = winnersCsv(solved, round, 2027);
    expect(file.split('\r\n')[0]).toBe('project,service,requirement,year,units');
    const check = checkWinnersCsv(file, round, 2027);
    if (!check.ok) throw new Error(JSON.stringify(check.problems));
    expect(check.result.flows).toEqual(solved.flows);
    expect(check.result.projects.map((p) => [p.id, p.won])).toEqual(
      solved.projects.map((p) => [p.id, p.won]),
    );
    expect(check.result.requirements.map((r) => [r.id, r.fill])).toEqual(
      solved.requirements.map((r) => [r.id, r.fill]),
    );
    expect(check.result.surplus).toBe(solved.surplus);
  }, 60_000);
});
