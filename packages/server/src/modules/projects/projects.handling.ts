import { DOCUMENT_UPLOAD_EXTENSIONS, PROJECT_FILE_FIELD_KINDS, type ProjectOutcome } from '@curlew/domain';
import type { Actor, HandlerContextBase, ReceivedFile } from '../../platform/actions/types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { validationError } from '../../platform/errors.ts';
import { saveUploadedFile } from '../files/files.repo.ts';
import { fileStorageFor } from '../files/storage.ts';
import type { ProjectRecord } from './projects.kind.ts';

type FileFieldId = keyof typeof PROJECT_FILE_FIELD_KINDS;

/** Stores the file of a project file field (tagged with its document kind), when one was sent. */
export async function storeProjectFile(
  context: Pick<HandlerContextBase<unknown>, 'tx' | 'files' | 'now'> & { deps: AppDeps; actor: Actor },
  projectId: string,
  fieldId: FileFieldId,
): Promise<void> {
  const file: ReceivedFile | undefined = context.files.find((candidate) => candidate.fieldId === fieldId);
  if (file === undefined) return;
  await saveUploadedFile(context.tx, fileStorageFor(context.deps), {
    ownerType: 'project',
    ownerId: projectId,
    tag: PROJECT_FILE_FIELD_KINDS[fieldId],
    file,
    userId: context.actor.id,
    accept: DOCUMENT_UPLOAD_EXTENSIONS,
    fieldPath: fieldId,
    uploadedAt: context.now,
  });
}

export const notAnOption = (path: string) => validationError(path, 'Not a valid option');

export const serviceLabel = (service: { type: string; habitatType: string | null }) =>
  service.type === 'Biodiversity'
    ? (service.habitatType ?? 'Biodiversity')
    : service.type === 'NutrientMitigationNitrogen'
      ? 'Nitrogen'
      : 'Phosphorous';

/** An outcome entry of the project (screening, review, verification, monitoring). */
export const outcome = (
  kind: ProjectOutcome['kind'],
  values: { outcome: ProjectOutcome['outcome']; date: string; comment: string | null | undefined },
  actor: Actor,
): ProjectOutcome => ({
  kind,
  outcome: values.outcome,
  date: values.date,
  comment: values.comment ?? null,
  by: actor.displayName,
});

export const withOutcome = (record: ProjectRecord, added: ProjectOutcome) => ({
  outcomes: [...record.outcomes, added],
});

/** A change that means the project is no longer as it was certified. */
export const edited = { changedSinceCertified: true } as const;
