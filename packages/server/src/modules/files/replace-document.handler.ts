import { documentKindLabel, type replaceDocumentAction } from '@curlew/domain';
import type { RecordActionHandler } from '../../platform/actions/types.ts';
import type { Transaction } from '../../platform/db/connect.ts';
import { validationError } from '../../platform/errors.ts';
import { documentTagOptions, replaceDocument, type StoredFileRow } from './files.repo.ts';
import { fileStorageFor } from './storage.ts';

/** How one entity kind's records hold documents, for the generic ReplaceDocument handler. */
interface DocumentOwnerConfig<Rec> {
  /** The owner type of its files (the entity's self-link kind). */
  ownerType: string;
  ownerId(record: Rec): string;
  /** The extensions a document of `tag` must keep (e.g. the signed authority to act stays a pdf); any when absent. */
  accept?(tag: string): readonly string[] | undefined;
  /** What the entity's own tables keep of the new version (e.g. the id of its current signed authority). */
  replaced?(tx: Transaction, record: Rec, tag: string, replacement: StoredFileRow, now: Date): Promise<void>;
}

/**
 * ReplaceDocument for any entity: offers the record's current documents, stores the new version (keeping the old
 * one in the history) and records the document, the files and the reason in the activity entry.
 */
export function replaceDocumentHandler<Rec, Rel extends string>(
  config: DocumentOwnerConfig<Rec>,
): RecordActionHandler<typeof replaceDocumentAction, Rec, Rel> {
  const owner = (record: Rec) => ({ ownerType: config.ownerType, ownerId: config.ownerId(record) });
  return {
    async load({ db, record }) {
      const options = await documentTagOptions(db, owner(record));
      // Each kind keeps the rules of its first upload, so the browser offers only files the server will take.
      const tag = options.map((option) => {
        const accept = config.accept?.(option.value);
        return accept === undefined ? option : { ...option, accept };
      });
      return { options: { tag } };
    },
    async handle({ deps, tx, record, actor, values, files, now, describe }) {
      const file = files.find((candidate) => candidate.fieldId === 'file');
      if (!file) throw validationError('file', 'Field required');
      const accept = config.accept?.(values.tag);
      const { replaced, replacement } = await replaceDocument(tx, fileStorageFor(deps), {
        ...owner(record),
        tag: values.tag,
        file,
        userId: actor.id,
        reason: values.reason,
        fieldPath: 'file',
        uploadedAt: now,
        ...(accept === undefined ? {} : { accept }),
      });
      await config.replaced?.(tx, record, values.tag, replacement, now);
      describe({
        document: { tag: values.tag, label: documentKindLabel(values.tag) },
        replaced: { id: replaced.id, filename: replaced.filename },
        replacement: { id: replacement.id, filename: replacement.filename },
        reason: values.reason,
      });
      return { message: `${replacement.filename} replaces ${replaced.filename}` };
    },
  };
}
