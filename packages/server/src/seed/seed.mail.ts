import { RECORD_PAGES } from '@curlew/domain';
import { inArray } from 'drizzle-orm';
import { marketRounds } from '../modules/rounds/rounds.tables.ts';
import type { Transaction } from '../platform/db/connect.ts';
import { mailOutbox } from '../platform/mail.tables.ts';
import { DEMO_ROUNDS } from './seed.rounds.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The demo outbox: the round e-mails of the last weeks in every state the System page shows: sent, sent after a
 * refusal, given up (Failed, to send again) and waiting (as every e-mail does without SMTP_URL).
 */
export async function seedDemoMail(
  tx: Transaction,
  context: { marketId: string; marketName: string; now: Date; publicUrl: string },
): Promise<void> {
  const { marketId, marketName, now, publicUrl } = context;
  const rounds = await tx
    .select({ id: marketRounds.id, name: marketRounds.name })
    .from(marketRounds)
    .where(inArray(marketRounds.name, [DEMO_ROUNDS.open, DEMO_ROUNDS.bidding, DEMO_ROUNDS.closed]));
  const linkOf = (name: string): string => {
    const round = rounds.find((each) => each.name === name);
    if (!round) throw new Error(`Demo round ${name} was not inserted`);
    return `${publicUrl}${RECORD_PAGES.round(marketId, round.id)}`;
  };
  const at = (ago: number) => new Date(now.getTime() - ago);
  const mail = (to: string, subject: string, round: string, ago: number) => {
    const link = linkOf(round);
    return {
      to: `${to}@curlew.example`,
      subject,
      text: `${subject}.\n\nSee the round at ${link}`,
      link,
      createdAt: at(ago),
      nextAttemptAt: at(ago),
    };
  };
  const bidsOpened = `${marketName} - ${DEMO_ROUNDS.bidding} is open for bids and offers`;
  const closed = `Registration for ${marketName} - ${DEMO_ROUNDS.closed} has closed`;
  const opened = `${marketName} - ${DEMO_ROUNDS.open} is open for registration`;
  await tx.insert(mailOutbox).values([
    ...['supplier', 'buyer'].map((to) => ({
      ...mail(to, closed, DEMO_ROUNDS.closed, 20 * DAY),
      status: 'Sent' as const,
      attempts: 1,
      sentAt: at(20 * DAY - 2_000),
    })),
    ...['supplier', 'investor'].map((to) => ({
      ...mail(to, bidsOpened, DEMO_ROUNDS.bidding, 6 * DAY),
      status: 'Sent' as const,
      attempts: 2,
      lastError: 'Service not available, closing transmission channel (421)',
      sentAt: at(6 * DAY - 60_000),
    })),
    {
      ...mail('buyer', bidsOpened, DEMO_ROUNDS.bidding, 6 * DAY),
      status: 'Failed' as const,
      attempts: 10,
      lastError: "Can't send mail - all recipients were rejected: 550 5.1.1 Mailbox unavailable",
      nextAttemptAt: at(2 * DAY),
    },
    ...['supplier', 'investor'].map((to) => ({
      ...mail(to, opened, DEMO_ROUNDS.open, 2 * HOUR),
      status: 'Pending' as const,
    })),
  ]);
}
