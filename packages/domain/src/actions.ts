import { AGENT_AUTHORITY_ACTIONS } from './agent-authority/agent-authority.actions.ts';
import { commentAction } from './comment/comment.actions.ts';
import { replaceDocumentAction } from './file/file.actions.ts';
import type { AnyActionDefinition } from './forms/action.ts';
import { MARKET_ACTIONS, MARKET_CREATE_ACTIONS } from './market/market.actions.ts';
import { PARTICIPATION_ACTIONS } from './market/participation.actions.ts';
import { ROUND_ACTIONS, ROUND_CREATE_ACTIONS } from './market/round.list.ts';
import { ORGANISATION_ACTIONS } from './organisation/organisation.actions.ts';
import { ORGANISATION_CREATE_ACTIONS } from './organisation/organisation.create-actions.ts';
import { USER_ACTIONS } from './organisation/user.actions.ts';
import { PROJECT_ACTIONS, PROJECT_CREATE_ACTIONS } from './project/project.list.ts';
import { PROJECT_GROUP_ACTIONS, PROJECT_GROUP_CREATE_ACTIONS } from './project/project-group.actions.ts';
import { REQUIREMENT_ACTIONS, REQUIREMENT_CREATE_ACTIONS } from './requirement/requirement.list.ts';
import {
  REQUIREMENT_GROUP_ACTIONS,
  REQUIREMENT_GROUP_CREATE_ACTIONS,
} from './requirement/requirement-group.actions.ts';

/**
 * Every action definition of the market, shared ones (Comment, ReplaceDocument) included: the browser registers
 * this list for validation, so no form depends on which page was opened first. A new entity adds its list here
 * (one line); `actions.test.ts` fails when an exported definition is missing.
 */
export const ALL_ACTION_DEFINITIONS: readonly AnyActionDefinition[] = [
  ...ORGANISATION_ACTIONS,
  ...ORGANISATION_CREATE_ACTIONS,
  ...USER_ACTIONS,
  ...AGENT_AUTHORITY_ACTIONS,
  ...MARKET_ACTIONS,
  ...MARKET_CREATE_ACTIONS,
  ...ROUND_ACTIONS,
  ...ROUND_CREATE_ACTIONS,
  ...PARTICIPATION_ACTIONS,
  ...PROJECT_ACTIONS,
  ...PROJECT_CREATE_ACTIONS,
  ...PROJECT_GROUP_ACTIONS,
  ...PROJECT_GROUP_CREATE_ACTIONS,
  ...REQUIREMENT_ACTIONS,
  ...REQUIREMENT_CREATE_ACTIONS,
  ...REQUIREMENT_GROUP_ACTIONS,
  ...REQUIREMENT_GROUP_CREATE_ACTIONS,
  commentAction,
  replaceDocumentAction,
];
