import { describe, expect, it } from 'vitest';
import { definitionProblems, validateAction } from '../forms/action.ts';
import { lifecycleEdgeProblems } from '../forms/lifecycle.ts';
import {
  ORGANISATION_ACTIONS,
  provideAgentAuthority,
  registerAsParticipant,
  updateOrganisation,
} from './organisation.actions.ts';
import {
  createLpaOrganisation,
  createParticipantOrganisation,
  ORGANISATION_CREATE_ACTIONS,
} from './organisation.create-actions.ts';
import { organisationDetailsSchema } from './organisation.schema.ts';
import { USER_ACTIONS, userAccountLifecycle } from './user.actions.ts';

const errorsOf = (values: Record<string, unknown>) => validateAction(updateOrganisation, values).errors;

describe('organisation details', () => {
  it('needs name and type', () => {
    expect(errorsOf({})).toEqual([
      { path: 'name', message: 'Field required' },
      { path: 'type', message: 'Field required' },
    ]);
  });

  it('needs contact, email, phone and mailing address for a participant, all reported at once', () => {
    expect(errorsOf({ type: 'PARTICIPANT', contact: '  ' })).toEqual([
      { path: 'name', message: 'Field required' },
      { path: 'contact', message: 'Field required' },
      { path: 'email', message: 'Field required' },
      { path: 'phone', message: 'Field required' },
      { path: 'mailingAddress', message: 'Field required' },
    ]);
  });

  it('lets other organisations leave contact details blank, but checks them when given', () => {
    expect(organisationDetailsSchema.safeParse({ name: 'North LPA', type: 'LPA', email: '' }).success).toBe(
      true,
    );
    expect(
      errorsOf({ name: 'North LPA', type: 'LPA', email: 'not-an-address', phone: '07700 900123' }),
    ).toEqual([
      { path: 'email', message: 'Not a valid email address' },
      { path: 'phone', message: 'Not a valid phone number' },
    ]);
  });

  it('stores a participant with its phone without spaces and empty text as undefined', () => {
    const parsed = organisationDetailsSchema.parse({
      name: ' Marsh Farm ',
      type: 'PARTICIPANT',
      contact: 'Ann Avocet',
      email: 'ann@marsh.example',
      phone: '+44 7700 900123',
      mailingAddress: '1 Marsh Lane',
      csvId: 'ignored',
    });
    expect(parsed).toEqual({
      name: 'Marsh Farm',
      type: 'PARTICIPANT',
      contact: 'Ann Avocet',
      email: 'ann@marsh.example',
      phone: '+447700900123',
      mailingAddress: '1 Marsh Lane',
    });
  });
});

describe('organisation actions', () => {
  it('are consistent definitions with unique ids', () => {
    const all = [...ORGANISATION_ACTIONS, ...ORGANISATION_CREATE_ACTIONS, ...USER_ACTIONS];
    expect(all.flatMap((action) => definitionProblems(action))).toEqual([]);
    const ids = ORGANISATION_ACTIONS.map((action) => action.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(lifecycleEdgeProblems(userAccountLifecycle, USER_ACTIONS)).toEqual([]);
  });

  it('create actions fix the type and are POSTed to the collection', () => {
    expect(createLpaOrganisation.create).toBe(true);
    expect(validateAction(createLpaOrganisation, { lpaId: 'l1', type: 'OPER' }).errors).toEqual([
      { path: 'type', message: 'Invalid input: expected "LPA"' },
    ]);
    // An LPA organisation is one of the reference authorities, chosen, not a name typed in.
    expect(validateAction(createLpaOrganisation, { name: 'North', type: 'LPA' }).errors).toEqual([
      { path: 'lpaId', message: 'Field required' },
    ]);
    expect(
      validateAction(createParticipantOrganisation, { name: 'Farm', type: 'PARTICIPANT' }).errors,
    ).toHaveLength(4);
  });

  it('registration needs a round and at least one known capacity', () => {
    expect(validateAction(registerAsParticipant, { capacities: [] }).errors).toEqual([
      { path: 'marketRoundId', message: 'Field required' },
      { path: 'capacities', message: 'Empty array' },
    ]);
    expect(
      validateAction(registerAsParticipant, { marketRoundId: 'r', capacities: ['Seller'] }).success,
    ).toBe(false);
    expect(validateAction(registerAsParticipant, { marketRoundId: 'r', capacities: ['Buyer'] }).success).toBe(
      true,
    );
  });

  it('agent authority needs a signed pdf and at least one permission', () => {
    const pdf = { name: 'authority.pdf', size: 1200, type: 'application/pdf' };
    expect(validateAction(provideAgentAuthority, { marketRoundId: 'r', agentId: 'a' }).errors).toEqual([
      { path: 'authorityToAct', message: 'Field required' },
      { path: 'permissions', message: 'Field required' },
    ]);
    expect(
      validateAction(provideAgentAuthority, {
        marketRoundId: 'r',
        agentId: 'a',
        authorityToAct: { name: 'authority.docx', size: 10, type: 'application/msword' },
        permissions: ['MakeOffersOrBids'],
      }).errors,
    ).toEqual([{ path: 'authorityToAct', message: 'Only pdf files are allowed' }]);
    expect(
      validateAction(provideAgentAuthority, {
        marketRoundId: 'r',
        agentId: 'a',
        authorityToAct: pdf,
        permissions: ['RegisterForRound'],
      }).success,
    ).toBe(true);
  });
});
