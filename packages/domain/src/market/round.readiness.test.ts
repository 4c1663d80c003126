import { describe, expect, it } from 'vitest';
import { openChecklist, openRefusal, type RoundReadinessInput } from './round.readiness.ts';

const window = { start: '2026-12-01', end: '2026-12-31' };
const ready: RoundReadinessInput = {
  registrationDates: { suppliers: window, buyers: window, projects: window, requirements: window },
  reservePercentage: 15,
  reserveAppliesTo: 'supply',
  reserveAgreedWithEMB: true,
  declarations: (
    [
      'MarketRoundParticipant_Register',
      'MarketRoundProject_Register',
      'MarketRoundCreditRequirement_Register',
      'MarketRoundProject_Offer',
      'MarketRoundCreditRequirement_Bid',
    ] as const
  ).map((category) => ({ name: `About ${category}`, category, isForAgents: true, isForParticipants: true })),
};

describe("Open's checklist", () => {
  it('is all done for a round with dates, an agreed reserve and a declaration of every category', () => {
    const items = openChecklist(ready, '2026-11-27');
    expect(items.map((item) => item.done)).toEqual([true, true, true, true, true, true, true]);
    expect(items[1]?.detail).toBe('15% of supply, agreed with the EMB');
    expect(openRefusal(ready, '2026-11-27')).toBeUndefined();
  });

  it('names a window already over and a reserve not agreed, and refuses with both', () => {
    const round = {
      ...ready,
      registrationDates: {
        ...ready.registrationDates,
        suppliers: { start: '2026-10-01', end: '2026-10-31' },
      },
      reserveAgreedWithEMB: false,
    };
    const [dates, reserve] = openChecklist(round, '2026-11-27');
    expect(dates).toMatchObject({
      done: false,
      detail: 'Supplier registration ended on 31 Oct 2026: choose dates from today on',
    });
    expect(reserve).toMatchObject({ done: false, detail: 'It is not agreed with the EMB' });
    expect(openRefusal(round, '2026-11-27')).toBe(
      'Before the round opens for registration, complete: registration dates (supplier registration ended on 31 Oct 2026: choose dates from today on); credit reserve (it is not agreed with the EMB)',
    );
  });
});
