import type { MailStatus, OutboxMessage } from '@curlew/domain';
import { Anchor, Button, Code, Stack, Text } from '@mantine/core';
import { RowsTable, type RowsTableColumn } from '../../components/data-table/RowsTable.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { systemTime as when } from './systemApi.ts';

/** The colour of each e-mail status. */
const MAIL_STATUS_COLOURS = {
  Pending: 'yellow',
  Sending: 'blue',
  Sent: 'teal',
  Failed: 'red',
} as const satisfies Record<MailStatus, string>;

/** Where an e-mail stands in words: when it was sent, or when it is tried next, and how often it was tried. */
function Delivery({ mail }: { mail: OutboxMessage }) {
  const tries = mail.attempts === 1 ? '1 attempt' : `${mail.attempts} attempts`;
  return (
    <Stack gap={4} align="flex-start">
      <StatusBadge color={MAIL_STATUS_COLOURS[mail.status]}>{mail.status}</StatusBadge>
      {mail.sentAt ? <Text size="sm">Sent {when(mail.sentAt)}</Text> : null}
      {mail.status === 'Pending' && mail.attempts > 0 && mail.nextAttemptAt ? (
        <Text size="sm">Next attempt {when(mail.nextAttemptAt)}</Text>
      ) : null}
      {mail.attempts > 0 ? <Text size="sm">{tries}</Text> : null}
      {mail.lastError && mail.status !== 'Sent' ? (
        <Text size="sm" c="red.8">
          Last error: {mail.lastError}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The e-mail's text (unless it carries a code) and the page it links to. */
function Message({ mail }: { mail: OutboxMessage }) {
  return (
    <Stack gap={4}>
      {mail.text === null ? (
        <Text size="sm" c="dimmed">
          Not shown: it carries a code that opens an account.
        </Text>
      ) : (
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {mail.text}
        </Code>
      )}
      {mail.link ? (
        <Text size="sm">
          Links to{' '}
          <Anchor href={mail.link} style={{ overflowWrap: 'anywhere' }}>
            {mail.link}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The e-mails of the outbox: recipient, subject, when it was written, where it stands (with the last error), the
 * message (unless it carries a code, in production) and the page it links to; a Failed one can be sent again.
 */
export function OutboxTable({
  mails,
  retrying,
  onRetry,
}: {
  mails: readonly OutboxMessage[];
  retrying: number | null;
  onRetry(mail: OutboxMessage): void;
}) {
  const columns: readonly RowsTableColumn<OutboxMessage>[] = [
    { id: 'to', header: 'To', render: (mail) => mail.to },
    { id: 'subject', header: 'Subject', render: (mail) => mail.subject },
    { id: 'when', header: 'When', nowrap: true, render: (mail) => when(mail.createdAt) },
    { id: 'message', header: 'Message', render: (mail) => <Message mail={mail} /> },
    {
      id: 'delivery',
      header: 'Delivery',
      render: (mail) => (
        <Stack gap="xs" align="flex-start">
          <Delivery mail={mail} />
          {mail.status === 'Failed' ? (
            <Button
              size="xs"
              variant="default"
              loading={retrying === mail.id}
              onClick={() => onRetry(mail)}
              aria-label={`Send again to ${mail.to}`}
            >
              Send again
            </Button>
          ) : null}
        </Stack>
      ),
    },
  ];
  return (
    <RowsTable
      rows={mails}
      columns={columns}
      rowKey={(mail) => String(mail.id)}
      caption="Recent e-mails, newest first"
      minWidth={900}
      striped
      verticalSpacing="sm"
    />
  );
}
