import { z } from 'zod';
import { defineAction } from '../forms/action.ts';
import { defineLifecycle } from '../forms/lifecycle.ts';

/** The entity kind of user actions (first segment of `/user/{id}`). */
const USER_ENTITY = 'user';

/** Account statuses of a user, as the operator's actions see them. */
export const USER_ACCOUNT_STATUSES = ['Active', 'Disabled'] as const;
/** One account status. */
export type UserAccountStatus = (typeof USER_ACCOUNT_STATUSES)[number];

/** Disable and Enable move a user between Active and Disabled. */
export const userAccountLifecycle = defineLifecycle({
  statuses: USER_ACCOUNT_STATUSES,
  transitions: { Active: ['Disabled'], Disabled: ['Active'] },
});

/** Disable: the user can no longer sign in and every session ends. */
export const disableUser = defineAction({
  id: 'Disable',
  entity: USER_ENTITY,
  title: 'Disable user',
  actionLabel: 'Disable',
  text: 'The user will be signed out everywhere and will not be able to sign in until enabled again.',
  modal: true,
  fields: [],
  input: z.object({}),
  lifecycle: { from: ['Active'], to: 'Disabled' },
});

/** Enable: a disabled user may sign in again. */
export const enableUser = defineAction({
  id: 'Enable',
  entity: USER_ENTITY,
  title: 'Enable user',
  actionLabel: 'Enable',
  text: 'The user will be able to sign in again.',
  modal: true,
  fields: [],
  input: z.object({}),
  lifecycle: { from: ['Disabled'], to: 'Active' },
});

/** ForcePasswordReset: the next sign-in demands a new password by e-mailed code; every session ends. */
export const forcePasswordReset = defineAction({
  id: 'ForcePasswordReset',
  entity: USER_ENTITY,
  title: 'Force password reset',
  actionLabel: 'Force reset',
  text: 'The user will be signed out and must reset their password with an e-mailed code at the next sign-in.',
  modal: true,
  fields: [],
  input: z.object({}),
  lifecycle: { from: ['Active'] },
});

/** Every action on one user. */
export const USER_ACTIONS = [disableUser, enableUser, forcePasswordReset] as const;
/** One user action definition. */
export type UserActionDefinition = (typeof USER_ACTIONS)[number];
