import { MAIL_STATUSES, type MailStatus, type OutboxAnswer, type OutboxMessage } from '@curlew/domain';
import { Button, Group, Pagination, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { showToast } from '../../app/toasts.ts';
import { OutboxTable } from './OutboxTable.tsx';
import { OUTBOX_PAGE_SIZE, OUTBOX_QUERY_KEY, useOutbox, useRetryMail } from './outboxApi.ts';
import { SystemSection } from './SystemSection.tsx';
import { SYSTEM_QUERY_KEY } from './systemApi.ts';

const ALL = 'All';

/** How the server sends e-mail, in words. */
const transportText = (transport: OutboxAnswer['transport']): string =>
  transport === 'smtp'
    ? 'E-mails are sent through the mail server (SMTP_URL) by every server process. One the mail server refuses is tried again after a minute, then after doubling waits of up to an hour; after 10 attempts it is kept here as Failed until you send it again.'
    : 'No mail server is configured (SMTP_URL), so e-mails are kept here and not sent. Their codes open accounts: share them only with the person they were written for.';

/** The words when no e-mail matches. */
const noneText = (recipient: string, status: MailStatus | undefined): string =>
  recipient
    ? `No e-mails to ${recipient}${status ? ` that are ${status.toLowerCase()}` : ''}.`
    : status
      ? `No ${status.toLowerCase()} e-mails.`
      : 'No e-mails yet.';

/**
 * The mail outbox: every e-mail and where it stands (waiting, failed with the last error), by recipient and status,
 * a failed one sent again from here.
 */
export function OutboxSection() {
  const queryClient = useQueryClient();
  const retry = useRetryMail();
  const [typed, setTyped] = useState('');
  const [recipient, setRecipient] = useState('');
  const [status, setStatus] = useState<MailStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [retrying, setRetrying] = useState<number | null>(null);
  const outbox = useOutbox({ to: recipient || undefined, status, page });
  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRecipient(typed.trim());
    setPage(1);
  };
  const sendAgain = async (mail: OutboxMessage) => {
    setRetrying(mail.id);
    try {
      await retry(mail.id);
      showToast(`The e-mail to ${mail.to} is queued to be sent again`, 'success');
    } catch (error) {
      showToast(error instanceof Error ? error.message : 'The e-mail could not be queued again', 'error');
    } finally {
      setRetrying(null);
      void queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: SYSTEM_QUERY_KEY });
    }
  };
  const answer = outbox.data;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / OUTBOX_PAGE_SIZE)) : 1;
  return (
    <SystemSection
      id="outbox"
      title="Mail outbox"
      what="the mail outbox"
      loading={outbox.isPending}
      error={outbox.error}
    >
      {answer ? <Text>{transportText(answer.transport)}</Text> : null}
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
      {answer ? (
        <SegmentedControl
          aria-label="Status"
          value={status ?? ALL}
          onChange={(value) => {
            setStatus(value === ALL ? undefined : (value as MailStatus));
            setPage(1);
          }}
          data={[
            {
              value: ALL,
              label: `All (${MAIL_STATUSES.reduce((sum, each) => sum + answer.counts[each], 0)})`,
            },
            ...MAIL_STATUSES.map((each) => ({ value: each, label: `${each} (${answer.counts[each]})` })),
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      ) : null}
      {answer && answer.items.length === 0 ? <Text>{noneText(recipient, status)}</Text> : null}
      {answer && answer.items.length > 0 ? (
        <OutboxTable mails={answer.items} retrying={retrying} onRetry={(mail) => void sendAgain(mail)} />
      ) : null}
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" /> : null}
    </SystemSection>
  );
}
