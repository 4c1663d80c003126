import {
  CREDIT_TYPE_LABELS,
  type CreditRequirement,
  formatIsoDate,
  REGISTRY_REQUIREMENT_STATUSES,
  type RequirementListItem,
  type RequirementListQuery,
  requirementListQuerySchema,
} from '@curlew/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { searchDocumentOf } from '../../platform/db/search-document.ts';
import type { ReadModel, RecordPresenter } from '../../platform/read/entity-module.ts';
import { listOwnerFiles } from '../files/files.repo.ts';
import { requirementOutcome } from '../match/outcome.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import type { RequirementRecord } from './requirements.kind.ts';
import { presentRequirement, presentRequirementListItem } from './requirements.present.ts';
import { creditsOf, findBid, requirementInScope, selectRequirementsFor } from './requirements.repo.ts';
import { type RequirementRelation, requirementScope, seesBid } from './requirements.scope.ts';
import { creditRequirements } from './requirements.tables.ts';

/**
 * A requirement for its reader: the bid (and the round's outcome) only for those who may see it; the checklist for
 * everyone but a local planning authority.
 */
const presentFor: RecordPresenter<RequirementRecord, RequirementRelation, CreditRequirement> = async ({
  deps,
  db,
  record,
  access,
  actions,
}) => {
  const credits = (await creditsOf(db, [record.id])).get(record.id) ?? [];
  const files = await listOwnerFiles(db, { ownerType: 'requirement', ownerId: record.id });
  const sealed = seesBid(access);
  const bid = sealed ? ((await findBid(db, record.id)) ?? null) : undefined;
  const presented = presentRequirement(record, {
    credits,
    documents: files.map((file) => ({
      tag: file.tag,
      fileId: file.id,
      name: file.filename,
      uploadedAt: file.uploadedAt,
    })),
    bid,
    actions,
    now: deps.clock(),
    checklist: access.relation !== 'lpa',
  });
  if (sealed) presented.outcome = await requirementOutcome(db, record);
  return presented;
};

type RequirementRow = Awaited<ReturnType<typeof selectRequirementsFor>>[number];

/**
 * The read side of credit requirements: `GET /api/requirements` (q on the name and planning reference; roundId,
 * status, type, creditType, lpaId, registry, lateRedemptions; sorted by REQUIREMENT_SORT_KEYS; `format=csv|xlsx`, at
 * most 100,000 rows) and `GET /api/requirement/{id}`, scoped; never a bid in a list or export row, and on a record
 * only for those who may see it. A local planning authority reads only.
 */
export const requirementRead: ReadModel<
  RequirementRecord,
  RequirementRelation,
  CreditRequirement,
  RequirementListQuery,
  RequirementRow,
  RequirementListItem
> = {
  record: {
    readOnly: ['lpa'],
    present: { operator: presentFor, member: presentFor, agent: presentFor, lpa: presentFor },
    answerType: 'CreditRequirement',
  },
  list: {
    query: requirementListQuerySchema,
    itemType: 'RequirementListItem',
    table: creditRequirements,
    id: creditRequirements.id,
    scope: (actor) => requirementScope(actor).where,
    filters: {
      roundId: (id) => eq(creditRequirements.marketRoundId, id),
      status: (status) => eq(creditRequirements.status, status),
      type: (type) => eq(creditRequirements.type, type),
      creditType: (type) => sql`${creditRequirements.creditTypes} @> array[${type}]::text[]`,
      lpaId: (id) => eq(creditRequirements.lpaId, id),
      registry: (on) =>
        on ? inArray(creditRequirements.status, [...REGISTRY_REQUIREMENT_STATUSES]) : undefined,
      // Past the redemption date today and not redeemed or retired (the late-redemption registry).
      lateRedemptions: (on, { now }) =>
        on
          ? sql`${creditRequirements.redemptionDate} < ${formatIsoDate(now)} and ${creditRequirements.status} not in ('Draft', 'CreditsRedeemed', 'Retired')`
          : undefined,
    },
    sort: {
      name: creditRequirements.name,
      status: creditRequirements.status,
      type: creditRequirements.type,
      // The buyer's name is kept on the requirement (indexed with the id), so only a round sort joins.
      buyer: creditRequirements.buyerName,
      round: {
        column: marketRounds.name,
        join: { table: marketRounds, on: eq(marketRounds.id, creditRequirements.marketRoundId) },
      },
      createdAt: creditRequirements.createdAt,
    },
    search: [creditRequirements.name, creditRequirements.planningRef],
    document: searchDocumentOf(creditRequirements),
    rows: ({ db, actor }, where) => selectRequirementsFor(db, actor, where),
    present: (rows) =>
      rows.flatMap((row) => {
        const found = requirementInScope(row);
        return found === null ? [] : [presentRequirementListItem(found.record)];
      }),
    export: {
      filename: 'credit-requirements',
      sheet: 'Credit requirements',
      maxRows: 100_000,
      columns: [
        { header: 'Name', width: 32, value: (item) => item.name },
        { header: 'Type', width: 12, value: (item) => item.type },
        { header: 'Status', width: 18, value: (item) => item.status },
        { header: 'Buyer or investor', width: 28, value: (item) => item.buyer.name },
        { header: 'Agent', width: 28, value: (item) => item.agent?.name ?? null },
        { header: 'Market', width: 24, value: (item) => item.market?.name ?? null },
        { header: 'Market round', width: 24, value: (item) => item.round?.name ?? null },
        {
          header: 'Credit types',
          width: 36,
          value: (item) => item.creditTypes.map((type) => CREDIT_TYPE_LABELS[type]).join('; '),
        },
        { header: 'Units', width: 10, value: (item) => item.units },
        { header: 'Local planning authority', width: 28, value: (item) => item.lpa?.name ?? null },
        { header: 'Planning reference', width: 20, value: (item) => item.planningRef },
        { header: 'Redemption date', width: 16, value: (item) => item.redemptionDate },
        { header: 'Group', width: 28, value: (item) => item.group?.name ?? null },
        { header: 'Created', width: 24, value: (item) => item.createdAt },
      ],
    },
  },
};
