import { formatDate, RECORD_PAGES, REGISTRATION_PERIODS } from '@curlew/domain';
import { and, eq, ne } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import type { HandlerContextBase } from '../../platform/actions/types.ts';
import { participations } from '../participations/participations.tables.ts';
import type { RoundRecord } from './rounds.repo.ts';
import { WINDOW_WORDS } from './rounds.windows.ts';

/** The round moves participants hear about. */
type RoundMailEvent = 'registrationOpened' | 'registrationClosed' | 'bidsOpened' | 'bidsClosed';

const SUBJECTS = {
  registrationOpened: (name: string) => `${name} is open for registration`,
  registrationClosed: (name: string) => `Registration for ${name} has closed`,
  bidsOpened: (name: string) => `${name} is open for bids and offers`,
  bidsClosed: (name: string) => `Bids and offers for ${name} have closed`,
} as const satisfies Record<RoundMailEvent, (name: string) => string>;

const datesText = (round: RoundRecord): string =>
  REGISTRATION_PERIODS.flatMap((period) => {
    const window = round.registrationDates[period];
    return window
      ? [`${WINDOW_WORDS[period]}: ${formatDate(window.start)} to ${formatDate(window.end)}`]
      : [];
  }).join('\n');

/**
 * E-mails the users of every organisation taking part in the round (not withdrawn) about a move, with the dates and
 * a link to the round's page; queued in the outbox in the action's transaction.
 */
export async function roundStatusMail(
  context: HandlerContextBase<unknown> & { record: RoundRecord },
  event: RoundMailEvent,
): Promise<void> {
  const { tx, record, deps, now } = context;
  const rows = await tx
    .selectDistinct({ email: users.email })
    .from(participations)
    .innerJoin(users, eq(users.organisationId, participations.organisationId))
    .where(
      and(
        eq(participations.marketRoundId, record.id),
        ne(participations.status, 'Withdrawn'),
        eq(users.disabled, false),
      ),
    );
  const subject = SUBJECTS[event](`${record.marketName} - ${record.name}`);
  const dates = datesText(record);
  const link = `${deps.config.publicUrl}${RECORD_PAGES.round(record.marketId, record.id)}`;
  const text = [
    `${subject} (${formatDate(now)}).`,
    dates === '' ? '' : `\nKey dates:\n${dates}`,
    `\nSee the round at ${link}`,
  ].join('\n');
  for (const { email } of rows) await deps.mailer.send({ to: email, subject, text, link });
}
