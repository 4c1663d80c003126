import { describe, expect, it } from 'vitest';
import { userWith } from '../../test/render.tsx';
import { colourSchemeFor, primaryArea, roleFlags, rolesOf } from './roles.ts';

describe('roleFlags', () => {
  it('derives each flag from its group, and sysadmins are admins too', () => {
    expect(roleFlags(['sysadmin'])).toEqual({
      sysAdmin: true,
      admin: true,
      lpa: false,
      participant: false,
      agent: false,
    });
    expect(roleFlags(['participant', 'agent'])).toMatchObject({
      admin: false,
      participant: true,
      agent: true,
    });
  });
});

describe('primaryArea', () => {
  it.each([
    [['agent', 'participant', 'lpa', 'admin', 'sysadmin'], 'sysAdmin'],
    [['agent', 'participant', 'lpa', 'admin'], 'admin'],
    [['agent', 'participant', 'lpa'], 'lpa'],
    [['agent', 'participant'], 'participant'],
    [['agent'], 'agent'],
    [[], 'signedIn'],
  ] as const)('picks by priority sysAdmin, admin, lpa, participant, agent: %j -> %s', (groups, area) => {
    expect(primaryArea(userWith([...groups]))).toBe(area);
  });

  it('is anonymous without a user', () => {
    expect(primaryArea(null)).toBe('anonymous');
    expect(rolesOf(null)).toEqual([]);
  });
});

describe('colourSchemeFor', () => {
  it('is light for the operator and LPAs and dark for everyone else and while loading', () => {
    expect(colourSchemeFor('sysAdmin')).toBe('light');
    expect(colourSchemeFor('admin')).toBe('light');
    expect(colourSchemeFor('lpa')).toBe('light');
    expect(colourSchemeFor('participant')).toBe('dark');
    expect(colourSchemeFor('agent')).toBe('dark');
    expect(colourSchemeFor('signedIn')).toBe('dark');
    expect(colourSchemeFor('anonymous')).toBe('dark');
    expect(colourSchemeFor('loading')).toBe('dark');
  });
});
