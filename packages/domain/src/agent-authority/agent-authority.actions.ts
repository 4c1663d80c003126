import { z } from 'zod';
import { replaceDocumentAction } from '../file/file.actions.ts';
import { defineAction } from '../forms/action.ts';
import { yesNoValue } from '../forms/rules.ts';
import { agentPermissionsField, agentPermissionsValue } from '../organisation/organisation.actions.ts';
import { MESSAGES } from '../validation/messages.ts';
import { optionalText } from '../validation/rules.ts';
import { agentPermissionSchema } from '../vocab/vocab.schemas.ts';
import type { AgentAuthorityStatus } from './agent-authority.lifecycle.ts';
import { AGENT_AUTHORITY_ENTITY } from './agent-authority.schema.ts';

const setApprovalInput = z
  .object({ approved: yesNoValue(), permissions: z.array(agentPermissionSchema).nullish() })
  .superRefine(
    // Runs even when another field failed (see `when`), so `permissions` may be anything here: check its type.
    (value, ctx) => {
      if (!Array.isArray(value.permissions))
        ctx.addIssue({ code: 'custom', path: ['permissions'], message: MESSAGES.required });
      else if (value.permissions.length === 0)
        ctx.addIssue({ code: 'custom', path: ['permissions'], message: MESSAGES.emptyArray });
    },
    {
      when: ({ value }) =>
        typeof value === 'object' && value !== null && 'approved' in value && value.approved === true,
    },
  );

/**
 * SetApproval: the operator approves (with at least one permission) or rejects an authority; it can be changed
 * later. The answer chooses the status: yes -> Approved, no -> Rejected.
 */
export const setApproval = defineAction({
  id: 'SetApproval',
  entity: AGENT_AUTHORITY_ENTITY,
  title: 'Set approval',
  actionLabel: 'Confirm',
  fields: [
    { id: 'approved', type: 'YesNo', label: 'Approve this authority to act?' },
    { ...agentPermissionsField, visibleWhen: { fieldId: 'approved', oneOf: [true] } },
  ],
  input: setApprovalInput,
  lifecycle: {
    from: ['Pending', 'Approved', 'Rejected'] satisfies AgentAuthorityStatus[],
    to: ['Approved', 'Rejected'] satisfies AgentAuthorityStatus[],
    target: (values) => (values.approved ? 'Approved' : 'Rejected'),
  },
});

/** EditPermissions: changes what the agent may do for the client in the round (at least one permission). */
export const editPermissions = defineAction({
  id: 'EditPermissions',
  entity: AGENT_AUTHORITY_ENTITY,
  title: 'Edit permissions',
  actionLabel: 'Save',
  fields: [agentPermissionsField],
  input: z.object({ permissions: agentPermissionsValue() }),
  lifecycle: { from: ['Pending', 'Approved'] satisfies AgentAuthorityStatus[] },
});

/** ConfirmAuthority: a member of the client confirms that it gave the agent this authority. */
const confirmAuthority = defineAction({
  id: 'ConfirmAuthority',
  entity: AGENT_AUTHORITY_ENTITY,
  title: 'Confirm authority',
  actionLabel: 'Confirm',
  text: 'Confirm that your organisation gave this agent authority to act for it in this round, as in the signed letter on file?',
  modal: true,
  fields: [],
  input: z.object({}),
  lifecycle: { from: ['Pending', 'Approved'] satisfies AgentAuthorityStatus[] },
});

/**
 * DeclineAuthority: a member of the client says it did not give this authority; the authority is rejected and can
 * never be approved.
 */
const declineAuthority = defineAction({
  id: 'DeclineAuthority',
  entity: AGENT_AUTHORITY_ENTITY,
  title: 'Decline authority',
  actionLabel: 'Decline',
  text: 'Decline this authority? The agent will not act for your organisation under it, and it can never be approved.',
  modal: true,
  fields: [{ id: 'reason', type: 'TextArea', label: 'Reason (optional)', rows: 3 }],
  input: z.object({ reason: optionalText() }),
  lifecycle: {
    from: ['Pending', 'Approved'] satisfies AgentAuthorityStatus[],
    to: 'Rejected' satisfies AgentAuthorityStatus,
  },
});

/**
 * Every action on one agent authority (ReplaceDocument swaps the signed authority to act, keeping the old one;
 * the client's members confirm or decline what was filed for it).
 */
export const AGENT_AUTHORITY_ACTIONS = [
  setApproval,
  editPermissions,
  confirmAuthority,
  declineAuthority,
  replaceDocumentAction,
] as const;
/** One agent authority action definition. */
export type AgentAuthorityActionDefinition = (typeof AGENT_AUTHORITY_ACTIONS)[number];
