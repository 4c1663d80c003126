import { AGENT_PERMISSION_LABELS, type AgentPermission, RECORD_PAGES } from '@curlew/domain';
import type { AppDeps } from '../../platform/deps.ts';

/** What the client's members are told about an authority filed for their organisation. */
interface FiledAuthority {
  clientId: string;
  clientName: string;
  agentName: string;
  roundName: string;
  permissions: readonly AgentPermission[];
  /** Who uploaded the signed letter, and for which organisation. */
  filedBy: { displayName: string; organisationName: string | null };
  /** A new letter for an authority filed before. */
  replaced?: boolean;
}

/**
 * E-mails each member of the client that an authority to act was filed for it by someone else, asking them to
 * confirm or decline it on their organisation's page (linked); queued in the outbox in the action's transaction.
 */
export async function sendAuthorityFiledMail(
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  recipients: readonly string[],
  filed: FiledAuthority,
): Promise<void> {
  const link = `${deps.config.publicUrl}${RECORD_PAGES.participant(filed.clientId)}`;
  const subject = `Confirm or decline: ${filed.agentName} to act for ${filed.clientName} in ${filed.roundName}`;
  const by = filed.filedBy.organisationName
    ? `${filed.filedBy.displayName} (${filed.filedBy.organisationName})`
    : filed.filedBy.displayName;
  const text = [
    `${by} ${filed.replaced ? 'replaced the signed letter of the' : 'filed a signed'} authority for ${filed.agentName} to act for ${filed.clientName} in ${filed.roundName}.`,
    `Permissions asked: ${filed.permissions.map((permission) => AGENT_PERMISSION_LABELS[permission]).join(', ')}.`,
    '',
    'If your organisation gave this authority, confirm it; if not, decline it and it can never be approved.',
    'The market operator sees your answer before deciding.',
    '',
    `Confirm or decline it under "Agent authorities" at ${link}`,
  ].join('\n');
  for (const to of recipients) await deps.mailer.send({ to, subject, text, link });
}
