import { formatDateTime } from '@curlew/domain';
import { Alert, Button, Code, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { PageLoader } from '../../app/shell/PageLoader.tsx';
import { usePageTitle } from '../../app/shell/usePageTitle.ts';
import { DISPLAY_TIME_ZONE } from '../activity/display.ts';
import { type OutboxMail, useOutbox } from './outboxApi.ts';

/** What the outbox error says: production servers keep no outbox to show. */
const outboxErrorText = (error: Error): string =>
  error instanceof ApiError && error.status === 404
    ? 'This server keeps no mail outbox to show: it runs in production, where e-mail is sent, not kept.'
    : `The mail outbox could not be loaded: ${error.message}`;

/** The e-mails of the outbox: recipient, subject, when and the message (codes and links included). */
function OutboxTable({ mails }: { mails: readonly OutboxMail[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped captionSide="top" verticalSpacing="sm">
        <Table.Caption>Recent e-mails, newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>To</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td>{mail.to}</Table.Td>
              <Table.Td>{mail.subject}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(mail.createdAt, { timeZone: DISPLAY_TIME_ZONE })}
              </Table.Td>
              <Table.Td>
                <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {mail.text}
                </Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** system (sysadmin only): the development mail outbox, where e-mails wait when no SMTP server is set. */
export function SystemPage() {
  usePageTitle('System');
  const [typed, setTyped] = useState('');
  const [recipient, setRecipient] = useState('');
  const outbox = useOutbox(recipient || undefined);
  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRecipient(typed.trim());
  };
  return (
    <Stack gap="lg">
      <Title order={1}>System</Title>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Mail outbox
        </Title>
        <Text>
          Without an SMTP server, e-mails (sign-up codes, reset codes, invitations) are kept here instead of
          being sent. Their codes open accounts: share them only with the person they were written for.
        </Text>
        <form onSubmit={filter} aria-label="Filter the mail outbox">
          <Group align="end">
            <TextInput
              label="Recipient"
              description="Show only e-mails sent to this address"
              type="email"
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              maxLength={254}
            />
            <Button type="submit" variant="default">
              Filter
            </Button>
            <Button variant="subtle" onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
              Refresh
            </Button>
          </Group>
        </form>
        {outbox.isPending ? <PageLoader /> : null}
        {outbox.error ? <Alert color="red">{outboxErrorText(outbox.error)}</Alert> : null}
        {outbox.data && outbox.data.length === 0 ? (
          <Text>{recipient ? `No e-mails to ${recipient}.` : 'No e-mails yet.'}</Text>
        ) : null}
        {outbox.data && outbox.data.length > 0 ? <OutboxTable mails={outbox.data} /> : null}
      </Stack>
    </Stack>
  );
}
