import {
  AMOUNT_MESSAGES,
  type BidderType,
  type CreditType,
  type ImportBidChange,
  type ImportDataPreview,
  type ImportOfferChange,
  type ImportRowError,
  moneyProblem,
} from '@curlew/domain';
import { statusWords } from '../../platform/actions/status.ts';
import type { ClearingProject, ClearingRequirement } from '../match/instance.types.ts';
import type { RoundCandidates } from './datasets.load.ts';
import type { ImportDataset, ImportTable } from './import-read.ts';

/** What an import is asked to do: the bidders and the credit type whose rows it reads. */
export interface ImportChoice {
  bidderType: BidderType;
  creditType: CreditType;
}

/** The id suffix of a buyer's ongoing-only alternative in the data sets and the clearing. */
const ONGOING_ONLY_SUFFIX = '/ongoing-only';

type Row = ImportTable['records'][number];
type BidRow = { amount: number | null; line: number; file: ImportTable['file']; sheet: string | null };
type Fail = (row: Row, column: string | null, message: string) => void;

/**
 * The amount a cell gives: blank is none; otherwise an amount keeping the money rule (greater than 0, whole pence,
 * at most £1,000,000,000), or the rule's message.
 */
const amountOf = (text: string): number | null | { problem: string } => {
  if (text === '') return null;
  const value = Number(text.replace(/^£/, '').replaceAll(',', ''));
  const problem = Number.isNaN(value) ? AMOUNT_MESSAGES.notFinite : moneyProblem(value);
  return problem === undefined
    ? Math.round(value * 100) / 100
    : { problem: `${problem}, or blank to leave it unchanged` };
};

/** Finds a record by its id column, else by its exact name; an error when neither names exactly one. */
function findRecord<T extends { id: string; name: string }>(
  records: readonly T[],
  id: string,
  name: string,
  noun: string,
  idColumn: string,
  nameColumn: string,
): T | { column: string; message: string } {
  if (id !== '') {
    return (
      records.find((r) => r.id === id) ?? {
        column: idColumn,
        message: `No ${noun} of this round has the id ${id}`,
      }
    );
  }
  const named = records.filter((r) => r.name === name);
  if (named.length === 1 && named[0]) return named[0];
  if (name === '') return { column: nameColumn, message: `Name the ${noun}` };
  return named.length === 0
    ? { column: nameColumn, message: `No ${noun} of this round is named "${name}"` }
    : {
        column: nameColumn,
        message: `${named.length} ${noun}s of this round are named "${name}": give its ${idColumn}`,
      };
}

/** Which data sets the bidder type reads, and the sentence refusing one it does not. */
const BIDDER_DATASETS: Record<BidderType, ImportDataset[]> = {
  Buyers: ['suppliers', 'buyers'],
  Investors: ['suppliers', 'investors'],
  BuyersAndInvestors: ['suppliers', 'buyers', 'investors'],
};

/**
 * Plans an import (pure): every row of the tables matched to a project or requirement of the round that may be
 * offered or bid (as the data sets list them), by its id column when given, else by its exact name; rows of another
 * credit type are left alone, as are rows without an offer or bid. What it would change and each row's problem
 * (row, column, message) come back together; nothing is saved here.
 */
export function planImport(
  tables: readonly ImportTable[],
  candidates: RoundCandidates,
  choice: ImportChoice,
  fileErrors: readonly ImportRowError[],
): ImportDataPreview {
  const errors: ImportRowError[] = [...fileErrors];
  const { built } = candidates;
  const projectIds = new Set(built.instance.projects.map((p) => p.id));
  const projects = candidates.projects.filter((p) => projectIds.has(p.id));
  const requirementIds = new Set(Object.values(built.requirements).map((r) => r.requirementId));
  const requirements = candidates.requirements.filter((r) => requirementIds.has(r.id));
  const offers = new Map<string, { change: ImportOfferChange; line: number }>();
  const bids = new Map<string, { main?: BidRow; alt?: BidRow }>();
  let rows = 0;
  let unchanged = 0;

  for (const table of tables) {
    const fail: Fail = (row, column, message) =>
      errors.push({ file: table.file, sheet: table.sheet, row: row.line, column, message });
    if (!BIDDER_DATASETS[choice.bidderType].includes(table.dataset)) {
      errors.push({
        file: table.file,
        sheet: table.sheet,
        row: null,
        column: null,
        message: `The ${table.dataset} data set is not read when the bidders are ${choice.bidderType === 'Buyers' ? 'buyers' : 'investors'} only`,
      });
      continue;
    }
    for (const row of table.records) {
      rows += 1;
      const v = row.values;
      const creditType = v.creditType ?? '';
      if (creditType !== '' && creditType !== choice.creditType) {
        unchanged += 1;
        continue;
      }
      if (table.dataset === 'suppliers') {
        const found = findRecord(
          projects,
          v.projectId ?? '',
          v.project ?? '',
          'project',
          'projectId',
          'project',
        );
        if (!('id' in found)) {
          fail(row, found.column, notOfferable(found.message, candidates.projects, v, built.leftOut));
          continue;
        }
        const amount = amountOf(v.offer ?? '');
        if (amount === null) unchanged += 1;
        else if (typeof amount !== 'number') fail(row, 'offer', amount.problem);
        if (typeof amount !== 'number') continue;
        const known = offers.get(found.id);
        if (known && known.change.offer !== amount) {
          fail(row, 'offer', `Row ${known.line} gives this project another offer (${known.change.offer})`);
          continue;
        }
        if (!known) offers.set(found.id, { change: offerChange(found, amount), line: row.line });
        continue;
      }
      const rawId = v.requirementId ?? '';
      const alt =
        rawId.endsWith(ONGOING_ONLY_SUFFIX) || ['true', 'yes'].includes((v.ongoingOnly ?? '').toLowerCase());
      const own = requirements.filter((r) => (r.type === 'Buyer') === (table.dataset === 'buyers'));
      const found = findRecord(
        own,
        rawId.replace(ONGOING_ONLY_SUFFIX, ''),
        v.requirement ?? '',
        'requirement',
        'requirementId',
        'requirement',
      );
      if (!('id' in found)) {
        fail(row, found.column, found.message);
        continue;
      }
      if (alt && !built.requirements[`${found.id}${ONGOING_ONLY_SUFFIX}`] && !acceptsOngoingOnly(found)) {
        fail(row, 'ongoingOnly', 'This requirement does not take ongoing units alone');
        continue;
      }
      const amount = amountOf(v.bid ?? '');
      if (amount !== null && typeof amount !== 'number') {
        fail(row, 'bid', amount.problem);
        continue;
      }
      const entry = bids.get(found.id) ?? {};
      const side = alt ? 'alt' : 'main';
      const known = entry[side];
      if (known && known.amount !== amount) {
        fail(row, 'bid', `Row ${known.line} gives this requirement another ${alt ? 'ongoing-only ' : ''}bid`);
        continue;
      }
      entry[side] = { amount, line: row.line, file: table.file, sheet: table.sheet };
      bids.set(found.id, entry);
    }
  }

  const bidChanges: ImportBidChange[] = [];
  for (const [id, entry] of bids) {
    const requirement = requirements.find((r) => r.id === id);
    if (!requirement) continue;
    const bid = entry.main?.amount ?? null;
    if (bid === null) {
      unchanged += (entry.main ? 1 : 0) + (entry.alt ? 1 : 0);
      if (entry.alt && entry.alt.amount !== null)
        errors.push(bidError(entry.alt, 'An ongoing-only bid needs the requirement’s own bid on its row'));
      continue;
    }
    const ongoing = entry.alt?.amount ?? null;
    bidChanges.push({
      requirement: { id, name: requirement.name, self: `/requirement/${id}` },
      bidder: requirement.buyer.name,
      bid,
      acceptOngoingOnly: ongoing !== null,
      bidOngoingOnly: ongoing,
      before: requirement.bid ?? null,
    });
  }
  return {
    offers: [...offers.values()]
      .map((o) => o.change)
      .sort((a, b) => a.project.name.localeCompare(b.project.name)),
    bids: bidChanges.sort((a, b) => a.requirement.name.localeCompare(b.requirement.name)),
    rows,
    unchanged,
    errors: errors.sort(
      (a, b) =>
        a.file.localeCompare(b.file) ||
        (a.sheet ?? '').localeCompare(b.sheet ?? '') ||
        (a.row ?? 0) - (b.row ?? 0),
    ),
  };
}

const offerChange = (project: ClearingProject, offer: number): ImportOfferChange => ({
  project: { id: project.id, name: project.name, self: `/project/${project.id}` },
  supplier: project.supplier.name,
  offer,
  before: project.offer ?? null,
});

const acceptsOngoingOnly = (requirement: ClearingRequirement) =>
  requirement.buyerCredits?.nutrientType === 'both' &&
  requirement.buyerCredits.nutrientAcceptOngoingOnly === true;

const bidError = (row: BidRow, message: string): ImportRowError => ({
  file: row.file,
  sheet: row.sheet,
  row: row.line,
  column: 'bid',
  message,
});

/** Why a project named by a row cannot be offered: the reason it is left out, or the lookup's message. */
function notOfferable(
  message: string,
  all: readonly ClearingProject[],
  values: Record<string, string>,
  leftOut: RoundCandidates['built']['leftOut'],
): string {
  const project = all.find(
    (p) => p.id === values.projectId || (!values.projectId && p.name === values.project),
  );
  if (!project) return message;
  const reason = leftOut.find((l) => l.kind === 'project' && l.id === project.id)?.reason;
  if (reason) return `${project.name} cannot be offered in this round: ${reason}`;
  return `${project.name} is ${statusWords(project.status)}: only certified or offered projects take an offer`;
}
