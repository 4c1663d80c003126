import {
  CREDIT_STATUS_LABELS,
  CREDIT_TYPE_LABELS,
  type CreditTrace,
  type RegistryCredit,
  type RegistryCreditQuery,
  type ReservedCredit,
  type ReservedCreditRecord,
  registryCreditQuerySchema,
  reservedCreditQuerySchema,
} from '@curlew/domain';
import { eq, sql } from 'drizzle-orm';
import { searchDocumentOf } from '../../platform/db/search-document.ts';
import type { ScopedRecord } from '../../platform/read/entity-module.ts';
import type { DescribedList } from '../../platform/read/list-route.ts';
import { allocations, reservedCredits } from '../match/match.tables.ts';
import { organisations } from '../organisations/organisations.tables.ts';
import { projects } from '../projects/projects.tables.ts';
import { creditRequirements, requirementCredits } from '../requirements/requirements.tables.ts';
import { marketRounds } from '../rounds/rounds.tables.ts';
import { type CreditRow, creditInRegistryScope, presentCredits, selectCredits } from './registry.repo.ts';
import {
  findReserve,
  presentReserve,
  type ReserveQuery,
  type ReserveRow,
  selectReserve,
} from './registry.reserve.ts';
import { reserveScope } from './registry.scope.ts';
import { traceCredit } from './registry.trace.ts';

/**
 * `GET /api/credits/registry`: the requirement credits in the registry the reader may see (q on the requirement,
 * its planning reference and its owner; market, round, credit type, status, owner, LPA, supplying project and
 * requirement; sorted by REGISTRY_CREDIT_SORT_KEYS; `format=csv|xlsx`, at most 100,000 rows).
 */
export const creditRegistryList: DescribedList<RegistryCreditQuery, CreditRow, RegistryCredit> = {
  query: registryCreditQuerySchema,
  itemType: 'RegistryCredit',
  table: requirementCredits,
  id: requirementCredits.id,
  joins: [
    { table: creditRequirements, on: eq(creditRequirements.id, requirementCredits.requirementId) },
    { table: organisations, on: eq(organisations.id, creditRequirements.buyerId) },
  ],
  scope: creditInRegistryScope,
  filters: {
    marketId: (id) => eq(creditRequirements.marketId, id),
    roundId: (id) => eq(creditRequirements.marketRoundId, id),
    creditType: (type) => eq(requirementCredits.type, type),
    status: (status) => eq(requirementCredits.status, status),
    ownerId: (id) => eq(creditRequirements.buyerId, id),
    lpaId: (id) => eq(creditRequirements.lpaId, id),
    requirementId: (id) => eq(creditRequirements.id, id),
    projectId: (id) =>
      sql`exists (select 1 from ${allocations} where ${allocations.requirementCreditId} = ${requirementCredits.id} and ${allocations.projectId} = ${id})`,
  },
  sort: {
    requirement: creditRequirements.name,
    status: requirementCredits.status,
    creditType: requirementCredits.type,
    units: requirementCredits.actualUnits,
    owner: organisations.name,
    round: {
      column: marketRounds.name,
      join: { table: marketRounds, on: eq(marketRounds.id, creditRequirements.marketRoundId) },
    },
  },
  search: [creditRequirements.name, creditRequirements.planningRef, organisations.name],
  document: searchDocumentOf(creditRequirements),
  rows: ({ db }, where) => selectCredits(db).where(where),
  present: (rows, { db }) => presentCredits(db, rows),
  export: {
    filename: 'credits-registry',
    sheet: 'Credits',
    maxRows: 100_000,
    columns: [
      { header: 'Credit requirement', width: 32, value: (credit) => credit.requirement.name },
      { header: 'Owner', width: 28, value: (credit) => credit.owner.name },
      { header: 'Credit type', width: 28, value: (credit) => CREDIT_TYPE_LABELS[credit.creditType] },
      { header: 'Status', width: 18, value: (credit) => CREDIT_STATUS_LABELS[credit.status] },
      { header: 'Units', width: 10, value: (credit) => credit.units },
      {
        header: 'Duration',
        width: 14,
        value: (credit) =>
          credit.isPermanent || credit.years === null ? 'Permanent' : `${credit.years} years`,
      },
      { header: 'Delivery years', width: 18, value: (credit) => credit.deliveryYears.join('; ') },
      {
        header: 'Source projects',
        width: 36,
        value: (credit) => credit.sources.map((source) => source.name).join('; '),
      },
      { header: 'Planning reference', width: 20, value: (credit) => credit.planningRef ?? '' },
      { header: 'Local planning authority', width: 28, value: (credit) => credit.lpa?.name ?? '' },
      { header: 'Market', width: 24, value: (credit) => credit.market?.name ?? '' },
      { header: 'Market round', width: 24, value: (credit) => credit.round?.name ?? '' },
    ],
  },
};

/**
 * `GET /api/reserved-credits`: the reserve held by the projects the reader may see (q on the project's name;
 * market, round, credit type, project; sorted by RESERVED_CREDIT_SORT_KEYS; `format=csv|xlsx`, at most 100,000 rows).
 */
export const reservedCreditList: DescribedList<ReserveQuery, ReserveRow, ReservedCredit> = {
  query: reservedCreditQuerySchema,
  itemType: 'ReservedCredit',
  table: reservedCredits,
  id: reservedCredits.id,
  joins: [
    { table: projects, on: eq(projects.id, reservedCredits.projectId) },
    { table: marketRounds, on: eq(marketRounds.id, reservedCredits.marketRoundId) },
  ],
  scope: reserveScope,
  filters: {
    marketId: (id) => eq(marketRounds.marketId, id),
    roundId: (id) => eq(reservedCredits.marketRoundId, id),
    creditType: (type) => eq(reservedCredits.creditType, type),
    projectId: (id) => eq(reservedCredits.projectId, id),
  },
  sort: {
    project: projects.name,
    creditType: reservedCredits.creditType,
    year: reservedCredits.year,
    units: reservedCredits.units,
    round: marketRounds.name,
  },
  search: [projects.name],
  rows: ({ db }, where) => selectReserve(db).where(where),
  present: (rows) => rows.map(presentReserve),
  export: {
    filename: 'reserved-credits',
    sheet: 'Reserved credits',
    maxRows: 100_000,
    columns: [
      { header: 'Project', width: 32, value: (credit) => credit.project.name },
      { header: 'Credit type', width: 28, value: (credit) => CREDIT_TYPE_LABELS[credit.creditType] },
      { header: 'Year', width: 8, value: (credit) => credit.year },
      { header: 'Units', width: 10, value: (credit) => credit.units },
      { header: 'Used units', width: 12, value: (credit) => credit.usedUnits },
      { header: 'Voided units', width: 12, value: (credit) => credit.voidedUnits },
      { header: 'Remaining units', width: 16, value: (credit) => credit.remainingUnits },
      { header: 'Local planning authority', width: 28, value: (credit) => credit.lpa?.name ?? '' },
      { header: 'National character area', width: 28, value: (credit) => credit.nca?.name ?? '' },
      { header: 'Market', width: 24, value: (credit) => credit.market?.name ?? '' },
      { header: 'Market round', width: 24, value: (credit) => credit.round.name },
    ],
  },
};

/** `GET /api/credits/registry/{creditId}`: a credit in the reader's registry scope, traced from site to development. */
export const creditTraceRecord: ScopedRecord<CreditTrace, CreditTrace> = {
  path: 'credits/registry',
  noun: 'credit',
  answerType: 'CreditTrace',
  summary: "One credit in the reader's registry scope, traced from site to development (404 outside it)",
  load: ({ deps, actor }, id) => traceCredit(deps.db, actor, id),
  present: ({ record }) => record,
};

/** `GET /api/reserved-credit/{id}`: a reserved credit in the reader's scope and what it has covered. */
export const reservedCreditRecord: ScopedRecord<ReservedCreditRecord, ReservedCreditRecord> = {
  path: 'reserved-credit',
  noun: 'reserved credit',
  answerType: 'ReservedCreditRecord',
  load: ({ deps, actor }, id) => findReserve(deps.db, actor, id),
  present: ({ record }) => record,
};
