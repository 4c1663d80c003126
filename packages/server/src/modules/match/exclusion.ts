import { CLEARING_EXCLUSION_ROUND_STATUSES, formatDate, type MarketRoundStatus } from '@curlew/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { users } from '../../auth/auth.tables.ts';
import { statusWords } from '../../platform/actions/status.ts';
import type { GuardAnswer, HandlerContextBase } from '../../platform/actions/types.ts';
import type { Transaction } from '../../platform/db/connect.ts';
import { pageLink } from '../../platform/mail.ts';
import { agentAuthorities } from '../agent-authorities/agent-authorities.tables.ts';

/** What ExcludeFromClearing and ReinstateInClearing read of a project or a credit requirement. */
interface ExcludableRecord {
  id: string;
  name: string;
  agentId: string | null;
  marketRoundId: string | null;
  marketName: string | null;
  roundName: string | null;
  roundStatus: MarketRoundStatus | null;
  clearingExclusionReason: string | null;
}

/** How one kind of record is excluded: its words, its owner, where its page is and how its row is written. */
interface Excludable<Rec extends ExcludableRecord> {
  /** 'offer' (a project's) or 'bid' (a requirement's). */
  noun: 'offer' | 'bid';
  /** 'project' or 'credit requirement', in the e-mail. */
  recordNoun: string;
  ownerId: (record: Rec) => string;
  /** The record's page in the web app (`RECORD_PAGES`), which the e-mail links to. */
  pagePath: (record: Rec) => string;
  /** Stores the exclusion (reason and time) or clears it (both null). */
  write: (
    tx: Transaction,
    id: string,
    exclusion: { clearingExclusionReason: string | null; clearingExcludedAt: Date | null },
    now: Date,
  ) => Promise<void>;
}

const ok: GuardAnswer = { ok: true };
const refuse = (reason: string): GuardAnswer => ({ ok: false, reason });

/** Why the record's round does not let the operator exclude or reinstate now; undefined when it does. */
function roundRefusal(record: ExcludableRecord, noun: string): string | undefined {
  if (record.roundStatus === null || record.roundName === null)
    return `This ${noun} is not in a market round`;
  if ((CLEARING_EXCLUSION_ROUND_STATUSES as readonly string[]).includes(record.roundStatus)) return undefined;
  return `${record.roundName} is ${statusWords(record.roundStatus)}: ${noun === 'offer' ? 'an offer' : 'a bid'} can be excluded from the clearing or reinstated only after bids and offers close, while no result is pending`;
}

/** When the operator may exclude (not yet excluded) or reinstate (excluded) the record: MARKET.md section 1. */
export const exclusionGuards = <Rec extends ExcludableRecord>(noun: 'offer' | 'bid') => ({
  ExcludeFromClearing: async ({ record }: { record: Rec }): Promise<GuardAnswer> => {
    const refusal = roundRefusal(record, noun);
    if (refusal !== undefined) return refuse(refusal);
    return record.clearingExclusionReason === null
      ? ok
      : refuse(`This ${noun} is already excluded from the clearing`);
  },
  ReinstateInClearing: async ({ record }: { record: Rec }): Promise<GuardAnswer> => {
    const refusal = roundRefusal(record, noun);
    if (refusal !== undefined) return refuse(refusal);
    return record.clearingExclusionReason === null
      ? refuse(`This ${noun} is not excluded from the clearing`)
      : ok;
  },
});

type ExclusionContext<Rec> = HandlerContextBase<{ reason: string }> & { record: Rec };

/**
 * The handlers of ExcludeFromClearing and ReinstateInClearing for one kind of record: store or clear the exclusion,
 * put the reason in the activity entry and e-mail the owner's users and its agent's (with MakeOffersOrBids for the
 * round) after commit. Neither the entry nor the e-mail carries an amount: offers and bids stay sealed.
 */
export function exclusionHandlers<Rec extends ExcludableRecord>(kind: Excludable<Rec>) {
  return {
    ExcludeFromClearing: {
      async handle(context: ExclusionContext<Rec>) {
        const { tx, record, values, now, describe } = context;
        await kind.write(
          tx,
          record.id,
          { clearingExclusionReason: values.reason, clearingExcludedAt: now },
          now,
        );
        describe({ reason: values.reason });
        await tellOwner(context, kind, true);
        return { message: `The ${kind.noun} of ${record.name} is excluded from the clearing` };
      },
    },
    ReinstateInClearing: {
      async handle(context: ExclusionContext<Rec>) {
        const { tx, record, values, now, describe } = context;
        await kind.write(tx, record.id, { clearingExclusionReason: null, clearingExcludedAt: null }, now);
        describe({ reason: values.reason, excludedBecause: record.clearingExclusionReason ?? '' });
        await tellOwner(context, kind, false);
        return { message: `The ${kind.noun} of ${record.name} is back in the clearing` };
      },
    },
  };
}

/** E-mails the owner's users and its agent's (approved with MakeOffersOrBids for the round) about the change. */
async function tellOwner<Rec extends ExcludableRecord>(
  { tx, record, values, now, deps }: ExclusionContext<Rec>,
  kind: Excludable<Rec>,
  excluded: boolean,
): Promise<void> {
  const organisationIds = [kind.ownerId(record)];
  if (record.agentId !== null && record.marketRoundId !== null) {
    const [authorised] = await tx
      .select({ id: agentAuthorities.id })
      .from(agentAuthorities)
      .where(
        and(
          eq(agentAuthorities.clientOrganisationId, kind.ownerId(record)),
          eq(agentAuthorities.agentOrganisationId, record.agentId),
          eq(agentAuthorities.marketRoundId, record.marketRoundId),
          eq(agentAuthorities.approved, true),
          sql`'MakeOffersOrBids' = any(${agentAuthorities.permissions})`,
        ),
      )
      .limit(1);
    if (authorised) organisationIds.push(record.agentId);
  }
  const recipients = await tx
    .selectDistinct({ email: users.email })
    .from(users)
    .where(and(inArray(users.organisationId, organisationIds), eq(users.disabled, false)));
  const link = pageLink(deps.config.publicUrl, kind.pagePath(record));
  const round = record.marketName === null ? record.roundName : `${record.marketName} - ${record.roundName}`;
  const subject = excluded
    ? `The ${kind.noun} of ${record.name} is excluded from the clearing of ${round}`
    : `The ${kind.noun} of ${record.name} is back in the clearing of ${round}`;
  const text = [
    excluded
      ? `On ${formatDate(now)} the market operator excluded the ${kind.noun} of your ${kind.recordNoun} ${record.name} from the clearing of ${round}. It is not matched while it stays excluded.`
      : `On ${formatDate(now)} the market operator reinstated the ${kind.noun} of your ${kind.recordNoun} ${record.name} in the clearing of ${round}.`,
    '',
    `Reason: ${values.reason}`,
    '',
    `See the ${kind.recordNoun} at ${link}`,
  ].join('\n');
  for (const { email } of recipients) await deps.mailer.send({ to: email, subject, text, link });
}
