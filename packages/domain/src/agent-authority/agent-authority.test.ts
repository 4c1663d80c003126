import { describe, expect, it } from 'vitest';
import { validateAction } from '../forms/action.ts';
import { lifecycleEdgeProblems } from '../forms/lifecycle.ts';
import { AGENT_AUTHORITY_ACTIONS, editPermissions, setApproval } from './agent-authority.actions.ts';
import { agentAuthorityLifecycle, agentAuthorityStatus } from './agent-authority.lifecycle.ts';

describe('SetApproval', () => {
  it('needs a yes/no answer', () => {
    expect(validateAction(setApproval, {}).errors).toEqual([{ path: 'approved', message: 'Field required' }]);
  });

  it('needs at least one permission when approved', () => {
    expect(validateAction(setApproval, { approved: true }).errors).toEqual([
      { path: 'permissions', message: 'Field required' },
    ]);
    expect(validateAction(setApproval, { approved: true, permissions: [] }).errors).toEqual([
      { path: 'permissions', message: 'Empty array' },
    ]);
    expect(validateAction(setApproval, { approved: true, permissions: null }).errors).toEqual([
      { path: 'permissions', message: 'Field required' },
    ]);
    // A wrong type is reported, never a crash of the approval rule.
    expect(validateAction(setApproval, { approved: true, permissions: 'MakeOffersOrBids' }).success).toBe(
      false,
    );
    expect(validateAction(setApproval, { approved: true, permissions: ['MakeOffersOrBids'] }).success).toBe(
      true,
    );
  });

  it('rejects without permissions; permissions of a rejection are left out', () => {
    const result = validateAction(setApproval, { approved: false, permissions: [] });
    expect(result.success && result.data).toEqual({ approved: false });
  });
});

describe('EditPermissions', () => {
  it('needs at least one known permission', () => {
    expect(validateAction(editPermissions, { permissions: [] }).errors).toEqual([
      { path: 'permissions', message: 'Empty array' },
    ]);
    expect(validateAction(editPermissions, { permissions: ['Everything'] }).success).toBe(false);
  });
});

describe('agent authority lifecycle', () => {
  it('derives the status from the approval and lists every action edge', () => {
    expect([null, true, false].map(agentAuthorityStatus)).toEqual(['Pending', 'Approved', 'Rejected']);
    expect(lifecycleEdgeProblems(agentAuthorityLifecycle, AGENT_AUTHORITY_ACTIONS)).toEqual([]);
  });

  it('lets the answer of SetApproval choose the status, along edges the lifecycle allows', () => {
    const edge = setApproval.lifecycle;
    if (!edge?.target) throw new Error('SetApproval has no target function');
    expect(edge.to).toEqual(['Approved', 'Rejected']);
    const context = { status: 'Pending', previousStatus: null } as const;
    expect(edge.target({ approved: true, permissions: ['RegisterForRound'] }, context)).toBe('Approved');
    expect(edge.target({ approved: false }, context)).toBe('Rejected');
    // A lifecycle without Rejected -> Approved would make the edge invalid: the check is not vacuous.
    const stricter = {
      ...agentAuthorityLifecycle,
      transitions: { ...agentAuthorityLifecycle.transitions, Rejected: [] },
    };
    expect(lifecycleEdgeProblems(stricter, [setApproval])).toEqual([
      'SetApproval: Rejected -> Approved is not in the lifecycle',
    ]);
  });
});
