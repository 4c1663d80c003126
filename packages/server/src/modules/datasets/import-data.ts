import {
  IMPORT_DATA_FILE_FIELDS,
  type ImportDataFile,
  type ImportDataPreview,
  importData,
  importErrorText,
} from '@curlew/domain';
import { transitionAll } from '../../platform/actions/status.ts';
import type { Actor } from '../../platform/actions/types.ts';
import type { ReceivedFile } from '../../platform/actions/uploads.ts';
import type { Queryable, Transaction } from '../../platform/db/connect.ts';
import { AppError } from '../../platform/errors.ts';
import { projectKind } from '../projects/projects.kind.ts';
import { lockProjectStatuses, updateProject } from '../projects/projects.repo.ts';
import { requirementKind } from '../requirements/requirements.kind.ts';
import { lockRequirementStatuses, writeBid } from '../requirements/requirements.repo.ts';
import { loadCandidates } from './datasets.load.ts';
import { type ImportChoice, planImport } from './import-plan.ts';
import { readImportFiles } from './import-read.ts';

const FILE_LABELS = Object.fromEntries(
  importData.fields
    .filter((f) => (IMPORT_DATA_FILE_FIELDS as readonly string[]).includes(f.id))
    .map((f) => [f.id, f.label]),
) as Record<ImportDataFile, string>;

/** The preview of an import: the files read and every row planned against the round, nothing saved. */
export async function previewImport(
  db: Queryable,
  roundId: string,
  choice: ImportChoice,
  files: readonly ReceivedFile[],
  now: Date,
): Promise<ImportDataPreview> {
  const { tables, errors } = await readImportFiles(files);
  return planImport(tables, await loadCandidates(db, roundId, now), choice, errors);
}

const ENTRY = { action: 'ImportData', title: 'Import data' } as const;

/**
 * ImportData's work inside its transaction: plans the import as the preview does and, when no row has a problem,
 * saves every offer and bid (a Certified project becomes Offered, a Registered requirement Bid, by `transitionAll`);
 * otherwise nothing is saved and the answer is 422 with one error per problem at its file field
 * ("Suppliers, row 3, offer: ...").
 */
export async function applyImport(
  tx: Transaction,
  input: { roundId: string; choice: ImportChoice; files: readonly ReceivedFile[]; now: Date; actor: Actor },
): Promise<{ offers: number; bids: number }> {
  const { now, actor } = input;
  const preview = await previewImport(tx, input.roundId, input.choice, input.files, now);
  if (preview.errors.length > 0) {
    const errors = preview.errors.map((error) => ({
      path: error.file,
      message: importErrorText(error, FILE_LABELS[error.file]),
    }));
    throw new AppError(
      'validation',
      `Nothing was imported: ${errors.length === 1 ? errors[0]?.message : `${errors.length} rows have problems`}`,
      { errors },
    );
  }
  if (preview.offers.length === 0 && preview.bids.length === 0)
    throw new AppError('validation', 'Nothing to import: no row gives an offer or a bid', {
      errors: [{ path: '', message: 'Nothing to import: no row gives an offer or a bid' }],
    });
  const entry = { ...ENTRY, now };
  const projectStatus = await lockProjectStatuses(
    tx,
    preview.offers.map((change) => change.project.id),
  );
  for (const change of preview.offers)
    await updateProject(tx, change.project.id, { offer: change.offer, offeredAt: now }, now);
  const offered = new Set(preview.offers.map((change) => change.project.id));
  await transitionAll(
    tx,
    projectKind,
    [...offered].filter((id) => projectStatus.get(id) === 'Certified').map((id) => ({ id, to: 'Offered' })),
    actor,
    entry,
  );
  const requirementStatus = await lockRequirementStatuses(
    tx,
    preview.bids.map((change) => change.requirement.id),
  );
  for (const change of preview.bids)
    await writeBid(tx, {
      requirementId: change.requirement.id,
      bid: change.bid,
      acceptOngoingOnly: change.acceptOngoingOnly,
      bidOngoingOnly: change.bidOngoingOnly,
      setBy: actor.id,
      now,
    });
  const bid = new Set(preview.bids.map((change) => change.requirement.id));
  await transitionAll(
    tx,
    requirementKind,
    [...bid].filter((id) => requirementStatus.get(id) === 'Registered').map((id) => ({ id, to: 'Bid' })),
    actor,
    entry,
  );
  return { offers: preview.offers.length, bids: preview.bids.length };
}
