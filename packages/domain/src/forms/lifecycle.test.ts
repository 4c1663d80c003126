import { describe, expect, it } from 'vitest';
import {
  assertCanRunAction,
  assertTransition,
  canRunAction,
  canTransition,
  defineLifecycle,
  InvalidStatusError,
  lifecycleEdgeProblems,
} from './lifecycle.ts';

const round = defineLifecycle({
  statuses: ['Draft', 'Open', 'Closed'],
  transitions: { Draft: ['Open'], Open: ['Closed'] },
});

describe('defineLifecycle', () => {
  it('lists allowed changes as data', () => {
    expect(canTransition(round, 'Draft', 'Open')).toBe(true);
    expect(canTransition(round, 'Open', 'Draft')).toBe(false);
    expect(canTransition(round, 'Closed', 'Open')).toBe(false);
  });

  it('refuses transitions naming unknown statuses', () => {
    const statuses: readonly string[] = ['Draft'];
    expect(() => defineLifecycle({ statuses, transitions: { Draft: ['Gone'] } })).toThrow(
      "unknown status 'Gone'",
    );
  });

  it('assertTransition throws an invalid_status error', () => {
    expect(() => assertTransition(round, 'Draft', 'Open')).not.toThrow();
    const error = (() => {
      try {
        assertTransition(round, 'Closed', 'Draft');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(InvalidStatusError);
    expect(error).toMatchObject({ code: 'invalid_status', from: 'Closed', to: 'Draft' });
  });
});

describe('action edges', () => {
  const open = { id: 'Open', lifecycle: { from: ['Draft'], to: 'Open' } } as const;
  const update = { id: 'Update', lifecycle: { from: ['Draft', 'Open'] } } as const;

  it('allows an action only from its from statuses along a listed change', () => {
    expect(canRunAction(round, open.lifecycle, 'Draft')).toBe(true);
    expect(canRunAction(round, open.lifecycle, 'Open')).toBe(false);
    expect(canRunAction(round, update.lifecycle, 'Open')).toBe(true);
    expect(canRunAction(round, update.lifecycle, 'Closed')).toBe(false);
    expect(canRunAction(round, undefined, 'Closed')).toBe(true);
    expect(() => assertCanRunAction(round, open, 'Closed')).toThrow(
      'Open is not allowed when the status is Closed',
    );
  });

  it('finds action edges the lifecycle does not list', () => {
    const reopen = { id: 'Reopen', lifecycle: { from: ['Closed', 'Open'], to: 'Open' } } as const;
    expect(lifecycleEdgeProblems(round, [open, update])).toEqual([]);
    expect(lifecycleEdgeProblems(round, [reopen])).toEqual([
      'Reopen: Closed -> Open is not in the lifecycle',
    ]);
  });

  it('checks every target of an edge that names several, and asks for the function that chooses', () => {
    const screening = defineLifecycle({
      statuses: ['Registered', 'Screened', 'Failed', 'Pending'],
      transitions: { Registered: ['Screened', 'Failed', 'Pending'], Pending: ['Screened', 'Failed'] },
    });
    const screen = {
      id: 'Screen',
      lifecycle: {
        from: ['Registered', 'Pending'],
        to: ['Screened', 'Failed', 'Pending'],
        target: () => 'Screened' as const,
      },
    } as const;
    expect(lifecycleEdgeProblems(screening, [screen])).toEqual([]);
    expect(canRunAction(screening, screen.lifecycle, 'Pending')).toBe(true);
    expect(canRunAction(screening, screen.lifecycle, 'Screened')).toBe(false);
    const unchosen = {
      id: 'Unchosen',
      lifecycle: { from: ['Registered'], to: ['Screened', 'Failed'] },
    } as const;
    expect(lifecycleEdgeProblems(screening, [unchosen])).toEqual([
      'Unchosen: several targets need a target function',
    ]);
    const tooFar = {
      id: 'TooFar',
      lifecycle: { from: ['Screened'], to: ['Failed', 'Pending'], target: () => 'Failed' as const },
    } as const;
    expect(lifecycleEdgeProblems(screening, [tooFar])).toEqual([
      'TooFar: Screened -> Failed is not in the lifecycle',
      'TooFar: Screened -> Pending is not in the lifecycle',
    ]);
  });
});
